import type { OpeningHours } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { effectiveZoneOf } from '../../lib/shop-time-zone.js';
import { shopNamedBy } from '../usernames/usernames-repository.js';

/** What decides whether a customer may check in now, besides the plan's monthly limit. */
export interface GateFacts {
  id: number;
  username: string;
  /** The effective zone (UTC when the saved one is not recognised). */
  zone: string;
  opening_hours: OpeningHours;
  last_check_in_minutes: number;
  walkins_paused_at: string | null;
  walkins_pause_reason: string | null;
}

/** The gate's own columns of `shops s` (besides its id and username), for reads that join them. */
export const GATE_FACT_COLUMNS = `${effectiveZoneOf('s.timezone')} AS zone, s.opening_hours, s.last_check_in_minutes,
  s.walkins_paused_at, s.walkins_pause_reason`;
const GATE_COLUMNS = `s.id, s.username, ${GATE_FACT_COLUMNS}`;

export async function gateFactsById(sql: Sql, shopId: number): Promise<GateFacts | undefined> {
  return one<GateFacts>(sql, `SELECT ${GATE_COLUMNS} FROM shops s WHERE s.id = $1`, [shopId]);
}

export async function gateFactsByUsername(sql: Sql, username: string): Promise<GateFacts | undefined> {
  return one<GateFacts>(sql, `SELECT ${GATE_COLUMNS} FROM shops s WHERE ${shopNamedBy('s', '$1')}`, [username.trim().toLowerCase()]);
}

export interface PauseRow {
  username: string;
  walkins_paused_at: Date | string | null;
  walkins_pause_reason: string | null;
}

export const pauseRow = (sql: Sql, shopId: number) =>
  one<PauseRow>(sql, 'SELECT username, walkins_paused_at, walkins_pause_reason FROM shops WHERE id = $1', [shopId]);

/** Pauses walk-ins from `at` (an earlier pause keeps its time); undefined for an unknown shop. */
export const pauseWalkins = (sql: Sql, shopId: number, at: string, reason: string | null) =>
  one<PauseRow>(
    sql,
    `UPDATE shops SET walkins_paused_at = coalesce(walkins_paused_at, $2::timestamptz), walkins_pause_reason = $3
      WHERE id = $1 RETURNING username, walkins_paused_at, walkins_pause_reason`,
    [shopId, at, reason],
  );

export const resumeWalkins = (sql: Sql, shopId: number) =>
  one<PauseRow>(
    sql,
    `UPDATE shops SET walkins_paused_at = NULL, walkins_pause_reason = NULL
      WHERE id = $1 RETURNING username, walkins_paused_at, walkins_pause_reason`,
    [shopId],
  );
