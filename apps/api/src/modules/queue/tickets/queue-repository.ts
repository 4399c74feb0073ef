import {
  ACTIVE_TICKET_STATUSES,
  DEFAULT_CHECK_IN_LIMIT,
  UNLIMITED,
  type BarberStatus,
  type TicketSource,
  type TicketStatus,
} from '@chairline/shared';
import type { Sql } from '../../../db/database.js';
import { one } from '../../../db/database.js';
import { estimateWaits, learnDurations, LEARNING, type SimService, type Simulation } from './eta.js';
import { noPlaceCounts, placeAtTheBack } from './place-rule.js';
import { effectiveZoneOf } from '../../../lib/shop-time-zone.js';
import { shopNamedBy } from '../../usernames/usernames-repository.js';

/** Reads of the live queue of one shop: its barbers and its active tickets. */

export interface QueueBarber {
  id: number;
  name: string;
  email: string;
  phone_number: string;
  profile_pic: string | null;
  booking_url: string;
  position: number | null;
  status: BarberStatus;
  in_rotation: boolean;
}

export interface ActiveTicket {
  id: number;
  token: string;
  party_name: string;
  status: TicketStatus;
  preferred_barber_id: number | null;
  barber_id: number | null;
  started_at: Date | null;
  minutes: number;
  /** The chosen services with their set minutes. */
  services: SimService[];
}

export interface QueueSnapshot {
  barbers: QueueBarber[];
  tickets: ActiveTicket[];
  simulation: Simulation;
  /** 1-based place of each waiting ticket (docs/queue.md). */
  places: Map<number, number>;
  /** The shop read (absent from the empty snapshot of an unknown shop). */
  shop?: { id: number; username: string };
  /** Waiting tickets in the whole line (the snapshot may hold only its first part). */
  waitingCount: number;
  /** Sums over the whole waiting line, to tell a kept copy of it from a changed line (`lineSums`); absent when not read. */
  waitingSums?: LineSums;
}

/**
 * Sums over a waiting line that change when a customer joins or leaves it, when a customer's chosen
 * barber is dropped (they wait for anyone) and when the set minutes of their services change: a
 * copy of the line kept in memory whose sums differ from the database's is out of date. Worked out
 * from the waiting line's index alone.
 */
export interface LineSums {
  count: number;
  preferredBarbers: number;
  minutes: number;
}

export const lineSums = (waiting: readonly Pick<ActiveTicket, 'preferred_barber_id' | 'minutes'>[]): LineSums => ({
  count: waiting.length,
  preferredBarbers: waiting.reduce((sum, t) => sum + (t.preferred_barber_id ?? 0), 0),
  minutes: waiting.reduce((sum, t) => sum + t.minutes, 0),
});

export const sameSums = (a: LineSums, b: LineSums) =>
  a.count === b.count && a.preferredBarbers === b.preferredBarbers && a.minutes === b.minutes;

/**
 * A ticket's services with their set minutes, as a JSON list (finished visits; tickets still active
 * carry theirs in `set_services`, kept by triggers of migration 0015).
 */
const TICKET_SERVICES_SQL = `coalesce((SELECT json_agg(json_build_object('id', s.id, 'minutes', s.estimated_minutes) ORDER BY s.id)
  FROM walkin_ticket_services ts JOIN services s ON s.id = ts.service_id WHERE ts.ticket_id = t.id), '[]'::json)`;

/** Each waiting ticket's place by its id (the rule is in place-rule.ts). */
export function placesOf(tickets: readonly ActiveTicket[]): Map<number, number> {
  const waiting = tickets.filter((t) => t.status === 'waiting').sort((a, b) => a.id - b.id);
  const counts = noPlaceCounts();
  return new Map(waiting.map((t) => [t.id, placeAtTheBack(counts, t.preferred_barber_id)]));
}

type JsonTicket = Omit<ActiveTicket, 'started_at'> & { started_at: string | null; services: SimService[] };
type JsonBarber = QueueBarber & { appointment_ends_at: string | null };
interface JsonVisit {
  barber_id: number;
  completed_at: string;
  minutes: number;
  services: SimService[];
}
/**
 * How much of the waiting line a snapshot reads (the barbers and the customers called or in a chair
 * are always read): up to and including one ticket, the first `count` waiting, or (empty) all of it.
 * Waits in the part read are exact: a customer's wait depends only on those who arrived before.
 */
