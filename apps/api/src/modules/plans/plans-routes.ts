import { planList } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listActivePlans } from './plans-repository.js';

export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscription/plans/',
    { config: { access: 'public' }, schema: { tags: ['subscription'], response: { 200: planList } } },
    async () => listActivePlans(app.db),
  );
};
