import {
  ESTABLISHED_SERVED_TICKETS,
  GETTING_STARTED_ITEMS,
  isWebLink,
  type GettingStarted,
  type GettingStartedItem,
  type GettingStartedMark,
} from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

interface Facts {
  hours_set: boolean;
  services: number;
  rotation_barbers: number;
  rotation_others: number;
  booking_urls: string[] | null;
  check_ins: number;
  served: number;
  poster_printed: boolean;
  works_alone: boolean;
  dismissed: boolean;
}

/**
 * The checklist of one shop, every step read from that shop's own rows:
 * - hours: the owner saved opening hours (the time zone is saved with them on the same screen);
 * - services: at least one active service;
 * - barbers: someone besides the owner is in the rotation, or the owner said they work alone (and
 *   someone, the owner, takes walk-ins);
 * - booking_links: at least one team member has a web booking link;
 * - poster: the owner printed the check-in poster (recorded by the poster page);
 * - test_check_in: at least one walk-in ticket exists, whoever made it.
 */
export async function loadGettingStarted(sql: Sql, shopId: number): Promise<GettingStarted | undefined> {
  const f = await one<Facts>(
    sql,
    `SELECT s.opening_hours <> '{}'::jsonb AS hours_set,
            (SELECT count(*)::int FROM services WHERE shop_id = s.id AND active) AS services,
            (SELECT count(*)::int FROM barbers WHERE shop_id = s.id AND in_rotation) AS rotation_barbers,
            (SELECT count(*)::int FROM barbers b JOIN memberships m ON m.id = b.membership_id
              WHERE b.shop_id = s.id AND b.in_rotation AND NOT m.is_owner) AS rotation_others,
            (SELECT array_agg(booking_url) FROM barbers WHERE shop_id = s.id AND booking_url <> '') AS booking_urls,
            (SELECT count(*)::int FROM walkin_tickets WHERE shop_id = s.id) AS check_ins,
            (SELECT count(*)::int FROM walkin_tickets WHERE shop_id = s.id AND status = 'done') AS served,
            coalesce(g.poster_printed_at IS NOT NULL, false) AS poster_printed,
            coalesce(g.works_alone, false) AS works_alone,
            coalesce(g.dismissed_at IS NOT NULL, false) AS dismissed
       FROM shops s LEFT JOIN shop_getting_started g ON g.shop_id = s.id
      WHERE s.id = $1`,
    [shopId],
  );
  if (!f) return undefined;
  const done: Record<GettingStartedItem, boolean> = {
    hours: f.hours_set,
    services: f.services > 0,
    barbers: f.rotation_others > 0 || (f.works_alone && f.rotation_barbers > 0),
    booking_links: (f.booking_urls ?? []).some((url) => isWebLink(url)),
    poster: f.poster_printed,
    test_check_in: f.check_ins > 0,
  };
  const items = GETTING_STARTED_ITEMS.map((key) => ({ key, done: done[key] }));
  const established = f.served >= ESTABLISHED_SERVED_TICKETS;
  return {
    visible: !f.dismissed && !established,
    dismissed: f.dismissed,
    established,
    all_done: items.every((i) => i.done),
    items,
  };
}

export async function recordMark(sql: Sql, shopId: number, mark: GettingStartedMark): Promise<void> {
  const text =
    mark === 'poster_printed'
      ? `INSERT INTO shop_getting_started (shop_id, poster_printed_at) VALUES ($1, now())
         ON CONFLICT (shop_id) DO UPDATE SET poster_printed_at = coalesce(shop_getting_started.poster_printed_at, now())`
      : `INSERT INTO shop_getting_started (shop_id, works_alone) VALUES ($1, true)
         ON CONFLICT (shop_id) DO UPDATE SET works_alone = true`;
  await sql.query(text, [shopId]);
}

export async function recordDismissed(sql: Sql, shopId: number): Promise<void> {
  await sql.query(
    `INSERT INTO shop_getting_started (shop_id, dismissed_at) VALUES ($1, now())
     ON CONFLICT (shop_id) DO UPDATE SET dismissed_at = coalesce(shop_getting_started.dismissed_at, now())`,
    [shopId],
  );
}
