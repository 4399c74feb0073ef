import type { AlertChannel, AlertMoment, PushSubscriptionInput } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

/** A ticket's alert choice as stored. */
export interface TurnAlertRow {
  ticket_id: number;
  channel: AlertChannel;
  moment: AlertMoment;
  email: string | null;
  push_endpoint: string | null;
  push_p256dh: string | null;
  push_auth: string | null;
}

const COLUMNS = 'ticket_id, channel, moment, email, push_endpoint, push_p256dh, push_auth';

export async function alertOf(sql: Sql, ticketId: number): Promise<TurnAlertRow | undefined> {
  return one<TurnAlertRow>(sql, `SELECT ${COLUMNS} FROM turn_alerts WHERE ticket_id = $1`, [ticketId]);
}

export interface AlertChoice {
  channel: AlertChannel;
  moment: AlertMoment;
  email: string | null;
  push: PushSubscriptionInput | null;
}

/** Sets (or replaces) the ticket's one choice. */
export async function saveAlert(sql: Sql, ticketId: number, choice: AlertChoice, now: Date): Promise<TurnAlertRow> {
  const row = await one<TurnAlertRow>(
    sql,
    `INSERT INTO turn_alerts (ticket_id, channel, moment, email, push_endpoint, push_p256dh, push_auth, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     ON CONFLICT (ticket_id) DO UPDATE SET channel = EXCLUDED.channel, moment = EXCLUDED.moment, email = EXCLUDED.email,
       push_endpoint = EXCLUDED.push_endpoint, push_p256dh = EXCLUDED.push_p256dh, push_auth = EXCLUDED.push_auth,
       updated_at = EXCLUDED.updated_at
     RETURNING ${COLUMNS}`,
    [
      ticketId,
      choice.channel,
      choice.moment,
      choice.email,
      choice.push?.endpoint ?? null,
      choice.push?.keys.p256dh ?? null,
      choice.push?.keys.auth ?? null,
      now,
    ],
  );
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function removeAlert(sql: Sql, ticketId: number): Promise<void> {
  await sql.query('DELETE FROM turn_alerts WHERE ticket_id = $1', [ticketId]);
}

/** A push subscription the push service says is gone: removed, unless the customer has since chosen another. */
export async function removePushSubscription(sql: Sql, ticketId: number, endpoint: string): Promise<void> {
  await sql.query(`DELETE FROM turn_alerts WHERE ticket_id = $1 AND channel = 'push' AND push_endpoint = $2`, [ticketId, endpoint]);
}

/** STOP from a phone: its text alerts on tickets still in line are turned off. Returns how many. */
export async function removeSmsAlertsOfPhone(sql: Sql, phone: string): Promise<number> {
  const rows = await sql.query<{ ticket_id: number }>(
    `DELETE FROM turn_alerts a USING walkin_tickets t
      WHERE a.ticket_id = t.id AND a.channel = 'sms' AND t.phone = $1 AND t.status IN ('waiting', 'called')
      RETURNING a.ticket_id`,
    [phone],
  );
  return rows.length;
}

/** What the trigger rules read of one ticket with alerts on, in one shop. */
export interface AlertedTicket {
  ticket_id: number;
  moment: AlertMoment;
  status: string;
  called_at: Date | null;
  cancelled_by: string | null;
}

/**
 * A shop-cancel alert is still owed for tickets cancelled within this window. Compared with the
 * database's clock, which stamped ended_at.
 */
const RECENTLY_ENDED = `t.ended_at >= now() - interval '1 hour'`;

const OWED_MAYBE = `(t.status IN ('waiting', 'called') OR (t.status = 'cancelled' AND t.cancelled_by = 'staff' AND ${RECENTLY_ENDED}))`;

/** The shop's tickets with alerts on that may need one: still in line, or cancelled by the shop within the hour. */
export async function alertedTicketsOfShop(sql: Sql, shopId: number): Promise<AlertedTicket[]> {
  return sql.query<AlertedTicket>(
    `SELECT a.ticket_id, a.moment, t.status, t.called_at, t.cancelled_by
       FROM turn_alerts a JOIN walkin_tickets t ON t.id = a.ticket_id
      WHERE t.shop_id = $1 AND ${OWED_MAYBE}
      ORDER BY a.ticket_id`,
    [shopId],
  );
}

/**
 * The same, with the shop found by its username in the same statement (queue events name the shop
 * by username, and most shops have no alert on: one statement answers "none" for them).
 */
export async function alertedTicketsOfShopNamed(sql: Sql, username: string): Promise<(AlertedTicket & { shop_id: number })[]> {
  return sql.query<AlertedTicket & { shop_id: number }>(
    `SELECT a.ticket_id, a.moment, t.status, t.called_at, t.cancelled_by, t.shop_id
       FROM shops s
       JOIN walkin_tickets t ON t.shop_id = s.id
       JOIN turn_alerts a ON a.ticket_id = t.id
      WHERE s.username = $1 AND ${OWED_MAYBE}
      ORDER BY a.ticket_id`,
    [username],
  );
}

/** Shops that have a ticket with alerts on (the periodic sweep). */
export async function shopsWithAlerts(sql: Sql): Promise<number[]> {
  const rows = await sql.query<{ shop_id: number }>(
    `SELECT DISTINCT t.shop_id FROM turn_alerts a JOIN walkin_tickets t ON t.id = a.ticket_id
      WHERE ${OWED_MAYBE}`,
  );
  return rows.map((r) => r.shop_id);
}

/** What a message about a ticket needs: the shop's name, the barber, the phone and the page's key. */
export interface AlertTicket {
  id: number;
  token: string;
  status: string;
  phone: string | null;
  shop_id: number;
  shop_name: string;
  shop_username: string;
  barber_name: string | null;
}

export async function alertTicket(sql: Sql, ticketId: number): Promise<AlertTicket | undefined> {
  return one<AlertTicket>(
    sql,
    `SELECT t.id, t.token, t.status, t.phone, t.shop_id, s.name AS shop_name, s.username AS shop_username, b.name AS barber_name
       FROM walkin_tickets t JOIN shops s ON s.id = t.shop_id LEFT JOIN barbers b ON b.id = t.barber_id
      WHERE t.id = $1`,
    [ticketId],
  );
}