export interface LinePrefix {
  ticket?: number;
  count?: number;
  /**
   * What is read of the whole line besides: its count (the default), its count and sums (a head read
   * checking a kept copy), or nothing (a head read trusting it).
   */
  totals?: 'count' | 'sums' | 'none';
}

interface SnapshotRow {
  shop_id: number;
  /** Null when not read; the sums only when asked (`LinePrefix.totals`). */
  waiting: { count: number; preferred_barbers?: number; minutes?: number } | null;
  shop_username: string;
  barbers: JsonBarber[] | null;
  tickets: JsonTicket[] | null;
  history: JsonVisit[] | null;
}

/** Completed visits read for learning durations: the newest, at most this many. */
const HISTORY_LIMIT = 400;

/**
 * The finished visits change only when a ticket is completed, and reading them is most of the cost of
 * a snapshot on the embedded database, so public reads keep them for a minute per shop. Every queue
 * write of this process reads them afresh and drops the kept copy; another process's completions
 * show in the estimate within HISTORY_TTL_MS.
 */
const HISTORY_TTL_MS = 60_000;
const HISTORY_CACHE_MAX = 1000;
interface KeptHistory {
  shopId: number;
  visits: JsonVisit[];
  keptAt: number;
}
const keptHistory = new Map<string, KeptHistory>();

/** Drops the shop's kept finished visits: every queue write of this process calls it. */
export function forgetHistory(shopId: number) {
  for (const [key, kept] of keptHistory) if (kept.shopId === shopId) keptHistory.delete(key);
}

function keepHistory(key: string, kept: KeptHistory) {
  keptHistory.delete(key);
  if (keptHistory.size >= HISTORY_CACHE_MAX) {
    const oldest = keptHistory.keys().next();
    if (!oldest.done) keptHistory.delete(oldest.value);
  }
  keptHistory.set(key, kept);
}

/**
 * The shop's barbers, active tickets and recent finished visits in one statement (each statement has
 * a fixed cost, large on the embedded database), found by the shop's id or username. The history is
 * read only when someone is in line or in a chair (otherwise no duration matters), newest first,
 * served by `walkin_tickets_done_idx`.
 */
