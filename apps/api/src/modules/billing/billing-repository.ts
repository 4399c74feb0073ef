import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import type { PlanRow } from '../plans/plans-repository.js';
import { walkinBarbersCountSql } from '../team/team-repository.js';
import type { SubscriptionFacts } from './subscription-state.js';

/** A plan as billing needs it (amounts in cents). */
export interface BillingPlan extends Omit<PlanRow, 'most_popular'> {
  code: string;
  is_free: boolean;
  active: boolean;
}

/** A shop's subscription row with its plan's name and price. */
export interface ShopSubscription extends SubscriptionChange {
  shop_id: number;
  plan_name: string;
  plan_is_free: boolean;
  price_cents: number;
  currency: string;
  billing_interval_unit: string;
  provider_customer_id: string | null;
}

const PLAN_COLUMNS = `id, code, name, price_cents, currency, barber_limit, total_check_ins, trial_period_days, one_time,
  one_time_duration, billing_interval_unit, billing_interval_count, discount::float8 AS discount, is_free, active`;

export const planById = (sql: Sql, id: number) => one<BillingPlan>(sql, `SELECT ${PLAN_COLUMNS} FROM plans WHERE id = $1`, [id]);
export const planByCode = (sql: Sql, code: string) => one<BillingPlan>(sql, `SELECT ${PLAN_COLUMNS} FROM plans WHERE code = $1`, [code]);

const SUBSCRIPTION_SELECT = `SELECT s.shop_id, s.plan_id, p.name AS plan_name, p.is_free AS plan_is_free, p.price_cents, p.currency,
       p.billing_interval_unit, s.status, s.trial_ends_at, s.current_period_end, s.access_ends_at, s.past_due_since,
       s.cancel_at_period_end, s.provider_customer_id, s.provider_subscription_id, s.provider_state_at, s.had_paid_trial,
       s.card_brand, s.card_last4, s.card_exp_month, s.card_exp_year
  FROM subscriptions s JOIN plans p ON p.id = s.plan_id`;

export const shopSubscription = (sql: Sql, shopId: number) =>
  one<ShopSubscription>(sql, `${SUBSCRIPTION_SELECT} WHERE s.shop_id = $1`, [shopId]);

/** The row locked for the rest of the transaction, so two webhooks for one shop apply one after the other. */
export const lockShopSubscription = (tx: Sql, shopId: number) =>
  one<ShopSubscription>(tx, `${SUBSCRIPTION_SELECT} WHERE s.shop_id = $1 FOR UPDATE OF s`, [shopId]);

/** The shop whose Stripe customer this is; a customer no shop owns names nothing. */
export async function shopIdForCustomer(sql: Sql, customerId: string): Promise<number | null> {
  const row = await one<{ shop_id: number }>(sql, 'SELECT shop_id FROM subscriptions WHERE provider_customer_id = $1', [customerId]);
  return row?.shop_id ?? null;
}

/** Keeps the first customer stored for the shop (two clicks racing create one customer each; one wins). */
export async function storeCustomer(sql: Sql, shopId: number, customerId: string): Promise<string> {
  const row = await one<{ provider_customer_id: string }>(
    sql,
    `UPDATE subscriptions SET provider_customer_id = coalesce(provider_customer_id, $2), updated_at = now()
      WHERE shop_id = $1 RETURNING provider_customer_id`,
    [shopId, customerId],
  );
  if (!row) throw new Error('The shop has no subscription row.');
  return row.provider_customer_id;
}

/** Records a Stripe event id; false when it was applied before (a redelivery). */
export async function claimEvent(tx: Sql, id: string, type: string, shopId: number | null): Promise<boolean> {
  const rows = await tx.query(
    'INSERT INTO stripe_events (id, type, shop_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id',
    [id, type, shopId],
  );
  return rows.length > 0;
}

export interface HistoryRow {
  shopId: number;
  planId: number | null;
  kind: string;
  status?: string | null;
  amountCents?: number | null;
  detail: string;
  eventId?: string | null;
}

