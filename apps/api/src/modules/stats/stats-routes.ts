import { envelope, shopStats } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../http/access.js';
import { loadShopStats } from './stats-repository.js';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats/',
    {
      config: { access: 'stats' },
      schema: { tags: ['stats'], querystring: z.object({ timezone: z.string().optional() }), response: { 200: envelope(shopStats) } },
    },
    async (req) => ({ status: 1 as const, response: await loadShopStats(app.db, staffOf(req.principal).shopId, app.clock()) }),
  );
};