async function snapshotRow(
  sql: Sql,
  by: 'id' | 'username',
  key: number | string,
  now: Date,
  withHistory: boolean,
  upTo: LinePrefix,
): Promise<SnapshotRow | undefined> {
  return one<SnapshotRow>(
    sql,
    `SELECT s.id AS shop_id, s.username AS shop_username,
            (SELECT json_agg(b ORDER BY b.position NULLS LAST, b.id)
               FROM (SELECT id, name, email, phone_number, profile_pic, booking_url, position, status, in_rotation,
                            (SELECT max(ap.ends_at) FROM appointments ap
                              WHERE ap.shop_id = s.id AND ap.barber_id = barbers.id AND ap.status = 'booked'
                                AND ap.starts_at <= $3::timestamptz AND ap.ends_at > $3::timestamptz) AS appointment_ends_at
                       FROM barbers WHERE shop_id = s.id AND archived_at IS NULL) b) AS barbers,
            (SELECT json_agg(a ORDER BY a.id)
               FROM (SELECT t.id, t.token, t.party_name, t.status, t.preferred_barber_id, t.barber_id, t.started_at,
                            t.set_minutes AS minutes, t.set_services AS services
                       FROM walkin_tickets t
                      WHERE t.shop_id = s.id AND t.status IN ('called', 'in_service')
                     UNION ALL
                     (SELECT t.id, t.token, t.party_name, t.status, t.preferred_barber_id, t.barber_id, t.started_at,
                             t.set_minutes AS minutes, t.set_services AS services
                        FROM walkin_tickets t
                       WHERE t.shop_id = s.id AND t.status = 'waiting' AND ($5::int IS NULL OR t.id <= $5::int)
                       ORDER BY t.id LIMIT $6::int)) a) AS tickets,
            CASE $7::text
              WHEN 'count' THEN
                (SELECT json_build_object('count', count(*)) FROM walkin_tickets t WHERE t.shop_id = s.id AND t.status = 'waiting')
              WHEN 'sums' THEN
                (SELECT json_build_object('count', count(*), 'preferred_barbers', coalesce(sum(t.preferred_barber_id), 0),
                                          'minutes', coalesce(sum(t.set_minutes), 0))
                   FROM walkin_tickets t WHERE t.shop_id = s.id AND t.status = 'waiting')
            END AS waiting,
            (SELECT json_agg(v)
               FROM (SELECT t.barber_id, t.completed_at,
                            extract(epoch FROM (t.completed_at - t.started_at)) / 60 AS minutes,
                            ${TICKET_SERVICES_SQL} AS services
                       FROM walkin_tickets t
                      WHERE $4::boolean AND t.shop_id = s.id AND t.status = 'done'
                        AND t.completed_at > $3::timestamptz - interval '${LEARNING.maxAgeDays} days'
                        AND t.completed_at <= $3::timestamptz
                        AND t.started_at IS NOT NULL AND t.barber_id IS NOT NULL
                        AND EXISTS (SELECT 1 FROM walkin_tickets q WHERE q.shop_id = s.id AND q.status = ANY($2::text[]))
                      ORDER BY t.completed_at DESC LIMIT ${HISTORY_LIMIT}) v) AS history
       FROM shops s WHERE ${by === 'id' ? 's.id = $1' : shopNamedBy('s', '$1')}`,
    [key, ACTIVE_TICKET_STATUSES, now.toISOString(), withHistory, upTo.ticket ?? null, upTo.count ?? null, upTo.totals ?? 'count'],
  );
}

/**
 * One snapshot read. `cached` (public and staff reads): the shop's finished visits may come from the
 * copy kept for a minute. Otherwise (inside a queue write) they are read afresh and the kept copy is
 * dropped.
 */
async function loadSnapshot(
  sql: Sql,
  by: 'id' | 'username',
  key: number | string,
  now: Date,
  cached: boolean,
  upTo: LinePrefix = {},
  own?: Pick<TicketRow, 'id' | 'preferred_barber_id' | 'set_minutes' | 'set_services'>,
) {
  const cacheKey = `${by}:${key}`;
  const kept = cached ? keptHistory.get(cacheKey) : undefined;
  const fresh = kept && performance.now() - kept.keptAt < HISTORY_TTL_MS ? kept : undefined;
  const row = await snapshotRow(sql, by, key, now, !fresh, upTo);
  if (!row) return undefined;
  const visits = fresh ? fresh.visits : (row.history ?? []);
  if (!cached) forgetHistory(row.shop_id);
  // The history is read only while someone is in line or in a chair: an empty read is not kept.
  else if (!fresh && ((row.tickets?.length ?? 0) > 0 || (row.waiting?.count ?? 0) > 0)) keepHistory(cacheKey, { shopId: row.shop_id, visits, keptAt: performance.now() });
  // The ticket read under the shop lock, when its wait is worked out after the commit and another
  // write has since taken it out of the line: its wait is still the one at the time of that read.
  if (own && !(row.tickets ?? []).some((t) => t.id === own.id)) {
    const mine: JsonTicket = {
      id: own.id,
      token: '',
      party_name: '',
      status: 'waiting',
      preferred_barber_id: own.preferred_barber_id,
      barber_id: null,
      started_at: null,
      minutes: own.set_minutes,
      services: own.set_services,
    };
    row.tickets = [...(row.tickets ?? []), mine];
  }
  return toSnapshot(row, now, visits);
}

