import {
  callNextInput,
  envelope,
  idParams,
  paginated,
  ticketActionInput,
  walkin,
  walkinInput,
  walkinListQuery,
  type TicketStatus,
} from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../../http/access.js';
import { WalkinsService, type TicketAction } from './walkins-service.js';

/** Buttons post without a body: an absent body is an empty one. */
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

/** The staff walk-in board: barbers act on their own tickets, managers on all. */
export const walkinsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['queue'];
  const walkins = new WalkinsService(app.db, app.events, app.clock);
  const reply = envelope(walkin);

  app.get(
    '/walkins/',
    { config: { access: 'queue.own' }, schema: { tags, querystring: walkinListQuery, response: { 200: paginated(walkin) } } },
    async (req) => {
      const q = req.query;
      const statuses = (q.status?.split(',').map((s) => s.trim()) ?? []) as TicketStatus[];
      const { rows, total } = await walkins.list(staffOf(req.principal), {
        statuses,
        page: q.page,
        pageSize: q.page_size,
        ordering: q.ordering,
        search: q.search,
      });
      return { status: 1 as const, response: rows, total };
    },
  );

  app.post(
    '/walkins/',
    { config: { access: 'queue.own', announcedByQueueEvents: true }, schema: { tags, body: walkinInput, response: { 200: reply } } },
    async (req) => ({ status: 1 as const, response: await walkins.add(staffOf(req.principal), req.body) }),
  );

  app.post(
    '/walkins/call-next/',
    { config: { access: 'queue.own', announcedByQueueEvents: true }, schema: { tags, body: optionalBody(callNextInput), response: { 200: reply } } },
    async (req) => ({ status: 1 as const, response: await walkins.callNext(staffOf(req.principal), req.body.barber_id) }),
  );

  app.get(
    '/walkins/:id/',
    { config: { access: 'queue.own' }, schema: { tags, params: idParams, response: { 200: reply } } },
    async (req) => ({ status: 1 as const, response: await walkins.get(staffOf(req.principal), req.params.id) }),
  );

  for (const action of ['call', 'start'] as const satisfies readonly TicketAction[]) {
    app.post(
      `/walkins/:id/${action}/`,
      { config: { access: 'queue.own', announcedByQueueEvents: true }, schema: { tags, params: idParams, body: optionalBody(ticketActionInput), response: { 200: reply } } },
      async (req) => ({
        status: 1 as const,
        response: await walkins.act(staffOf(req.principal), req.params.id, action, req.body.barber_id),
      }),
    );
  }
  for (const action of ['complete', 'no-show', 'cancel', 'requeue', 'walkout'] as const satisfies readonly TicketAction[]) {
    app.post(
      `/walkins/:id/${action}/`,
      { config: { access: 'queue.own', announcedByQueueEvents: true }, schema: { tags, params: idParams, response: { 200: reply } } },
      async (req) => ({ status: 1 as const, response: await walkins.act(staffOf(req.principal), req.params.id, action) }),
    );
  }
};