/** One row of the shop's subscription history. */
export async function addHistory(tx: Sql, h: HistoryRow): Promise<void> {
  await tx.query(
    `INSERT INTO subscription_events (shop_id, plan_id, kind, status, amount_cents, detail, provider_event_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [h.shopId, h.planId, h.kind, h.status ?? null, h.amountCents ?? null, h.detail, h.eventId ?? null],
  );
}

/** The subscription as it should now be; written whole. */
export interface SubscriptionChange {
  plan_id: number;
  status: string;
  trial_ends_at: Date | null;
  current_period_end: Date | null;
  access_ends_at: Date | null;
  past_due_since: Date | null;
  cancel_at_period_end: boolean;
  provider_subscription_id: string | null;
  provider_state_at: Date | null;
  had_paid_trial: boolean;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
}

export async function writeSubscription(tx: Sql, shopId: number, c: SubscriptionChange): Promise<void> {
  await tx.query(
    `UPDATE subscriptions SET plan_id = $2, status = $3, trial_ends_at = $4, current_period_end = $5, access_ends_at = $6,
            past_due_since = $7, cancel_at_period_end = $8, provider_subscription_id = $9, provider_state_at = $10,
            had_paid_trial = $11, card_brand = $12, card_last4 = $13, card_exp_month = $14, card_exp_year = $15,
            updated_at = now()
      WHERE shop_id = $1`,
    [
      shopId,
      c.plan_id,
      c.status,
      c.trial_ends_at,
      c.current_period_end,
      c.access_ends_at,
      c.past_due_since,
      c.cancel_at_period_end,
      c.provider_subscription_id,
      c.provider_state_at,
      c.had_paid_trial,
      c.card_brand,
      c.card_last4,
      c.card_exp_month,
      c.card_exp_year,
    ],
  );
}

/** The people who take walk-ins, counted exactly as the plan's barber limit counts them. */
export async function barberCount(sql: Sql, shopId: number): Promise<number> {
  const row = await one<{ n: number }>(sql, `SELECT ${walkinBarbersCountSql('$1')} AS n`, [shopId]);
  return row?.n ?? 0;
}

const FACTS_SELECT = `SELECT sub.status, sub.trial_ends_at, sub.access_ends_at, sub.past_due_since, p.is_free
   FROM subscriptions sub JOIN plans p ON p.id = sub.plan_id`;

/** The facts of one shop's subscription, joined with its plan. */
export const subscriptionFacts = (sql: Sql, shopId: number) => one<SubscriptionFacts>(sql, `${FACTS_SELECT} WHERE sub.shop_id = $1`, [shopId]);

export const subscriptionFactsByUsername = (sql: Sql, username: string) =>
  one<SubscriptionFacts>(sql, `${FACTS_SELECT} JOIN shops s ON s.id = sub.shop_id WHERE s.username = $1`, [username]);

/** The shop's last 100 subscription events, newest first. */
export function subscriptionHistory(sql: Sql, shopId: number) {
  return sql.query<{ id: number; kind: string; plan_name: string | null; amount_cents: number | null; detail: string; created_at: Date }>(
    `SELECT e.id, e.kind, p.name AS plan_name, e.amount_cents, e.detail, e.created_at
       FROM subscription_events e LEFT JOIN plans p ON p.id = e.plan_id
      WHERE e.shop_id = $1 ORDER BY e.created_at DESC, e.id DESC LIMIT 100`,
    [shopId],
  );
}

/** The shop moves to the free BASIC PLAN, in force at once, and its history says so. */
export async function chooseBasicPlan(tx: Sql, shopId: number): Promise<void> {
  await tx.query(
    `UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'basic'), status = 'active',
            trial_ends_at = NULL, current_period_end = NULL, access_ends_at = NULL, past_due_since = NULL,
            cancel_at_period_end = false, updated_at = now()
      WHERE shop_id = $1`,
    [shopId],
  );
  await tx.query(
    `INSERT INTO subscription_events (shop_id, plan_id, kind, status, detail)
     VALUES ($1, (SELECT id FROM plans WHERE code = 'basic'), 'basic_plan_chosen', 'active', 'Continued with the free BASIC PLAN')`,
    [shopId],
  );
}

/** The shop's name and its owner's email, for the Stripe customer. */
export function shopBillingContact(sql: Sql, shopId: number) {
  return one<{ name: string; email: string | null }>(
    sql,
    `SELECT s.name, (SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id
                      WHERE m.shop_id = s.id AND m.is_owner LIMIT 1) AS email
       FROM shops s WHERE s.id = $1`,
    [shopId],
  );
}
