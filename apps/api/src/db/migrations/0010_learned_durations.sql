-- The wait estimate learns how long visits really take from the shop's recent finished tickets:
-- newest first, per shop, only those done.
CREATE INDEX walkin_tickets_done_idx ON walkin_tickets (shop_id, completed_at DESC) WHERE status = 'done';
