import type { AlertMoment } from '@chairline/shared';
import type { Sql } from '../../db/database.js';

/** The durable queue of alert messages (table alert_jobs). Times come from the app's clock. */

export type AlertJobKind = 'near' | 'called' | 'shop_cancelled' | 'ticket_link';

export interface NewAlertJob {
  dedupeKey: string;
  kind: AlertJobKind;
  ticketId: number;
  moment?: AlertMoment | null;
}

export interface AlertJob {
  id: number;
  dedupe_key: string;
  kind: AlertJobKind;
  ticket_id: number;
  moment: AlertMoment | null;
  attempts: number;
  max_attempts: number;
}

/** Queues a message once per dedupe key: a second enqueue of the same event does nothing. True when queued. */
export async function enqueueJob(sql: Sql, job: NewAlertJob, now: Date): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO alert_jobs (dedupe_key, kind, ticket_id, moment, run_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [job.dedupeKey, job.kind, job.ticketId, job.moment ?? null, now],
  );
  return rows.length > 0;
}

/** Whether a message of this kind about the ticket was queued since `since` (the ticket-link quiet period). */
export async function queuedSince(sql: Sql, ticketId: number, kind: AlertJobKind, since: Date): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM alert_jobs WHERE ticket_id = $1 AND kind = $2 AND created_at >= $3 LIMIT 1', [
    ticketId,
    kind,
    since,
  ]);
  return rows.length > 0;
}

/**
 * Claims up to `limit` due jobs for this worker: pending ones whose time has come, and running ones
 * whose worker stopped without finishing (lease passed). One statement; SKIP LOCKED lets workers in
 * several processes claim side by side without taking the same job.
 */
export async function claimDueJobs(sql: Sql, now: Date, leaseUntil: Date, limit: number): Promise<AlertJob[]> {
  return sql.query<AlertJob>(
    `UPDATE alert_jobs j SET status = 'running', attempts = j.attempts + 1, locked_until = $2
      WHERE j.id IN (SELECT id FROM alert_jobs
                      WHERE (status = 'pending' AND run_at <= $1) OR (status = 'running' AND locked_until <= $1)
                      ORDER BY run_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING j.id, j.dedupe_key, j.kind, j.ticket_id, j.moment, j.attempts, j.max_attempts`,
    [now, leaseUntil, limit],
  );
}

/** Sent, or nothing to send any more (alerts off, ticket moved on): never tried again. */
export async function finishJob(sql: Sql, id: number, status: 'sent' | 'skipped', now: Date, note: string | null = null) {
  await sql.query(`UPDATE alert_jobs SET status = $2, finished_at = $3, locked_until = NULL, last_error = $4 WHERE id = $1`, [
    id,
    status,
    now,
    note,
  ]);
}

/** A failed attempt: tried again at `retryAt`, or given up (status 'failed') when retryAt is null. */
export async function failJob(sql: Sql, id: number, error: string, retryAt: Date | null, now: Date) {
  if (retryAt) {
    await sql.query(`UPDATE alert_jobs SET status = 'pending', run_at = $2, locked_until = NULL, last_error = $3 WHERE id = $1`, [
      id,
      retryAt,
      error,
    ]);
  } else {
    await sql.query(`UPDATE alert_jobs SET status = 'failed', finished_at = $2, locked_until = NULL, last_error = $3 WHERE id = $1`, [
      id,
      now,
      error,
    ]);
  }
}

/** How many jobs are due now (drain stops when none are left). */
export async function pendingCount(sql: Sql, now: Date): Promise<number> {
  const rows = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM alert_jobs WHERE (status = 'pending' AND run_at <= $1) OR (status = 'running' AND locked_until <= $1)`,
    [now],
  );
  return rows[0]?.n ?? 0;
}
