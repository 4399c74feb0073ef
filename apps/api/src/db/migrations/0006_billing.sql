-- Paid plans through Stripe: what the webhook needs to apply each event once and in any order,
-- what the billing screen shows without asking Stripe, and the shop's subscription history.

ALTER TABLE subscriptions
  -- The paid subscription ends at the close of its period instead of renewing.
  ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
  -- A one-time purchase gives access until this moment; NULL for recurring and free plans.
  ADD COLUMN access_ends_at timestamptz,
  -- When the first failed renewal made the subscription past_due; the grace period counts from it.
  ADD COLUMN past_due_since timestamptz,
  -- Stripe's own time of the newest subscription state applied (its event's `created`), so an
  -- older event arriving late never overwrites a newer state.
  ADD COLUMN provider_state_at timestamptz,
  -- The shop already had a trial on a paid plan: a second checkout gets no trial.
  ADD COLUMN had_paid_trial boolean NOT NULL DEFAULT false,
  -- The card the subscription charges, as Stripe summarises it (never the number).
  ADD COLUMN card_brand text,
  ADD COLUMN card_last4 text,
  ADD COLUMN card_exp_month integer,
  ADD COLUMN card_exp_year integer;

CREATE INDEX subscriptions_provider_customer_idx ON subscriptions (provider_customer_id);

-- Each Stripe event id is applied once: a redelivered event finds its id here and changes nothing.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  shop_id integer REFERENCES shops(id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- The subscription history: each row may now say which status it moved to and which Stripe event did it.
ALTER TABLE subscription_events
  ADD COLUMN status text,
  ADD COLUMN provider_event_id text;
