/**
 * The shop's effective time zone: the one it saved when the database knows it, else UTC. Every query
 * that computes "today" or "this month" goes through `effective_time_zone()` (a database function,
 * migration 0004), so a zone the database no longer knows falls back to UTC instead of failing
 * logins, check-ins and the public page. Settings shows the owner when that happens. The queries
 * that read a shop's zone are in shop-time-zone-repository.ts.
 */
export const FALLBACK_TIME_ZONE = 'UTC';

/** SQL for the effective zone of a `timezone` column or expression (e.g. `s.timezone`). */
export const effectiveZoneOf = (column: string) => `effective_time_zone(${column})`;

/** The zone as stored, the one in force, and whether the stored one is recognised. */
export interface ShopZone {
  saved: string;
  effective: string;
  recognised: boolean;
}
