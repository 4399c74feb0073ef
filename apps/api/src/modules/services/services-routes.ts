import { envelope, idParams, service, serviceInput } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { archiveService, findService, insertService, listServices, updateService } from './services-repository.js';

const NOT_FOUND = 'This service does not exist.';

export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['services'];

  // GET /services/ answers the list itself (barbers read it for invoices too).
  app.get(
    '/services/',
    {
      config: { access: 'session' },
      schema: {
        tags,
        querystring: z.object({ include_archived: z.enum(['0', '1', 'true', 'false']).optional(), timezone: z.string().optional() }),
        response: { 200: z.array(service) },
      },
    },
    async (req) => {
      const all = req.query.include_archived === '1' || req.query.include_archived === 'true';
      return listServices(app.db, staffOf(req.principal).shopId, all);
    },
  );

  app.get(
    '/services/:id/',
    { config: { access: 'session' }, schema: { tags, params: idParams, response: { 200: envelope(service) } } },
    async (req) => {
      const found = await findService(app.db, staffOf(req.principal).shopId, req.params.id);
      if (!found) throw notFound(NOT_FOUND);
      return { status: 1 as const, response: found };
    },
  );

  app.post(
    '/services/',
    { config: { access: 'back-office' }, schema: { tags, body: serviceInput, response: { 200: envelope(service) } } },
    async (req) => ({ status: 1 as const, response: await insertService(app.db, staffOf(req.principal).shopId, req.body) }),
  );

  app.put(
    '/services/:id/',
    {
      config: { access: 'back-office' },
      schema: { tags, params: idParams, body: serviceInput, response: { 200: envelope(service) } },
    },
    async (req) => {
      const updated = await updateService(app.db, staffOf(req.principal).shopId, req.params.id, req.body);
      if (!updated) throw notFound(NOT_FOUND);
      return { status: 1 as const, response: updated };
    },
  );

  app.delete(
    '/services/:id/',
    { config: { access: 'back-office' }, schema: { tags, params: idParams, response: { 200: envelope(z.string()) } } },
    async (req) => {
      if (!(await archiveService(app.db, staffOf(req.principal).shopId, req.params.id))) throw notFound(NOT_FOUND);
      return { status: 1 as const, response: 'Service archived.' };
    },
  );
};
