-- A new shop's setup checklist: the steps that leave no other trace in the shop's data, and whether
-- the owner hid the checklist once every step was done. One row per shop, made on first use.
CREATE TABLE shop_getting_started (
  shop_id integer PRIMARY KEY REFERENCES shops(id) ON DELETE CASCADE,
  poster_printed_at timestamptz,
  works_alone boolean NOT NULL DEFAULT false,
  dismissed_at timestamptz
);
