-- A ticket's expected minutes by the shop's set times, kept on the ticket, so reading the line needs
-- no subquery per ticket: `set_minutes` is the sum of its services' estimated_minutes, or the shop
-- default (DEFAULT_TICKET_MINUTES, 30) without a service; `set_services` is the list of
-- {id, minutes} the learned durations share a visit by. Triggers keep both right whenever a ticket's
-- services change (whatever writes them) and when a service's minutes are edited (for tickets still
-- in line or in a chair, the only ones whose set minutes are read).
ALTER TABLE walkin_tickets ADD COLUMN set_minutes integer NOT NULL DEFAULT 30;
ALTER TABLE walkin_tickets ADD COLUMN set_services jsonb NOT NULL DEFAULT '[]'::jsonb;

CREATE FUNCTION walkin_ticket_refresh_minutes(ticket integer) RETURNS void AS $$
  UPDATE walkin_tickets t
     SET set_minutes = coalesce(x.total, 30), set_services = coalesce(x.list, '[]'::jsonb)
    FROM (SELECT sum(s.estimated_minutes)::int AS total,
                 jsonb_agg(jsonb_build_object('id', s.id, 'minutes', s.estimated_minutes) ORDER BY s.id) AS list
            FROM walkin_ticket_services ts JOIN services s ON s.id = ts.service_id
           WHERE ts.ticket_id = ticket) x
   WHERE t.id = ticket;
$$ LANGUAGE sql;

CREATE FUNCTION walkin_ticket_services_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM walkin_ticket_refresh_minutes(NEW.ticket_id);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM walkin_ticket_refresh_minutes(OLD.ticket_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER walkin_ticket_services_minutes AFTER INSERT OR UPDATE OR DELETE ON walkin_ticket_services
  FOR EACH ROW EXECUTE FUNCTION walkin_ticket_services_changed();

CREATE FUNCTION services_minutes_changed() RETURNS trigger AS $$
BEGIN
  PERFORM walkin_ticket_refresh_minutes(ts.ticket_id)
     FROM walkin_ticket_services ts JOIN walkin_tickets t ON t.id = ts.ticket_id
    WHERE ts.service_id = NEW.id AND t.status IN ('waiting', 'called', 'in_service');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER services_minutes_to_tickets AFTER UPDATE OF estimated_minutes ON services
  FOR EACH ROW WHEN (NEW.estimated_minutes IS DISTINCT FROM OLD.estimated_minutes)
  EXECUTE FUNCTION services_minutes_changed();

-- Backfill every ticket that has services (the others keep the default).
UPDATE walkin_tickets t
   SET set_minutes = x.total, set_services = x.list
  FROM (SELECT ts.ticket_id, sum(s.estimated_minutes)::int AS total,
               jsonb_agg(jsonb_build_object('id', s.id, 'minutes', s.estimated_minutes) ORDER BY s.id) AS list
          FROM walkin_ticket_services ts JOIN services s ON s.id = ts.service_id
         GROUP BY ts.ticket_id) x
 WHERE t.id = x.ticket_id;

-- The waiting line in order of arrival (ticket id), with what a place and a wait need, so one
-- ticket's place is an index-only count and the people ahead of it are read from the index alone.
CREATE INDEX walkin_tickets_waiting_idx ON walkin_tickets (shop_id, id)
  INCLUDE (preferred_barber_id, set_minutes) WHERE status = 'waiting';
-- The same per chosen barber: a place for "barber X" counts those for X and those for anyone.
CREATE INDEX walkin_tickets_waiting_barber_idx ON walkin_tickets (shop_id, preferred_barber_id, id)
  WHERE status = 'waiting';
