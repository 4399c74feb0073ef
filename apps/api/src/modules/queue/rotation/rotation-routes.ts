import {
  barberStatusInput,
  envelope,
  idParams,
  listQuery,
  nextBarberReply,
  paginated,
  reorderRotationInput,
  rotationEntry,
  rotationMembershipInput,
  rotationEvent,
} from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../../http/access.js';
import { RotationService } from './rotation-service.js';

/** The barber rotation ("turns"): who is up, the order, statuses, and its history. */
export const rotationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['queue'];
  const rotation = new RotationService(app.db, app.events);

  // Every signed-in barber reads their turn.
  app.get(
    '/get-next-barber/',
    { config: { access: 'session' }, schema: { tags, response: { 200: nextBarberReply } } },
    async (req) => ({ status: 1 as const, response: await rotation.view(staffOf(req.principal)) }),
  );

  app.get(
    '/rotation/',
    { config: { access: 'queue.own' }, schema: { tags, response: { 200: nextBarberReply } } },
    async (req) => ({ status: 1 as const, response: await rotation.view(staffOf(req.principal)) }),
  );

  app.get(
    '/rotation/events/',
    {
      config: { access: 'queue.own' },
      schema: { tags, querystring: listQuery(['created_at']), response: { 200: paginated(rotationEvent) } },
    },
    async (req) => {
      const { rows, total } = await rotation.events(staffOf(req.principal).shopId, req.query.page, req.query.page_size);
      return { status: 1 as const, response: rows, total };
    },
  );

  app.post(
    '/rotation/reorder/',
    { config: { access: 'queue', announcedByQueueEvents: true }, schema: { tags, body: reorderRotationInput, response: { 200: nextBarberReply } } },
    async (req) => ({
      status: 1 as const,
      response: await rotation.reorder(staffOf(req.principal), req.body.barber_ids, req.body.reason),
    }),
  );

  // Owners and managers choose whether they take walk-ins (and so use a seat of the plan):
  // POST /api/rotation/leave/ and POST /api/rotation/join/.
  for (const action of ['leave', 'join'] as const) {
    app.post(
      `/rotation/${action}/`,
      // Not announcedByQueueEvents: leaving sends the barber's waiting customers to anyone, which
      // the rotation event does not say; the catch-all signal drops the kept line of waits.
      { config: { access: 'queue' }, schema: { tags, body: rotationMembershipInput, response: { 200: nextBarberReply } } },
      async (req) => ({
        status: 1 as const,
        response: await rotation[action](staffOf(req.principal), req.body.barber_id, req.body.reason),
      }),
    );
  }

  app.post(
    '/barbers/:id/status/',
    {
      config: { access: 'queue.own', announcedByQueueEvents: true },
      schema: { tags, params: idParams, body: barberStatusInput, response: { 200: envelope(rotationEntry) } },
    },
    async (req) => ({
      status: 1 as const,
      response: await rotation.setStatus(staffOf(req.principal), req.params.id, req.body.status, req.body.reason),
    }),
  );
};
