-- A barber's tickets. "Who is up", the in-service check before starting a visit and the rotation's
-- current-ticket lookups ask for a barber's called or in-service ticket: a partial index holds only
-- those (a handful per shop), so they do not scan the barber's whole history.
CREATE INDEX walkin_tickets_barber_active_idx ON walkin_tickets (barber_id, status)
  WHERE status IN ('called', 'in_service');
-- Turns per barber over a period (statistics) and removing a barber (ON DELETE SET NULL) find a
-- barber's tickets by barber and start time.
CREATE INDEX walkin_tickets_barber_started_idx ON walkin_tickets (barber_id, started_at)
  WHERE barber_id IS NOT NULL;
