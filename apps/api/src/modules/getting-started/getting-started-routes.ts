import { envelope, GETTING_STARTED_MESSAGES, gettingStarted, gettingStartedMarkBody } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../http/access.js';
import { conflict, notFound } from '../../http/errors.js';
import { loadGettingStarted, recordDismissed, recordMark } from './getting-started-repository.js';

/**
 * A new shop's setup checklist on Home. Only the shop's admins see it: the first step is done in
 * the shop settings, which a manager cannot open, and barbers never see Home.
 */
export const gettingStartedRoutes: FastifyPluginAsyncZod = async (app) => {
  const reply = { 200: envelope(gettingStarted) };

  app.get(
    '/getting-started/',
    { config: { access: 'settings' }, schema: { tags: ['getting-started'], response: reply } },
    async (req) => {
      const checklist = await loadGettingStarted(app.db, staffOf(req.principal).shopId);
      if (!checklist) throw notFound();
      return { status: 1 as const, response: checklist };
    },
  );

  app.post(
    '/getting-started/marks/',
    { config: { access: 'settings' }, schema: { tags: ['getting-started'], body: gettingStartedMarkBody, response: reply } },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      await recordMark(app.db, shopId, req.body.mark);
      const checklist = await loadGettingStarted(app.db, shopId);
      if (!checklist) throw notFound();
      return { status: 1 as const, response: checklist };
    },
  );

  // Hiding is allowed only once every step is done, so a new owner cannot lose the guide by a stray click.
  app.post(
    '/getting-started/dismiss/',
    { config: { access: 'settings' }, schema: { tags: ['getting-started'], response: reply } },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      const result = await app.db.transaction(async (tx) => {
        const before = await loadGettingStarted(tx, shopId);
        if (!before) throw notFound();
        if (!before.all_done) throw conflict(GETTING_STARTED_MESSAGES.notDone);
        await recordDismissed(tx, shopId);
        return loadGettingStarted(tx, shopId);
      });
      if (!result) throw notFound();
      return { status: 1 as const, response: result };
    },
  );
};
