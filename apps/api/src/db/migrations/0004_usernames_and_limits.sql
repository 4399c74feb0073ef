-- A shop's former usernames stay reserved for it: printed QR codes and kiosk links keep reaching
-- the shop that printed them, and nobody else can claim the name. A shop that takes a former name
-- back removes it from here (it is its current name again).
CREATE TABLE shop_former_usernames (
  username text PRIMARY KEY,
  shop_id integer NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  retired_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shop_former_usernames_shop_idx ON shop_former_usernames (shop_id);

-- The time zone a shop's "today" and "this month" are computed in: its own when the database knows
-- it, else UTC. A zone stored before it was validated, or dropped by a newer time-zone database,
-- must never make a query fail (logins, check-ins and the public page all compute in it).
CREATE FUNCTION effective_time_zone(tz text) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM now() AT TIME ZONE tz;
  RETURN tz;
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN 'UTC';
END
$$;
