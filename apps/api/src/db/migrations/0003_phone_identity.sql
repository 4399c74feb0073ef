-- Phone identity: customer phones are stored as E.164, read in the shop's country when typed
-- without a country code. The rows already stored are rewritten by this migration's data step
-- (0003_phone_identity.ts, run by migrate.ts in the same transaction right after this script).

-- ISO 3166-1 alpha-2; the settings screen offers the countries whose numbering is known.
ALTER TABLE shops ADD COLUMN country text NOT NULL DEFAULT 'US' CHECK (country ~ '^[A-Z]{2}$');

-- "Is this phone in line?" and "which tickets had this phone?" are equalities on (shop, phone),
-- whatever the status list. Customers are matched through customers_phone_unique (shop_id, phone).
CREATE INDEX walkin_tickets_shop_phone_idx ON walkin_tickets (shop_id, phone) WHERE phone IS NOT NULL;