/** Places and the wait estimate over a shop's barbers, active tickets and learned durations. */
function toSnapshot(row: SnapshotRow, now: Date, history: readonly JsonVisit[]): QueueSnapshot {
  const barbers = row.barbers ?? [];
  const tickets: ActiveTicket[] = (row.tickets ?? []).map((t) => ({
    ...t,
    started_at: t.started_at ? new Date(t.started_at) : null,
  }));
  const durations = learnDurations(
    history.map((v) => ({
      barberId: v.barber_id,
      completedAt: new Date(v.completed_at),
      minutes: Number(v.minutes),
      services: v.services,
    })),
    now,
  );
  const simulation = estimateWaits({
    barbers: barbers.map((b) => ({
      id: b.id,
      position: b.in_rotation ? b.position : null,
      status: b.status,
      appointmentEndsAt: b.appointment_ends_at ? new Date(b.appointment_ends_at) : null,
    })),
    tickets: tickets.map((t) => ({
      id: t.id,
      status: t.status,
      preferredBarberId: t.preferred_barber_id,
      barberId: t.barber_id,
      minutes: t.minutes,
      startedAt: t.started_at,
      services: t.services,
    })),
    now,
    durations,
  });
  return { barbers, tickets, simulation, places: placesOf(tickets),
    shop: { id: row.shop_id, username: row.shop_username },
    waitingCount: row.waiting?.count ?? 0,
    ...(row.waiting?.minutes !== undefined && {
      waitingSums: { count: row.waiting.count, preferredBarbers: Number(row.waiting.preferred_barbers), minutes: Number(row.waiting.minutes) },
    }),
  };
}

/**
 * The live queue of a shop; `now` is the app's clock (tests pin it). Queue writes call it without
 * `cached`; reads that only show the queue pass `{ cached: true }`.
 */
export async function queueSnapshot(sql: Sql, shopId: number, now: Date, options: { cached?: boolean } = {}): Promise<QueueSnapshot> {
  const snapshot = await loadSnapshot(sql, 'id', shopId, now, options.cached ?? false);
  return (
    snapshot ?? {
      barbers: [],
      tickets: [],
      simulation: estimateWaits({ barbers: [], tickets: [], now }),
      places: new Map(),
      waitingCount: 0,
      waitingSums: lineSums([]),
    }
  );
}

/** The same by the shop's username (public pages, a cached read): undefined for an unknown shop. */
export async function queueSnapshotOf(
  sql: Sql,
  username: string,
  now: Date,
  upTo: LinePrefix = {},
): Promise<QueueSnapshot | undefined> {
  return loadSnapshot(sql, 'username', username.trim().toLowerCase(), now, true, upTo);
}

/**
 * The head of the live queue alone: barbers, customers called or in a chair, learned durations, and
 * (`withTotals`) the waiting line's count and sums, but none of its customers. Its simulation ends
 * where the first waiting customer would be seated. Undefined for an unknown shop.
 */
export function queueHead(sql: Sql, shopId: number, now: Date, options: { withTotals: boolean }): Promise<QueueSnapshot | undefined> {
  return loadSnapshot(sql, 'id', shopId, now, true, { count: 0, totals: options.withTotals ? 'sums' : 'none' });
}

/**
 * Minutes until one ticket is expected in the chair (null: no barber can take it; undefined: it is
 * not waiting). A waiting customer's wait depends only on the barbers, the customers in a chair or
 * called, and the customers who arrived before them (the simulation hands out barbers in order of
 * arrival), so only those are read: the line behind the ticket is never loaded. Reads the shop's
 * finished visits afresh unless `cached` (as queueSnapshot does).
 */
export async function waitOfTicket(
  sql: Sql,
  ticket: Pick<TicketRow, 'id' | 'shop_id' | 'status' | 'preferred_barber_id' | 'set_minutes' | 'set_services'>,
  now: Date,
  options: { cached?: boolean } = {},
): Promise<number | null | undefined> {
  if (ticket.status !== 'waiting') return undefined;
  const prefix = await loadSnapshot(sql, 'id', ticket.shop_id, now, options.cached ?? false, { ticket: ticket.id }, ticket);
  return prefix?.simulation.ticketWait.get(ticket.id);
}

/** Waiting customers a barber could take: those who chose them or anyone. */
export function waitingCountFor(snapshot: QueueSnapshot, barberId: number): number {
  return snapshot.tickets.filter(
    (t) => t.status === 'waiting' && (t.preferred_barber_id === null || t.preferred_barber_id === barberId),
  ).length;
}

// ---------- whole tickets ----------

