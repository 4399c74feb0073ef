import { ACTIVE_TICKET_STATUSES, normalizePhone } from '@chairline/shared';
import type { Sql } from '../database.js';

// The data step of 0003_phone_identity.sql: customer phones stored before phone identity (as typed,
// or as digits with an optional +) become E.164 in their shop's country. A phone that cannot be read
// stays as it was (never lose data). So does one whose E.164 form another row of the same unique
// scope already holds (two customers of one shop, or two active tickets, spelled differently):
// rewriting it would break the unique index and abort the migration; staff still see it as typed.

export interface PhoneRow {
  id: number;
  phone: string;
  country: string;
  /** Rows with the same scope must keep distinct phones (a unique index); null: no such rule. */
  scope: string | null;
}

export interface PhonePlan {
  updates: { id: number; phone: string }[];
  /** Ids left as they were because another row of their scope holds their E.164 form. */
  conflicts: number[];
}

/** Which rows get which E.164 value, keeping every scope's phones distinct. Pure. */
export function planPhoneUpdates(rows: readonly PhoneRow[]): PhonePlan {
  const target = new Map(rows.map((r) => [r.id, normalizePhone(r.phone, r.country)]));
  const key = (scope: string, phone: string) => `${scope}\n${phone}`;
  const taken = new Set<string>();
  // Rows that keep their phone hold it first: they are not moving, so nobody may take it.
  for (const r of rows) {
    const to = target.get(r.id);
    if (r.scope !== null && (to === null || to === r.phone)) taken.add(key(r.scope, r.phone));
  }
  const plan: PhonePlan = { updates: [], conflicts: [] };
  for (const r of [...rows].sort((a, b) => a.id - b.id)) {
    const to = target.get(r.id);
    if (!to || to === r.phone) continue;
    if (r.scope !== null) {
      if (taken.has(key(r.scope, to))) {
        plan.conflicts.push(r.id);
        continue;
      }
      taken.add(key(r.scope, to));
    }
    plan.updates.push({ id: r.id, phone: to });
  }
  return plan;
}

const BATCH = 500;

async function applyUpdates(tx: Sql, table: 'customers' | 'walkin_tickets', updates: PhonePlan['updates']): Promise<void> {
  for (let i = 0; i < updates.length; i += BATCH) {
    const batch = updates.slice(i, i + BATCH);
    await tx.query(
      `UPDATE ${table} AS x SET phone = u.phone FROM unnest($1::int[], $2::text[]) AS u(id, phone) WHERE x.id = u.id`,
      [batch.map((u) => u.id), batch.map((u) => u.phone)],
    );
  }
}

export interface PhoneMigrationSummary {
  customers: PhonePlan;
  tickets: PhonePlan;
}

/** Rewrites every stored customer phone (customers, walk-in tickets) to E.164. Runs in the migration's transaction. */
export async function phoneIdentityDataStep(tx: Sql): Promise<PhoneMigrationSummary> {
  const customerRows = await tx.query<PhoneRow>(
    `SELECT c.id, c.phone, s.country, c.shop_id::text AS scope
       FROM customers c JOIN shops s ON s.id = c.shop_id WHERE c.phone IS NOT NULL`,
  );
  // Only active tickets share a unique index (one place in line per phone); past ones have no rule.
  const ticketRows = await tx.query<PhoneRow>(
    `SELECT t.id, t.phone, s.country, CASE WHEN t.status = ANY($1::text[]) THEN t.shop_id::text END AS scope
       FROM walkin_tickets t JOIN shops s ON s.id = t.shop_id WHERE t.phone IS NOT NULL`,
    [ACTIVE_TICKET_STATUSES],
  );
  const summary = { customers: planPhoneUpdates(customerRows), tickets: planPhoneUpdates(ticketRows) };
  await applyUpdates(tx, 'customers', summary.customers.updates);
  await applyUpdates(tx, 'walkin_tickets', summary.tickets.updates);
  return summary;
}
