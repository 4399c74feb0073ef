import type { Customer, CustomerInput } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

interface CustomerRow {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  notes: string;
  created_at: Date;
  visits: number;
  total_spent_cents: number;
  last_visit: Date | null;
}

const toCustomer = (r: CustomerRow): Customer => ({
  id: r.id,
  name: r.name,
  phone: r.phone ?? '',
  email: r.email ?? '',
  notes: r.notes,
  created_at: r.created_at.toISOString(),
  visits: r.visits,
  total_spent: r.total_spent_cents / 100,
  last_visit: r.last_visit ? r.last_visit.toISOString() : null,
});

/** Customers with their visit count (served walk-ins and completed appointments) and spend (paid invoices). */
const SELECT_WITH_STATS = `
  SELECT c.id, c.shop_id, c.name, c.phone, c.email, c.notes, c.created_at,
         (coalesce(w.visits, 0) + coalesce(a.visits, 0))::int AS visits,
         coalesce(i.spent, 0)::int AS total_spent_cents,
         greatest(w.last_visit, a.last_visit) AS last_visit
    FROM customers c
    LEFT JOIN LATERAL (SELECT count(*) AS visits, max(completed_at) AS last_visit FROM walkin_tickets t
                        WHERE t.customer_id = c.id AND t.status = 'done') w ON true
    LEFT JOIN LATERAL (SELECT count(*) AS visits, max(starts_at) AS last_visit FROM appointments ap
                        WHERE ap.customer_id = c.id AND ap.status = 'completed') a ON true
    LEFT JOIN LATERAL (SELECT sum(amount_cents) AS spent FROM invoices iv
                        WHERE iv.customer_id = c.id AND iv.status = 'paid') i ON true`;

const ORDER_COLUMNS: Record<string, string> = {
  name: 'lower(name)',
  created_at: 'created_at',
  visits: 'visits',
  total_spent: 'total_spent_cents',
  last_visit: 'last_visit',
};

export interface CustomerQuery {
  page: number;
  pageSize: number;
  ordering?: string;
  search?: string;
  /** Search names only (a barber's search must not reveal who has a phone number or email). */
  searchNamesOnly?: boolean;
}

/**
 * A page of the shop's customers. `phoneDigits` (the search as phone digits, '' for none) also
 * matches phones and emails; without it only names are searched.
 */
export async function listCustomers(
  sql: Sql,
  shopId: number,
  q: CustomerQuery,
  phoneDigits: string | undefined,
): Promise<{ rows: Customer[]; total: number }> {
  const descending = q.ordering?.startsWith('-') ?? false;
  const column = ORDER_COLUMNS[q.ordering?.replace(/^-/, '') ?? 'name'] ?? 'lower(name)';
  const search = q.search ? `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const params: unknown[] = [shopId, search];
  let contact = '';
  if (phoneDigits !== undefined) {
    params.push(phoneDigits);
    contact = ` OR lower(coalesce(email, '')) LIKE $2 OR ($3 <> '' AND coalesce(phone, '') LIKE '%' || $3 || '%')`;
  }
  const where = `shop_id = $1 AND ($2::text IS NULL OR lower(name) LIKE $2${contact})`;
  const rows = await sql.query<CustomerRow>(
    `SELECT * FROM (${SELECT_WITH_STATS} WHERE c.shop_id = $1) s WHERE ${where}
      ORDER BY ${column} ${descending ? 'DESC NULLS LAST' : 'ASC NULLS LAST'}, id
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.pageSize, (q.page - 1) * q.pageSize],
  );
  const count = await one<{ total: number }>(sql, `SELECT count(*)::int AS total FROM customers WHERE ${where}`, params);
  return { rows: rows.map(toCustomer), total: count?.total ?? 0 };
}

export async function findCustomer(sql: Sql, shopId: number, id: number): Promise<Customer | null> {
  const row = await one<CustomerRow>(sql, `${SELECT_WITH_STATS} WHERE c.shop_id = $1 AND c.id = $2`, [shopId, id]);
  return row ? toCustomer(row) : null;
}

