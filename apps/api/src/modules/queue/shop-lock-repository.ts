import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { GATE_FACT_COLUMNS, type GateFacts } from '../opening-hours/opening-hours-repository.js';
import { shopNamedBy } from '../usernames/usernames-repository.js';

/**
 * The one per-shop lock: every queue and rotation write (check-in, call-next, a ticket's status,
 * places, rotation order and statuses) and every team change that touches the rotation or the plan's
 * barber seats first locks the shop's row until its transaction ends, so one shop's writes happen one
 * at a time and concurrent check-ins get distinct places; different shops never wait for each other.
 * PGlite has one connection, so it only matters on PostgreSQL, where it is essential (docs/queue.md,
 * "Concurrency").
 */

export interface ShopRow {
  id: number;
  name: string;
  username: string;
  logo_path: string | null;
  bluetick: boolean;
  address: string;
  phone_number: string;
  timezone: string;
  /** ISO 3166-1 alpha-2: the region of customer phones typed without a country code. */
  country: string;
}

export const SHOP_COLUMNS = 'id, name, username, logo_path, bluetick, address, phone_number, timezone, country';

/**
 * Who makes this transaction's ticket changes, for the history trigger (queue/tickets/ticket-history-repository.ts,
 * `actAs`): given to a lock below, it is set in the same statement, one round trip fewer per write.
 */
export interface Actor {
  actor: 'staff' | 'customer';
  userId: number | null;
}

const ACTOR_FROM = `(SELECT set_config('chairline.actor', $2, true), set_config('chairline.actor_user_id', $3, true)) actor`;
const actorParams = (a: Actor) => [a.actor, a.userId === null ? '' : String(a.userId)];

/** The shop by its username (or a former one), locked. */
export async function lockShopByUsername(sql: Sql, username: string, as?: Actor): Promise<ShopRow | undefined> {
  const name = username.trim().toLowerCase();
  if (!as) return one<ShopRow>(sql, `SELECT ${SHOP_COLUMNS} FROM shops s WHERE ${shopNamedBy('s', '$1')} FOR UPDATE`, [name]);
  return one<ShopRow>(
    sql,
    `SELECT ${SHOP_COLUMNS} FROM shops s, ${ACTOR_FROM} WHERE ${shopNamedBy('s', '$1')} FOR UPDATE OF s`,
    [name, ...actorParams(as)],
  );
}

/**
 * The shop by its username (or a former one), locked, the actor set, with what decides whether a
 * customer may check in now (pause, hours, last call): read under the lock, so a pause that commits
 * while a check-in waits for the lock refuses it, and in the same statement, one round trip fewer.
 */
export async function lockShopForCheckIn(sql: Sql, username: string, as: Actor): Promise<(ShopRow & GateFacts) | undefined> {
  return one<ShopRow & GateFacts>(
    sql,
    `SELECT ${SHOP_COLUMNS}, ${GATE_FACT_COLUMNS} FROM shops s, ${ACTOR_FROM} WHERE ${shopNamedBy('s', '$1')} FOR UPDATE OF s`,
    [username.trim().toLowerCase(), ...actorParams(as)],
  );
}

/** The shop by its id, locked; with `as`, the actor of its ticket changes set in the same statement. */
export async function lockShopById(sql: Sql, id: number, as?: Actor): Promise<ShopRow | undefined> {
  if (!as) return one<ShopRow>(sql, `SELECT ${SHOP_COLUMNS} FROM shops WHERE id = $1 FOR UPDATE`, [id]);
  return one<ShopRow>(sql, `SELECT ${SHOP_COLUMNS} FROM shops s, ${ACTOR_FROM} WHERE s.id = $1 FOR UPDATE OF s`, [
    id,
    ...actorParams(as),
  ]);
}

/** The shop of a ticket token, row-locked, the actor set: a customer's write starts here. */
export async function lockShopOfToken(sql: Sql, token: string, as: Actor): Promise<ShopRow | undefined> {
  return one<ShopRow>(
    sql,
    `SELECT ${SHOP_COLUMNS} FROM shops s, ${ACTOR_FROM}
      WHERE s.id = (SELECT shop_id FROM walkin_tickets WHERE token = $1) FOR UPDATE OF s`,
    [token, ...actorParams(as)],
  );
}
