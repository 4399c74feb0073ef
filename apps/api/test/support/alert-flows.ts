import type { FastifyInstance } from 'fastify';
import { one } from '../../src/db/database.js';
import type { Database } from '../../src/db/database.js';
import { bearer, checkIn, type TestShop } from './factories.js';

/** Steps of the turn-alert tests, through the public and staff routes. */

export async function joinLine(app: FastifyInstance, shop: TestShop, body: { phone_number?: string; service_ids?: number[] } = {}) {
  const res = await checkIn(app, shop.username, body);
  if (res.statusCode !== 200) throw new Error(`check-in failed: ${res.body}`);
  return res.json<{ response: { token: string } }>().response.token;
}

export async function ticketId(db: Database, token: string): Promise<number> {
  const row = await one<{ id: number }>(db, 'SELECT id FROM walkin_tickets WHERE token = $1', [token]);
  if (!row) throw new Error('no such ticket');
  return row.id;
}

export async function chooseAlerts(app: FastifyInstance, token: string, payload: object) {
  const res = await app.inject({ method: 'PUT', url: `/api/check-in/${token}/alerts/`, payload });
  if (res.statusCode !== 200) throw new Error(`choosing alerts failed: ${res.body}`);
}

export async function customerCancels(app: FastifyInstance, token: string) {
  const res = await app.inject({ method: 'POST', url: `/api/check-in/${token}/cancel/` });
  if (res.statusCode !== 200) throw new Error(`cancel failed: ${res.body}`);
}

export async function staffActs(app: FastifyInstance, db: Database, shop: TestShop, token: string, action: 'call' | 'cancel') {
  const res = await app.inject({ method: 'POST', url: `/api/walkins/${await ticketId(db, token)}/${action}/`, headers: bearer(shop.admin) });
  if (res.statusCode !== 200) throw new Error(`${action} failed: ${res.body}`);
}

/** The body of a raw email (quoted-printable decoded, soft line breaks joined). */
export function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