/** `phone` is the stored form (E.164), or null. */
export async function insertCustomer(sql: Sql, shopId: number, input: CustomerInput, phone: string | null): Promise<number> {
  const row = await one<{ id: number }>(
    sql,
    'INSERT INTO customers (shop_id, name, phone, email, notes) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [shopId, input.name, phone, input.email || null, input.notes],
  );
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** `phone` is the stored form (E.164), or null. False when the shop has no such customer. */
export async function updateCustomer(sql: Sql, shopId: number, id: number, input: CustomerInput, phone: string | null): Promise<boolean> {
  const rows = await sql.query(
    'UPDATE customers SET name = $3, phone = $4, email = $5, notes = $6 WHERE shop_id = $1 AND id = $2 RETURNING id',
    [shopId, id, input.name, phone, input.email || null, input.notes],
  );
  return rows.length > 0;
}

export async function deleteCustomer(sql: Sql, shopId: number, id: number): Promise<boolean> {
  const rows = await sql.query('DELETE FROM customers WHERE shop_id = $1 AND id = $2 RETURNING id', [shopId, id]);
  return rows.length > 0;
}

export async function customerHistory(sql: Sql, shopId: number, id: number) {
  const rows = await sql.query<{
    kind: 'walkin' | 'appointment' | 'invoice';
    id: number;
    date: Date;
    status: string;
    barber: string | null;
    amount_cents: number | null;
  }>(
    `SELECT 'walkin' AS kind, t.id, t.checked_in_at AS date, t.status, b.name AS barber, NULL::int AS amount_cents
       FROM walkin_tickets t LEFT JOIN barbers b ON b.id = t.barber_id
      WHERE t.shop_id = $1 AND t.customer_id = $2
     UNION ALL
     SELECT 'appointment', a.id, a.starts_at, a.status, b.name, NULL
       FROM appointments a LEFT JOIN barbers b ON b.id = a.barber_id
      WHERE a.shop_id = $1 AND a.customer_id = $2
     UNION ALL
     SELECT 'invoice', i.id, i.created_at, i.status, b.name, i.amount_cents
       FROM invoices i LEFT JOIN barbers b ON b.id = i.barber_id
      WHERE i.shop_id = $1 AND i.customer_id = $2
     ORDER BY date DESC LIMIT 200`,
    [shopId, id],
  );
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    date: r.date.toISOString(),
    status: r.status,
    barber: r.barber,
    amount: r.amount_cents === null ? null : r.amount_cents / 100,
  }));
}

/** A stored customer as the import compares it with the file. */
export interface ImportMatch {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  notes: string;
}

export function customersWithPhones(sql: Sql, shopId: number, phones: string[]): Promise<ImportMatch[]> {
  return sql.query<ImportMatch>('SELECT id, name, phone, email, notes FROM customers WHERE shop_id = $1 AND phone = ANY($2::text[])', [
    shopId,
    phones,
  ]);
}

/** For each lowercased email, the shop's oldest customer with it (`key` is the email). */
export function oldestCustomersWithEmails(sql: Sql, shopId: number, emails: string[]) {
  return sql.query<ImportMatch & { key: string }>(
    `SELECT DISTINCT ON (lower(email)) lower(email) AS key, id, name, phone, email, notes FROM customers
      WHERE shop_id = $1 AND lower(email) = ANY($2::text[]) ORDER BY lower(email), id`,
    [shopId, emails],
  );
}

/** For each lowercased name, the shop's oldest customer of that name with neither phone nor email. */
export function oldestContactlessCustomersNamed(sql: Sql, shopId: number, names: string[]) {
  return sql.query<ImportMatch & { key: string }>(
    `SELECT DISTINCT ON (lower(name)) lower(name) AS key, id, name, phone, email, notes FROM customers
      WHERE shop_id = $1 AND phone IS NULL AND coalesce(email, '') = '' AND lower(name) = ANY($2::text[])
      ORDER BY lower(name), id`,
    [shopId, names],
  );
}

/**
 * Inserts the customers in one statement. A customer who checks in with one of these phones
 * meanwhile is merged the same way (blanks filled) instead of failing on the unique phone.
 */
export async function insertImportedCustomers(
  tx: Sql,
  shopId: number,
  rows: readonly { name: string; phone: string | null; email: string | null; notes: string }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO customers (shop_id, name, phone, email, notes)
     SELECT $1, name, phone, email, notes FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS n(name, phone, email, notes)
     ON CONFLICT (shop_id, phone) WHERE phone IS NOT NULL DO UPDATE
       SET email = coalesce(nullif(customers.email, ''), excluded.email),
           notes = CASE WHEN customers.notes = '' THEN excluded.notes ELSE customers.notes END`,
    [shopId, rows.map((c) => c.name), rows.map((c) => c.phone), rows.map((c) => c.email), rows.map((c) => c.notes)],
  );
}

export async function updateImportedCustomers(
  tx: Sql,
  shopId: number,
  rows: readonly { id: number; name: string; email: string | null; notes: string }[],
): Promise<void> {
  await tx.query(
    `UPDATE customers c SET name = u.name, email = u.email, notes = u.notes
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS u(id, name, email, notes)
      WHERE c.shop_id = $1 AND c.id = u.id`,
    [shopId, rows.map((u) => u.id), rows.map((u) => u.name), rows.map((u) => u.email), rows.map((u) => u.notes)],
  );
}
