// Saving goes through AppointmentsService (its booking rules); plain reads and the delete call the repository directly.
import {
  appointment,
  appointmentInput,
  appointmentListQuery,
  calendarEntry,
  calendarQuery,
  envelope,
  idParams,
  paginated,
  isBarber,
} from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../http/access.js';
import { badRequest, notFound } from '../../http/errors.js';
import { ownBarberId } from '../invoices/invoices-repository.js';
import { deleteAppointment, findAppointment, listAppointments } from './appointments-repository.js';
import { AppointmentsService } from './appointments-service.js';
import { calendarEntries } from './calendar-repository.js';

const NOT_FOUND = 'This appointment does not exist.';

export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const appointments = new AppointmentsService(app.db);
  const tags = ['appointments'];

  /** Barbers see their own appointments only; managers and admins any barber's, or a chosen one's. */
  async function scopeBarber(principal: Parameters<typeof staffOf>[0], requested?: number) {
    const caller = staffOf(principal);
    if (!isBarber(caller.role)) return requested;
    return (await ownBarberId(app.db, caller.membershipId)) ?? -1;
  }

  async function readable(principal: Parameters<typeof staffOf>[0], id: number) {
    const caller = staffOf(principal);
    const found = await findAppointment(app.db, caller.shopId, id);
    const own = isBarber(caller.role) ? await ownBarberId(app.db, caller.membershipId) : null;
    if (!found || (isBarber(caller.role) && found.barber_id !== own)) throw notFound(NOT_FOUND);
    return found;
  }

  app.get(
    '/appointments/',
    { config: { access: 'queue.own' }, schema: { tags, querystring: appointmentListQuery, response: { 200: paginated(appointment) } } },
    async (req) => {
      const q = req.query;
      if (q.from && q.to && q.from > q.to) throw badRequest('The start date must be on or before the end date.');
      const { rows, total } = await listAppointments(
        app.db,
        staffOf(req.principal).shopId,
        { from: q.from, to: q.to, status: q.status, barberId: await scopeBarber(req.principal, q.barber_id) },
        q.page,
        q.page_size,
      );
      return { status: 1 as const, response: rows, total };
    },
  );

  app.get(
    '/appointments/:id/',
    { config: { access: 'queue.own' }, schema: { tags, params: idParams, response: { 200: envelope(appointment) } } },
    async (req) => ({ status: 1 as const, response: await readable(req.principal, req.params.id) }),
  );

  app.post(
    '/appointments/',
    { config: { access: 'queue.own' }, schema: { tags, body: appointmentInput, response: { 200: envelope(appointment) } } },
    async (req) => {
      const caller = staffOf(req.principal);
      const id = await appointments.save(caller, req.body, null);
      return { status: 1 as const, response: await readable(req.principal, id) };
    },
  );

  app.put(
    '/appointments/:id/',
    {
      config: { access: 'queue.own' },
      schema: { tags, params: idParams, body: appointmentInput, response: { 200: envelope(appointment) } },
    },
    async (req) => {
      await readable(req.principal, req.params.id);
      await appointments.save(staffOf(req.principal), req.body, req.params.id);
      return { status: 1 as const, response: await readable(req.principal, req.params.id) };
    },
  );

  app.delete(
    '/appointments/:id/',
    { config: { access: 'queue' }, schema: { tags, params: idParams, response: { 200: envelope(z.string()) } } },
    async (req) => {
      if (!(await deleteAppointment(app.db, staffOf(req.principal).shopId, req.params.id))) throw notFound(NOT_FOUND);
      return { status: 1 as const, response: 'Appointment deleted.' };
    },
  );

  app.get(
    '/calendar/',
    { config: { access: 'queue.own' }, schema: { tags: ['calendar'], querystring: calendarQuery, response: { 200: envelope(z.array(calendarEntry)) } } },
    async (req) => {
      const q = req.query;
      if (q.from > q.to) throw badRequest('The start date must be on or before the end date.');
      const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
      if (days > 62) throw badRequest('Show at most two months at a time.');
      const entries = await calendarEntries(app.db, staffOf(req.principal).shopId, q.from, q.to, await scopeBarber(req.principal, q.barber_id));
      return { status: 1 as const, response: entries };
    },
  );
};
