import type { InvoiceStatus, StaffRole } from '@chairline/shared';
import { INVOICE_TRANSITIONS, parseAmount, REQUIRED_INVOICE_FIELDS } from '@chairline/shared';
import type { Database } from '../../db/database.js';
import { one } from '../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { activeServiceIds } from '../services/services-repository.js';

export interface InvoiceCaller {
  userId: number;
  shopId: number;
  membershipId: number;
  role: StaffRole;
}

export interface NewInvoice {
  customer?: number | '';
  services?: number[];
  amount?: number | string;
  description: string;
  walkin_ticket_id?: number;
  barber_id?: number;
}

export async function ownBarberId(db: Database, membershipId: number): Promise<number | null> {
  const row = await one<{ id: number }>(db, 'SELECT id FROM barbers WHERE membership_id = $1', [membershipId]);
  return row?.id ?? null;
}

export class InvoicesService {
  constructor(private readonly db: Database) {}

  async create(caller: InvoiceCaller, body: NewInvoice): Promise<number> {
    if (!body.customer || !body.services?.length || body.amount === undefined || body.amount === '') {
      throw badRequest(REQUIRED_INVOICE_FIELDS);
    }
    const amount = parseAmount(body.amount);
    if ('error' in amount) throw badRequest(amount.error);
    const { shopId } = caller;
    const customer = await one(this.db, 'SELECT 1 FROM customers WHERE shop_id = $1 AND id = $2', [shopId, body.customer]);
    if (!customer) throw notFound('This customer does not exist.');
    const serviceIds = [...new Set(body.services)];
    const known = await activeServiceIds(this.db, shopId, serviceIds);
    if (known.size !== serviceIds.length) throw notFound('A chosen service does not exist.');

    const own = await ownBarberId(this.db, caller.membershipId);
    let barberId = own;
    if (caller.role !== 'employee' && body.barber_id) {
      const barber = await one(this.db, 'SELECT 1 FROM barbers WHERE shop_id = $1 AND id = $2 AND archived_at IS NULL', [
        shopId,
        body.barber_id,
      ]);
      if (!barber) throw notFound('This barber does not exist.');
      barberId = body.barber_id;
    }

    return this.db.transaction(async (tx) => {
      if (body.walkin_ticket_id) {
        const ticket = await one<{ status: string; barber_id: number | null }>(
          tx,
          'SELECT status, barber_id FROM walkin_tickets WHERE shop_id = $1 AND id = $2 FOR UPDATE',
          [shopId, body.walkin_ticket_id],
        );
        if (!ticket) throw notFound('This walk-in does not exist.');
        if (caller.role === 'employee' && ticket.barber_id !== own) throw forbidden('This walk-in was served by another barber.');
        if (ticket.status !== 'done') throw conflict('Only a completed walk-in can be invoiced.');
        const invoiced = await one(tx, "SELECT 1 FROM invoices WHERE walkin_ticket_id = $1 AND status <> 'void'", [
          body.walkin_ticket_id,
        ]);
        if (invoiced) throw conflict('This walk-in already has an invoice.');
      }
      const invoice = await one<{ id: number }>(
        tx,
        `INSERT INTO invoices (shop_id, barber_id, customer_id, walkin_ticket_id, amount_cents, description)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [shopId, barberId, body.customer, body.walkin_ticket_id ?? null, amount.cents, body.description],
      );
      if (!invoice) throw new Error('insert returned no row');
      await tx.query(
        `INSERT INTO invoice_services (invoice_id, service_id, price_cents)
         SELECT $1, s.id, s.price_cents FROM services s WHERE s.shop_id = $2 AND s.id = ANY($3::int[])`,
        [invoice.id, shopId, serviceIds],
      );
      return invoice.id;
    });
  }

  async changeStatus(shopId: number, id: number, to: InvoiceStatus): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await one<{ status: InvoiceStatus }>(tx, 'SELECT status FROM invoices WHERE shop_id = $1 AND id = $2 FOR UPDATE', [
        shopId,
        id,
      ]);
      if (!row) throw notFound('This invoice does not exist.');
      if (row.status === to) return;
      if (!INVOICE_TRANSITIONS[row.status].includes(to)) {
        throw conflict(`An invoice that is ${row.status} cannot become ${to}.`);
      }
      await tx.query('UPDATE invoices SET status = $3 WHERE shop_id = $1 AND id = $2', [shopId, id, to]);
    });
  }
}
