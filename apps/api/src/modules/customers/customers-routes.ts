// Writes go through customers-service (phone rules); plain reads, history and the delete call the repository directly.
import {
  barberCustomer,
  customer,
  customerDetail,
  customerInput,
  customerImportInput,
  customerImportResult,
  customerListQuery,
  CUSTOMER_IMPORT_LIMITS,
  envelope,
  idParams,
  maskPhone,
  paginated,
  isBarber,
} from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../http/access.js';
import { conflict, notFound } from '../../http/errors.js';
import { toCsv } from '../../lib/csv.js';
import { importCustomers } from './customer-import.js';
import { customerHistory, deleteCustomer, findCustomer } from './customers-repository.js';
import { addCustomer, changeCustomer, searchCustomers } from './customers-service.js';

const NOT_FOUND = 'This customer does not exist.';
const PHONE_TAKEN = 'A customer with this phone number already exists.';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['customers'];

  app.get(
    '/customers/',
    {
      config: { access: 'queue.own' },
      schema: { tags, querystring: customerListQuery, response: { 200: paginated(z.union([customer, barberCustomer])) } },
    },
    async (req) => {
      const q = req.query;
      const staff = staffOf(req.principal);
      // Least privilege: a barber gets what the invoice form needs (id, name, masked phone) and
      // searches by name; managers and admins get the full records.
      const forBarber = isBarber(staff.role);
      const { rows, total } = await searchCustomers(app.db, staff.shopId, {
        page: q.page,
        pageSize: q.page_size,
        ordering: q.ordering,
        search: q.search,
        searchNamesOnly: forBarber,
      });
      const response = forBarber ? rows.map((c) => ({ id: c.id, name: c.name, phone: maskPhone(c.phone) })) : rows;
      return { status: 1 as const, response, total };
    },
  );

  app.get(
    '/customers/export/',
    { config: { access: 'back-office' }, schema: { tags, querystring: customerListQuery.pick({ search: true, ordering: true, timezone: true }) } },
    async (req, reply) => {
      const { rows } = await searchCustomers(app.db, staffOf(req.principal).shopId, {
        page: 1,
        pageSize: 100_000,
        ordering: req.query.ordering,
        search: req.query.search,
      });
      const csv = toCsv(
        ['Name', 'Phone', 'Email', 'Visits', 'Total spent', 'Last visit', 'Customer since', 'Notes'],
        rows.map((c) => [c.name, c.phone, c.email, c.visits, c.total_spent.toFixed(2), c.last_visit ?? '', c.created_at, c.notes]),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="customers.csv"')
        .send(csv);
    },
  );

  // Import from a CSV file (managers and admins): dry_run previews, false imports the good rows.
  // The body may carry the file's limit once escaped as JSON; the file itself is checked against it.
  app.post(
    '/customers/import/',
    {
      config: { access: 'back-office' },
      bodyLimit: CUSTOMER_IMPORT_LIMITS.maxBytes * 3,
      schema: { tags, body: customerImportInput, response: { 200: envelope(customerImportResult) } },
    },
    async (req) => {
      const result = await importCustomers(app.db, staffOf(req.principal).shopId, req.body.csv, req.body.dry_run);
      return { status: 1 as const, response: result };
    },
  );

  // A customer's full record and history are for managers and admins.
  app.get(
    '/customers/:id/',
    { config: { access: 'back-office' }, schema: { tags, params: idParams, response: { 200: envelope(customerDetail) } } },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      const found = await findCustomer(app.db, shopId, req.params.id);
      if (!found) throw notFound(NOT_FOUND);
      return { status: 1 as const, response: { ...found, history: await customerHistory(app.db, shopId, found.id) } };
    },
  );

  app.post(
    '/customers/',
    { config: { access: 'queue.own' }, schema: { tags, body: customerInput, response: { 200: envelope(customer) } } },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      try {
        const id = await addCustomer(app.db, shopId, req.body);
        const created = await findCustomer(app.db, shopId, id);
        if (!created) throw notFound(NOT_FOUND);
        return { status: 1 as const, response: created };
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(PHONE_TAKEN);
        throw err;
      }
    },
  );

  app.put(
    '/customers/:id/',
    {
      config: { access: 'back-office' },
      schema: { tags, params: idParams, body: customerInput, response: { 200: envelope(customer) } },
    },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      try {
        if (!(await changeCustomer(app.db, shopId, req.params.id, req.body))) throw notFound(NOT_FOUND);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(PHONE_TAKEN);
        throw err;
      }
      const updated = await findCustomer(app.db, shopId, req.params.id);
      if (!updated) throw notFound(NOT_FOUND);
      return { status: 1 as const, response: updated };
    },
  );

  app.delete(
    '/customers/:id/',
    { config: { access: 'back-office' }, schema: { tags, params: idParams, response: { 200: envelope(z.string()) } } },
    async (req) => {
      if (!(await deleteCustomer(app.db, staffOf(req.principal).shopId, req.params.id))) throw notFound(NOT_FOUND);
      return { status: 1 as const, response: 'Customer deleted.' };
    },
  );
};