export interface TicketRow {
  id: number;
  shop_id: number;
  shop_username: string;
  token: string;
  party_name: string;
  phone: string | null;
  status: TicketStatus;
  source: TicketSource;
  preferred_barber_id: number | null;
  preferred_barber_name: string | null;
  barber_id: number | null;
  barber_name: string | null;
  customer_id: number | null;
  services: { id: number; name: string; estimated_minutes: number }[];
  checked_in_at: Date;
  called_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  ended_at: Date | null;
  /** The shop's effective time zone (UTC when the saved one is not recognised). */
  shop_time_zone: string;
  /** The sum of the ticket's services' current prices, in cents. */
  services_total_cents: number;
  /** Expected minutes by the set times and the services they come from (kept by migration 0015's triggers). */
  set_minutes: number;
  set_services: SimService[];
  /** 1-based place in line of a waiting ticket (docs/queue.md), counted in the same read; null otherwise. */
  place: number | null;
}

const TICKET_PLACE = `CASE WHEN t.status = 'waiting' THEN
           (SELECT count(*)::int + 1 FROM walkin_tickets w
             WHERE w.shop_id = t.shop_id AND w.status = 'waiting' AND w.id < t.id
               AND (t.preferred_barber_id IS NULL OR w.preferred_barber_id IS NULL
                    OR w.preferred_barber_id = t.preferred_barber_id)) END AS place`;

/** A ticket with everything shown of it, its place counted in the same read. */
export const SELECT_TICKET = `
  SELECT t.id, t.shop_id, sh.username AS shop_username, t.token, t.party_name, t.phone, t.status, t.source,
         t.preferred_barber_id, pb.name AS preferred_barber_name, t.barber_id, bb.name AS barber_name,
         t.customer_id, t.checked_in_at, t.called_at, t.started_at, t.completed_at, t.ended_at,
         coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'estimated_minutes', s.estimated_minutes)
                                   ORDER BY s.name, s.id)
                     FROM walkin_ticket_services ts JOIN services s ON s.id = ts.service_id
                    WHERE ts.ticket_id = t.id), '[]'::json) AS services,
         effective_time_zone(sh.timezone) AS shop_time_zone,
         (SELECT coalesce(sum(s.price_cents), 0)::int
            FROM walkin_ticket_services ts JOIN services s ON s.id = ts.service_id
           WHERE ts.ticket_id = t.id) AS services_total_cents,
         t.set_minutes, t.set_services,
         ${TICKET_PLACE}
    FROM walkin_tickets t
    JOIN shops sh ON sh.id = t.shop_id
    LEFT JOIN barbers pb ON pb.id = t.preferred_barber_id
    LEFT JOIN barbers bb ON bb.id = t.barber_id`;

/** The same without the place (null): a read whose place comes from a kept copy of the line. */
const SELECT_TICKET_WITHOUT_PLACE = SELECT_TICKET.replace(TICKET_PLACE, 'NULL::int AS place');

export async function ticketById(sql: Sql, shopId: number, id: number, lock = false): Promise<TicketRow | undefined> {
  return one<TicketRow>(sql, `${SELECT_TICKET} WHERE t.shop_id = $1 AND t.id = $2${lock ? ' FOR UPDATE OF t' : ''}`, [
    shopId,
    id,
  ]);
}

export async function ticketByToken(sql: Sql, token: string, lock = false): Promise<TicketRow | undefined> {
  return one<TicketRow>(sql, `${SELECT_TICKET} WHERE t.token = $1${lock ? ' FOR UPDATE OF t' : ''}`, [token]);
}

/**
 * A ticket by its token, its place left null: one indexed row, whatever the length of the line
 * (`lock`: the row locked, for a write that needs no place).
 */
export async function ticketByTokenWithoutPlace(sql: Sql, token: string, lock = false): Promise<TicketRow | undefined> {
  return one<TicketRow>(sql, `${SELECT_TICKET_WITHOUT_PLACE} WHERE t.token = $1${lock ? ' FOR UPDATE OF t' : ''}`, [token]);
}

