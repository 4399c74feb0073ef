import {
  DEFAULT_CHECK_IN_LIMIT,
  formatEstimatedTime,
  publicBarber,
  publicQueuePage,
  publicQueueReply,
  publicService,
  QUEUE_MESSAGES,
  shopReply,
  UNLIMITED,
  type PublicBarber,
  type PublicQueueReply,
  type PublicService,
  type ShopReply,
} from '@chairline/shared';
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../http/errors.js';
import { gateFactsById, publicHoursFields } from '../../opening-hours/check-in-gate.js';
import { toEtaRange } from '../tickets/eta.js';
import { queueSnapshotOf, waitingCountFor } from '../tickets/queue-repository.js';
import { fromSnapshot, toPublicQueue } from './public-queue-view.js';
import { activeServicesOf, shopPage } from './public-shop-repository.js';

const shopQuery = z.object({
  shop_username: z.string({ error: 'Choose a shop.' }).trim().min(1, 'Choose a shop.').max(100),
  timezone: z.string().optional(),
});

/** The shop's next local midnight after `now`. */
function nextLocalMidnight(now: Date, timeZone: string): Date {
  return new Date(startOfDay(addDays(new TZDate(now.getTime(), timeZone), 1)).getTime());
}

function earliest(dates: readonly (Date | null)[]): Date | null {
  let first: Date | null = null;
  for (const d of dates) if (d && (!first || d < first)) first = d;
  return first;
}

/**
 * Each read below is answered from the per-shop cache of public replies (public-reply-cache.ts):
 * built once per change of the shop, sent with an ETag, 304 when the client already has it.
 *
 * The public shop page's data: the shop with today's check-ins, its barbers, the services
 * a customer can choose, and the queue as the waiting-room display shows it.
 */
export const publicShopRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['queue'];

  app.get(
    '/shop/',
    { config: { access: 'public' }, compress: false, schema: { tags, querystring: shopQuery, response: { 200: shopReply } } },
    async (req, reply) =>
      app.publicReplies.answer(req, reply, 'shop', req.query.shop_username, async () => {
      const shop = await shopPage(app.db, req.query.shop_username);
      if (!shop) throw notFound(QUEUE_MESSAGES.shopNotFound);
      const limit = shop.month_limit ?? DEFAULT_CHECK_IN_LIMIT;
      const limitReached = !(limit === UNLIMITED || shop.month_checkins < limit);
      const gate = await gateFactsById(app.db, shop.id);
      const now = app.clock();
      // The "any barber" wait is the queue simulation's, so every screen shows the server's one answer.
      const queue = await app.publicSnapshots.of(shop.username, now);
      const hours: Partial<ReturnType<typeof publicHoursFields>> = gate ? publicHoursFields(gate, now, limitReached) : {};
      // Today's check-ins start again at the shop's midnight; the hours' next change flips check_in.
      const horizons = [nextLocalMidnight(now, shop.timezone), hours.changes_at ? new Date(hours.changes_at) : null];
      const payload: ShopReply = {
        status: 1 as const,
        response: {
          name: shop.name,
          username: shop.username,
          shop_logo: shop.logo_path,
          bluetick: shop.bluetick,
          address: shop.address,
          phone_number: shop.phone_number,
          timezone: shop.timezone,
          accepting_check_ins: limit === UNLIMITED || shop.month_checkins < limit,
          ...hours,
        },
        today_checkins: shop.today_checkins,
        any_barber_eta_range: toEtaRange(queue?.simulation.anyWait),
      };
      return { shopId: shop.id, username: shop.username, payload, horizon: earliest(horizons) };
    }),
  );

  /**
   * The barbers in the shop's rotation, in its order, `off` ones included (their booking links
   * still work) but marked by their status and without a wait estimate.
   */
  app.get(
    '/barbers/',
    { config: { access: 'public' }, compress: false, schema: { tags, querystring: shopQuery, response: { 200: z.array(publicBarber) } } },
    async (req, reply) =>
      app.publicReplies.answer(req, reply, 'barbers', req.query.shop_username, async () => {
      const snapshot = await app.publicSnapshots.of(req.query.shop_username, app.clock());
      if (!snapshot?.shop) throw notFound(QUEUE_MESSAGES.shopNotFound);
      const payload: PublicBarber[] = snapshot.barbers
        .filter((b) => b.in_rotation && b.position !== null)
        .map((b) => ({
          id: b.id,
          name: b.name,
          email: b.email,
          phone_number: b.phone_number,
          profile_pic: b.profile_pic,
          booking_url: b.booking_url,
          position: b.position,
          status: b.status,
          waiting_count: waitingCountFor(snapshot, b.id),
          eta_range: toEtaRange(snapshot.simulation.barberWait.get(b.id)),
        }));
      return { shopId: snapshot.shop.id, username: snapshot.shop.username, payload };
    }),
  );

  /** The shop's active services for the check-in form: a bare list, like /barbers/. */
  app.get(
    '/shop/services/',
    { config: { access: 'public' }, compress: false, schema: { tags, querystring: shopQuery, response: { 200: z.array(publicService) } } },
    async (req, reply) =>
      app.publicReplies.answer(req, reply, 'services', req.query.shop_username, async () => {
      const found = await activeServicesOf(app.db, req.query.shop_username);
      if (!found) throw notFound(QUEUE_MESSAGES.shopNotFound);
      const payload: PublicService[] = found.services.map((s) => ({
        id: s.id,
        name: s.name,
        estimated_minutes: s.estimated_minutes,
        formatted_estimated_time: formatEstimatedTime(s.estimated_minutes),
        price: s.price_cents / 100,
      }));
      return { shopId: found.shopId, username: found.username, payload };
    }),
  );

  /**
   * The waiting-room display: now serving and the line, masked names only. The line is paged
   * (`limit`, `offset`; the first PUBLIC_QUEUE_DEFAULT_LIMIT rows by default). The page comes from the
   * shop's kept line when one is kept (the ticket pages' polls and the check-ins keep it while the
   * shop is busy); otherwise only the line up to the page's end is read, since a row's wait depends
   * only on those ahead of it.
   */
  app.get(
    '/queue/',
    {
      config: { access: 'public' },
      compress: false,
      schema: { tags, querystring: shopQuery.extend(publicQueuePage.shape), response: { 200: publicQueueReply } },
    },
    async (req, reply) =>
      app.publicReplies.answer(req, reply, `queue?${req.query.limit},${req.query.offset}`, req.query.shop_username, async () => {
        const page = { limit: req.query.limit, offset: req.query.offset };
        const now = app.clock();
        const kept = await app.lineWaits.queuePage(req.query.shop_username, now, page);
        if (kept) {
          const payload: PublicQueueReply = { status: 1 as const, response: toPublicQueue(kept.source) };
          return { shopId: kept.shop.id, username: kept.shop.username, payload, builtToSchema: true };
        }
        const snapshot = await queueSnapshotOf(app.db, req.query.shop_username, now, { count: page.offset + page.limit });
        if (!snapshot?.shop) throw notFound(QUEUE_MESSAGES.shopNotFound);
        const payload: PublicQueueReply = { status: 1 as const, response: toPublicQueue(fromSnapshot(snapshot, page)) };
        return { shopId: snapshot.shop.id, username: snapshot.shop.username, payload, builtToSchema: true };
      }),
  );
};
