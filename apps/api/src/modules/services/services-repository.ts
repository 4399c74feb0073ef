import { formatEstimatedTime, type Service, type ServiceInput } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

interface ServiceRow {
  id: number;
  name: string;
  description: string;
  estimated_minutes: number;
  price_cents: number;
  active: boolean;
}

const toService = (r: ServiceRow): Service => ({
  id: r.id,
  name: r.name,
  description: r.description,
  estimated_minutes: r.estimated_minutes,
  formatted_estimated_time: formatEstimatedTime(r.estimated_minutes),
  price: r.price_cents / 100,
  active: r.active,
});

export const toCents = (amount: number) => Math.round(amount * 100);

export async function listServices(sql: Sql, shopId: number, includeArchived: boolean): Promise<Service[]> {
  const rows = await sql.query<ServiceRow>(
    `SELECT * FROM services WHERE shop_id = $1 AND (active OR $2) ORDER BY active DESC, name, id`,
    [shopId, includeArchived],
  );
  return rows.map(toService);
}

export async function findService(sql: Sql, shopId: number, id: number): Promise<Service | null> {
  const row = await one<ServiceRow>(sql, 'SELECT * FROM services WHERE shop_id = $1 AND id = $2', [shopId, id]);
  return row ? toService(row) : null;
}

export async function insertService(sql: Sql, shopId: number, input: ServiceInput): Promise<Service> {
  const row = await one<ServiceRow>(
    sql,
    `INSERT INTO services (shop_id, name, description, estimated_minutes, price_cents)
     VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [shopId, input.name, input.description, input.estimated_minutes, toCents(input.price)],
  );
  if (!row) throw new Error('insert returned no row');
  return toService(row);
}

export async function updateService(sql: Sql, shopId: number, id: number, input: ServiceInput): Promise<Service | null> {
  const row = await one<ServiceRow>(
    sql,
    `UPDATE services SET name = $3, description = $4, estimated_minutes = $5, price_cents = $6, active = true
      WHERE shop_id = $1 AND id = $2 RETURNING *`,
    [shopId, id, input.name, input.description, input.estimated_minutes, toCents(input.price)],
  );
  return row ? toService(row) : null;
}

/** Archived, not erased: past tickets and invoices keep naming the service. */
export async function archiveService(sql: Sql, shopId: number, id: number): Promise<boolean> {
  const rows = await sql.query('UPDATE services SET active = false WHERE shop_id = $1 AND id = $2 RETURNING id', [shopId, id]);
  return rows.length > 0;
}

/** The ids among `ids` that are active services of the shop; used to refuse another shop's ids. */
export async function activeServiceIds(sql: Sql, shopId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await sql.query<{ id: number }>(
    'SELECT id FROM services WHERE shop_id = $1 AND active AND id = ANY($2::int[])',
    [shopId, ids],
  );
  return new Set(rows.map((r) => r.id));
}