/** The active ticket of this phone (E.164, customerPhone) in the shop: an indexed equality. */
export async function activeTicketForPhone(sql: Sql, shopId: number, phone: string): Promise<TicketRow | undefined> {
  return one<TicketRow>(sql, `${SELECT_TICKET} WHERE t.shop_id = $1 AND t.phone = $2 AND t.status = ANY($3::text[])`, [
    shopId,
    phone,
    ACTIVE_TICKET_STATUSES,
  ]);
}

export interface NewTicket {
  shopId: number;
  partyName: string;
  /** E.164 (customerPhone): the ticket is the shop's customer with this phone, made on first visit. */
  phone: string | null;
  preferredBarberId: number | null;
  serviceIds: readonly number[];
  source: TicketSource;
  createdByUserId: number | null;
  token: string;
}

/**
 * Inserts a waiting ticket; call with the shop locked, so ids follow the order of arrival. The
 * customer with the ticket's phone (made on first visit, so the back office sees walk-ins), the
 * ticket and its services are written in one statement (each statement is a round trip inside the
 * shop lock); the services' trigger then stores the ticket's minutes. An existing customer keeps
 * their name. `beforeId` is the newest waiting ticket ahead of the new one (the statement reads the
 * table as it was before its own insert).
 */
export async function insertTicket(sql: Sql, t: NewTicket): Promise<{ id: number; beforeId: number | null }> {
  const row = await one<{ id: number; customer_id: number | null; before_id: number | null }>(
    sql,
    `WITH found AS (
       SELECT id FROM customers WHERE $4::text IS NOT NULL AND shop_id = $1 AND phone = $4::text),
     made AS (
       INSERT INTO customers (shop_id, name, phone)
       SELECT $1, $3, $4::text WHERE $4::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM found)
       ON CONFLICT (shop_id, phone) WHERE phone IS NOT NULL DO NOTHING RETURNING id),
     ticket AS (
       INSERT INTO walkin_tickets (shop_id, token, customer_id, party_name, phone, preferred_barber_id, status, source,
                                   checked_in_at, created_by_user_id)
       VALUES ($1, $2, (SELECT id FROM found UNION ALL SELECT id FROM made LIMIT 1), $3, $4, $5, 'waiting', $6,
               clock_timestamp(), $7)
       RETURNING id, customer_id),
     chosen AS (
       INSERT INTO walkin_ticket_services (ticket_id, service_id)
       SELECT ticket.id, unnest($8::int[]) FROM ticket ON CONFLICT DO NOTHING)
     SELECT id, customer_id,
            (SELECT max(w.id) FROM walkin_tickets w WHERE w.shop_id = $1 AND w.status = 'waiting') AS before_id
       FROM ticket`,
    [t.shopId, t.token, t.partyName, t.phone, t.preferredBarberId, t.source, t.createdByUserId, t.serviceIds],
  );
  if (!row) throw new Error('insert returned no row');
  // A customer got this phone between this statement's read and its insert: link it. (A customer
  // edited to this phone in the back office; a new customer cannot race, its insert waits for the
  // shop lock. check-in-customer-race.pg.test.ts.)
  if (t.phone !== null && row.customer_id === null) {
    const customerId = await customerForPhone(sql, t.shopId, t.partyName, t.phone);
    await sql.query('UPDATE walkin_tickets SET customer_id = $2 WHERE id = $1', [row.id, customerId]);
  }
  return { id: row.id, beforeId: row.before_id };
}

/**
 * The shop's customer with this phone (E.164, customerPhone), made on first visit. Customers' phones
 * are stored in the same form, so this is an indexed equality. An existing customer keeps their name;
 * two requests making the same customer at once get one row.
 */
export async function customerForPhone(sql: Sql, shopId: number, name: string, phone: string): Promise<number> {
  const found = await one<{ id: number }>(sql, 'SELECT id FROM customers WHERE shop_id = $1 AND phone = $2', [shopId, phone]);
  if (found) return found.id;
  const made = await one<{ id: number }>(
    sql,
    `INSERT INTO customers (shop_id, name, phone) VALUES ($1, $2, $3)
     ON CONFLICT (shop_id, phone) WHERE phone IS NOT NULL DO NOTHING RETURNING id`,
    [shopId, name, phone],
  );
  if (made) return made.id;
  const raced = await one<{ id: number }>(sql, 'SELECT id FROM customers WHERE shop_id = $1 AND phone = $2', [shopId, phone]);
  if (!raced) throw new Error('customer neither inserted nor found');
  return raced.id;
}

