import {
  DEFAULT_CHECK_IN_LIMIT,
  formatEstimatedTime,
  publicBarber,
  publicQueueReply,
  publicService,
  QUEUE_MESSAGES,
  shopReply,
  UNLIMITED,
  type PublicBarber,
  type PublicService,
} from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { gateFactsById, publicHoursFields } from '../opening-hours/check-in-gate.js';
import { toEtaRange } from '../walkins/eta.js';
import { queueSnapshotOf, waitingCountFor } from '../walkins/queue-repository.js';
import { toPublicQueue } from './public-queue-view.js';
import { activeServicesOf, shopPage } from './public-shop-repository.js';

const shopQuery = z.object({
  shop_username: z.string({ error: 'Choose a shop.' }).trim().min(1, 'Choose a shop.').max(100),
  timezone: z.string().optional(),
});

/**
 * The public shop page's data: the shop with today's check-ins, its barbers, the services
 * a customer can choose, and the queue as the waiting-room display shows it.
 */
export const publicShopRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['queue'];

  app.get(
    '/shop/',
    { config: { access: 'public' }, schema: { tags, querystring: shopQuery, response: { 200: shopReply } } },
    async (req) => {
      const shop = await shopPage(app.db, req.query.shop_username);
      if (!shop) throw notFound(QUEUE_MESSAGES.shopNotFound);
      const limit = shop.month_limit ?? DEFAULT_CHECK_IN_LIMIT;
      const limitReached = !(limit === UNLIMITED || shop.month_checkins < limit);
      const gate = await gateFactsById(app.db, shop.id);
      return {
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
          ...(gate ? publicHoursFields(gate, app.clock(), limitReached) : {}),
        },
        today_checkins: shop.today_checkins,
      };
    },
  );

  /**
   * The barbers in the shop's rotation, in its order, `off` ones included (their booking links
   * still work) but marked by their status and without a wait estimate.
   */
  app.get(
    '/barbers/',
    { config: { access: 'public' }, schema: { tags, querystring: shopQuery, response: { 200: z.array(publicBarber) } } },
    async (req): Promise<PublicBarber[]> => {
      const snapshot = await queueSnapshotOf(app.db, req.query.shop_username, app.clock());
      if (!snapshot) throw notFound(QUEUE_MESSAGES.shopNotFound);
      return snapshot.barbers
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
    },
  );

  /** The shop's active services for the check-in form: a bare list, like /barbers/. */
  app.get(
    '/shop/services/',
    { config: { access: 'public' }, schema: { tags, querystring: shopQuery, response: { 200: z.array(publicService) } } },
    async (req): Promise<PublicService[]> => {
      const services = await activeServicesOf(app.db, req.query.shop_username);
      if (!services) throw notFound(QUEUE_MESSAGES.shopNotFound);
      return services.map((s) => ({
        id: s.id,
        name: s.name,
        estimated_minutes: s.estimated_minutes,
        formatted_estimated_time: formatEstimatedTime(s.estimated_minutes),
        price: s.price_cents / 100,
      }));
    },
  );

  /** The waiting-room display: now serving and the line, masked names only. */
  app.get(
    '/queue/',
    { config: { access: 'public' }, schema: { tags, querystring: shopQuery, response: { 200: publicQueueReply } } },
    async (req) => {
      const snapshot = await queueSnapshotOf(app.db, req.query.shop_username, app.clock());
      if (!snapshot) throw notFound(QUEUE_MESSAGES.shopNotFound);
      return { status: 1 as const, response: toPublicQueue(snapshot) };
    },
  );
};
