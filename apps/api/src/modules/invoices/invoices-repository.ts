import type { InvoiceListItem, InvoiceStatus } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { shopZoneSql } from '../../lib/shop-time-zone-repository.js';

interface InvoiceRow {
  id: number;
  client: string | null;
  service: string | null;
  amount_cents: number;
  status: InvoiceStatus;
  created_at: Date;
  customer_id: number | null;
  service_ids: number[] | null;
  description: string;
  barber_id: number | null;
  barber: string | null;
}

const toItem = (r: InvoiceRow): InvoiceListItem => ({
  id: r.id,
  client: r.client ?? '',
  service: r.service ?? '',
  amount: r.amount_cents / 100,
  status: r.status,
  created_at: r.created_at.toISOString(),
  customer_id: r.customer_id,
  service_ids: r.service_ids ?? [],
  description: r.description,
  barber_id: r.barber_id,
  barber: r.barber,
});

const SELECT = `
  SELECT i.id, c.name AS client, i.amount_cents, i.status, i.created_at, i.customer_id, i.description,
         i.barber_id, b.name AS barber,
         (SELECT string_agg(s.name, ', ' ORDER BY s.name) FROM invoice_services x JOIN services s ON s.id = x.service_id
           WHERE x.invoice_id = i.id) AS service,
         (SELECT array_agg(x.service_id ORDER BY x.service_id) FROM invoice_services x WHERE x.invoice_id = i.id) AS service_ids
    FROM invoices i
    LEFT JOIN customers c ON c.id = i.customer_id
    LEFT JOIN barbers b ON b.id = i.barber_id`;

export interface InvoiceFilter {
  barberId?: number;
  status?: InvoiceStatus;
  from?: string;
  to?: string;
}

/** Conditions over invoices `i` of shop $1; dates are the shop's local days, inclusive. */
function where(filter: InvoiceFilter, params: unknown[]): string {
  const parts = ['i.shop_id = $1'];
  const tz = shopZoneSql('$1');
  if (filter.barberId) parts.push(`i.barber_id = $${params.push(filter.barberId)}`);
  if (filter.status) parts.push(`i.status = $${params.push(filter.status)}`);
  if (filter.from) parts.push(`i.created_at >= ($${params.push(filter.from)}::date::timestamp AT TIME ZONE ${tz})`);
  if (filter.to) parts.push(`i.created_at < (($${params.push(filter.to)}::date + 1)::timestamp AT TIME ZONE ${tz})`);
  return parts.join(' AND ');
}

export async function listInvoices(sql: Sql, shopId: number, filter: InvoiceFilter, page: number, pageSize: number) {
  const params: unknown[] = [shopId];
  const condition = where(filter, params);
  const rows = await sql.query<InvoiceRow>(
    `${SELECT} WHERE ${condition} ORDER BY i.created_at DESC, i.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  const totals = await sql.query<{ count: number; amount: number; paid: number; unpaid: number }>(
    `SELECT count(*)::int AS count,
            coalesce(sum(amount_cents) FILTER (WHERE status <> 'void'), 0)::int AS amount,
            coalesce(sum(amount_cents) FILTER (WHERE status = 'paid'), 0)::int AS paid,
            coalesce(sum(amount_cents) FILTER (WHERE status = 'unpaid'), 0)::int AS unpaid
       FROM invoices i WHERE ${condition}`,
    params,
  );
  const t = totals[0] ?? { count: 0, amount: 0, paid: 0, unpaid: 0 };
  return {
    rows: rows.map(toItem),
    total: t.count,
    totals: { amount: t.amount / 100, paid: t.paid / 100, unpaid: t.unpaid / 100 },
  };
}

export async function findInvoice(sql: Sql, shopId: number, id: number): Promise<InvoiceListItem | null> {
  const rows = await sql.query<InvoiceRow>(`${SELECT} WHERE i.shop_id = $1 AND i.id = $2`, [shopId, id]);
  return rows[0] ? toItem(rows[0]) : null;
}

/** The barber record of a membership (a shop user's own), or null. */
export async function ownBarberId(sql: Sql, membershipId: number): Promise<number | null> {
  const row = await one<{ id: number }>(sql, 'SELECT id FROM barbers WHERE membership_id = $1', [membershipId]);
  return row?.id ?? null;
}

export async function customerExists(sql: Sql, shopId: number, customerId: number): Promise<boolean> {
  return (await one(sql, 'SELECT 1 FROM customers WHERE shop_id = $1 AND id = $2', [shopId, customerId])) !== undefined;
}

export async function activeBarberExists(sql: Sql, shopId: number, barberId: number): Promise<boolean> {
  return (await one(sql, 'SELECT 1 FROM barbers WHERE shop_id = $1 AND id = $2 AND archived_at IS NULL', [shopId, barberId])) !== undefined;
}

/** The walk-in to invoice, locked so two invoices for it cannot race. */
export function lockTicketForInvoice(tx: Sql, shopId: number, ticketId: number) {
  return one<{ status: string; barber_id: number | null }>(
    tx,
    'SELECT status, barber_id FROM walkin_tickets WHERE shop_id = $1 AND id = $2 FOR UPDATE',
    [shopId, ticketId],
  );
}

export async function ticketHasInvoice(tx: Sql, ticketId: number): Promise<boolean> {
  return (await one(tx, "SELECT 1 FROM invoices WHERE walkin_ticket_id = $1 AND status <> 'void'", [ticketId])) !== undefined;
}

export interface InvoiceInsert {
  shopId: number;
  barberId: number | null;
  customerId: number;
  ticketId: number | null;
  amountCents: number;
  description: string;
  serviceIds: number[];
}

/** The invoice and its services, each at the shop's current price. */
export async function insertInvoice(tx: Sql, i: InvoiceInsert): Promise<number> {
  const invoice = await one<{ id: number }>(
    tx,
    `INSERT INTO invoices (shop_id, barber_id, customer_id, walkin_ticket_id, amount_cents, description)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [i.shopId, i.barberId, i.customerId, i.ticketId, i.amountCents, i.description],
  );
  if (!invoice) throw new Error('insert returned no row');
  await tx.query(
    `INSERT INTO invoice_services (invoice_id, service_id, price_cents)
     SELECT $1, s.id, s.price_cents FROM services s WHERE s.shop_id = $2 AND s.id = ANY($3::int[])`,
    [invoice.id, i.shopId, i.serviceIds],
  );
  return invoice.id;
}

export async function lockInvoiceStatus(tx: Sql, shopId: number, id: number): Promise<InvoiceStatus | undefined> {
  const row = await one<{ status: InvoiceStatus }>(tx, 'SELECT status FROM invoices WHERE shop_id = $1 AND id = $2 FOR UPDATE', [shopId, id]);
  return row?.status;
}

export async function setInvoiceStatus(tx: Sql, shopId: number, id: number, to: InvoiceStatus): Promise<void> {
  await tx.query('UPDATE invoices SET status = $3 WHERE shop_id = $1 AND id = $2', [shopId, id, to]);
}
