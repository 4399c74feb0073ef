import { checkInInput, ticketReply } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseCheckInsIfLocked } from '../../billing/billing-plugin.js';
import { CheckInService } from './check-in-service.js';

// A malformed token names no ticket: the same 404 as an unknown one.
const tokenParams = z.object({ token: z.string().min(1).max(100) });

/** Public check-in: no sign-in, rate-limited per address on writes. */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['queue'];
  const checkIns = new CheckInService(app.db, app.events, app.turnAlerts.ticketLinks, app.clock, app.lineWaits);

  app.post(
    '/check-in/',
    {
      config: { access: 'public', rateLimit: app.rateLimits.publicWrite },
      schema: { tags, body: checkInInput, response: { 200: ticketReply } },
    },
    async (req) => {
      await refuseCheckInsIfLocked(app, req.body.shop_username);
      // Paused, closed or past the last call (in the shop's zone) is refused inside the check-in, under
      // the shop lock, with the reason and the next opening.
      return { status: 1 as const, response: await checkIns.checkIn(req.body) };
    },
  );

  app.get(
    '/check-in/:token/',
    { config: { access: 'public' }, schema: { tags, params: tokenParams, response: { 200: ticketReply } } },
    async (req) => ({ status: 1 as const, response: await checkIns.status(req.params.token) }),
  );

  app.post(
    '/check-in/:token/cancel/',
    {
      config: { access: 'public', rateLimit: app.rateLimits.publicWrite },
      schema: { tags, params: tokenParams, response: { 200: ticketReply } },
    },
    async (req) => ({ status: 1 as const, response: await checkIns.cancel(req.params.token) }),
  );
};
