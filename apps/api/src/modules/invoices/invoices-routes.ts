// Creating and status changes go through InvoicesService; plain reads call the repository directly.
import {
  commissionQuery,
  commissionRow,
  createInvoiceBody,
  envelope,
  idParams,
  invoiceFilters,
  invoiceListItem,
  invoiceStatusBody,
} from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../http/access.js';
import { badRequest, notFound } from '../../http/errors.js';
import { toCsv } from '../../lib/csv.js';
import { commissionReport } from './commissions.js';
import { findInvoice, listInvoices, ownBarberId } from './invoices-repository.js';
import { InvoicesService } from './invoices-service.js';

const totals = z.object({ amount: z.number(), paid: z.number(), unpaid: z.number() });

export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const invoices = new InvoicesService(app.db);
  const tags = ['invoices'];

  // The signed-in barber's own invoices.
  app.get(
    '/billing/invoices-by-barber/',
    { config: { access: 'invoices.own' }, schema: { tags, response: { 200: envelope(z.array(invoiceListItem)) } } },
    async (req) => {
      const caller = staffOf(req.principal);
      const barberId = await ownBarberId(app.db, caller.membershipId);
      if (!barberId) return { status: 1 as const, response: [] };
      const { rows } = await listInvoices(app.db, caller.shopId, { barberId }, 1, 500);
      return { status: 1 as const, response: rows };
    },
  );

  app.post(
    '/billing/create-invoice/',
    {
      config: { access: 'invoices.own' },
      schema: { tags, body: createInvoiceBody, response: { 200: envelope(invoiceListItem) } },
    },
    async (req) => {
      const caller = staffOf(req.principal);
      const id = await invoices.create(caller, req.body);
      const created = await findInvoice(app.db, caller.shopId, id);
      if (!created) throw notFound();
      return { status: 1 as const, response: created };
    },
  );

  app.get(
    '/invoices/',
    {
      config: { access: 'invoices.all' },
      schema: {
        tags,
        querystring: invoiceFilters,
        response: { 200: z.object({ status: z.literal(1), response: z.array(invoiceListItem), total: z.number(), totals }) },
      },
    },
    async (req) => {
      const q = req.query;
      if (q.from && q.to && q.from > q.to) throw badRequest('The start date must be on or before the end date.');
      const result = await listInvoices(
        app.db,
        staffOf(req.principal).shopId,
        { barberId: q.barber_id, status: q.status, from: q.from, to: q.to },
        q.page,
        q.page_size,
      );
      return { status: 1 as const, response: result.rows, total: result.total, totals: result.totals };
    },
  );

  app.get(
    '/invoices/:id/',
    { config: { access: 'invoices.all' }, schema: { tags, params: idParams, response: { 200: envelope(invoiceListItem) } } },
    async (req) => {
      const found = await findInvoice(app.db, staffOf(req.principal).shopId, req.params.id);
      if (!found) throw notFound('This invoice does not exist.');
      return { status: 1 as const, response: found };
    },
  );

  app.post(
    '/invoices/:id/status/',
    {
      config: { access: 'invoices.all' },
      schema: { tags, params: idParams, body: invoiceStatusBody, response: { 200: envelope(invoiceListItem) } },
    },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      await invoices.changeStatus(shopId, req.params.id, req.body.status);
      const updated = await findInvoice(app.db, shopId, req.params.id);
      if (!updated) throw notFound('This invoice does not exist.');
      return { status: 1 as const, response: updated };
    },
  );

  const checkRange = (q: { from?: string; to?: string }) => {
    if (Boolean(q.from) !== Boolean(q.to)) throw badRequest('Give both a start and an end date, or neither.');
    if (q.from && q.to && q.from > q.to) throw badRequest('The start date must be on or before the end date.');
  };

  app.get(
    '/invoices/commissions/',
    {
      config: { access: 'invoices.all' },
      schema: { tags, querystring: commissionQuery, response: { 200: envelope(z.array(commissionRow)) } },
    },
    async (req) => {
      checkRange(req.query);
      return { status: 1 as const, response: await commissionReport(app.db, staffOf(req.principal).shopId, req.query, app.clock()) };
    },
  );

  app.get(
    '/invoices/commissions/export/',
    { config: { access: 'invoices.all' }, schema: { tags, querystring: commissionQuery } },
    async (req, reply) => {
      checkRange(req.query);
      const rows = await commissionReport(app.db, staffOf(req.principal).shopId, req.query, app.clock());
      const csv = toCsv(
        ['Barber', 'Payment cycle', 'Period start', 'Period end', 'Paid invoices', 'Paid total', 'Percentage', 'Commission'],
        rows.map((r) => [
          r.barber,
          r.payment_cycle,
          r.period_start,
          r.period_end,
          r.invoices,
          r.paid_total.toFixed(2),
          r.percentage,
          r.commission.toFixed(2),
        ]),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="commissions.csv"')
        .send(csv);
    },
  );
};