/** The shop's effective time zone (UTC when the saved one is not recognised). */
const zone = effectiveZoneOf('s.timezone');

export interface CheckInFacts {
  used: number;
  limit: number | null;
  /** The chosen barber's status when they are the shop's, not archived and in the rotation; else null. */
  barberStatus: string | null;
  /** How many of the given service ids are the shop's active services. */
  knownServices: number;
  /** The token of the ticket the phone already has in line (waiting, called or in the chair), if any. */
  activeToken: string | null;
}

/**
 * Everything a new ticket is checked against, in one statement: this month's check-ins against the
 * plan's limit (counted only up to the limit, which is all the decision needs, and not at all on an
 * unlimited plan, so a busy month costs no more than the plan allows), the chosen barber, the chosen services, and the phone's ticket
 * already in line (an indexed equality, as activeTicketForPhone).
 */
export async function checkInFacts(
  sql: Sql,
  shopId: number,
  barberId: number | null,
  serviceIds: readonly number[],
  phone: string | null,
): Promise<CheckInFacts> {
  const row = await one<{
    used: number;
    limit: number | null;
    barber_status: string | null;
    known_services: number;
    active_token: string | null;
  }>(
    sql,
    `SELECT CASE WHEN coalesce(plan.total_check_ins, $6::int) = ${UNLIMITED} THEN 0
                 ELSE (SELECT count(*)::int FROM (SELECT 1 FROM walkin_tickets t
                        WHERE t.shop_id = s.id
                          AND t.checked_in_at >= (date_trunc('month', now() AT TIME ZONE ${zone}) AT TIME ZONE ${zone})
                        LIMIT greatest(coalesce(plan.total_check_ins, $6::int), 0)) month) END AS used,
            plan.total_check_ins AS "limit",
            (SELECT b.status FROM barbers b
              WHERE b.shop_id = s.id AND b.id = $2::int AND b.archived_at IS NULL AND b.in_rotation) AS barber_status,
            (SELECT count(*)::int FROM services sv WHERE sv.shop_id = s.id AND sv.active AND sv.id = ANY($3::int[])) AS known_services,
            (SELECT t.token FROM walkin_tickets t
              WHERE t.shop_id = s.id AND t.phone = $4::text AND t.status = ANY($5::text[]) LIMIT 1) AS active_token
       FROM shops s
       LEFT JOIN LATERAL (SELECT p.total_check_ins FROM subscriptions sub JOIN plans p ON p.id = sub.plan_id
                           WHERE sub.shop_id = s.id) plan ON true
      WHERE s.id = $1`,
    [shopId, barberId, serviceIds, phone, ACTIVE_TICKET_STATUSES, DEFAULT_CHECK_IN_LIMIT],
  );
  return {
    used: row?.used ?? 0,
    limit: row?.limit ?? null,
    barberStatus: row?.barber_status ?? null,
    knownServices: row?.known_services ?? 0,
    activeToken: row?.active_token ?? null,
  };
}

/** This month's check-ins (in the shop's time zone) and the plan's monthly limit, in one statement. */
export async function monthUsage(sql: Sql, shopId: number): Promise<{ used: number; limit: number | null }> {
  const row = await one<{ used: number; limit: number | null }>(
    sql,
    `SELECT (SELECT count(*)::int FROM walkin_tickets t
              WHERE t.shop_id = s.id
                AND t.checked_in_at >= (date_trunc('month', now() AT TIME ZONE ${zone}) AT TIME ZONE ${zone})) AS used,
            (SELECT p.total_check_ins FROM subscriptions sub JOIN plans p ON p.id = sub.plan_id WHERE sub.shop_id = s.id) AS "limit"
       FROM shops s WHERE s.id = $1`,
    [shopId],
  );
  return { used: row?.used ?? 0, limit: row?.limit ?? null };
}
