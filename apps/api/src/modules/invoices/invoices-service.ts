import type { InvoiceStatus, StaffRole } from '@chairline/shared';
import { INVOICE_TRANSITIONS, parseAmount, REQUIRED_INVOICE_FIELDS, isBarber } from '@chairline/shared';
import type { Database } from '../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { activeServiceIds } from '../services/services-repository.js';
import {
  activeBarberExists,
  customerExists,
  insertInvoice,
  lockInvoiceStatus,
  lockTicketForInvoice,
  ownBarberId,
  setInvoiceStatus,
  ticketHasInvoice,
} from './invoices-repository.js';

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

export class InvoicesService {
  constructor(private readonly db: Database) {}

  async create(caller: InvoiceCaller, body: NewInvoice): Promise<number> {
    if (!body.customer || !body.services?.length || body.amount === undefined || body.amount === '') {
      throw badRequest(REQUIRED_INVOICE_FIELDS);
    }
    const amount = parseAmount(body.amount);
    if ('error' in amount) throw badRequest(amount.error);
    const { shopId } = caller;
    const customerId = body.customer;
    if (!(await customerExists(this.db, shopId, body.customer))) throw notFound('This customer does not exist.');
    const serviceIds = [...new Set(body.services)];
    const known = await activeServiceIds(this.db, shopId, serviceIds);
    if (known.size !== serviceIds.length) throw notFound('A chosen service does not exist.');

    const own = await ownBarberId(this.db, caller.membershipId);
    let barberId = own;
    if (!isBarber(caller.role) && body.barber_id) {
      if (!(await activeBarberExists(this.db, shopId, body.barber_id))) throw notFound('This barber does not exist.');
      barberId = body.barber_id;
    }

    return this.db.transaction(async (tx) => {
      if (body.walkin_ticket_id) {
        const ticket = await lockTicketForInvoice(tx, shopId, body.walkin_ticket_id);
        if (!ticket) throw notFound('This walk-in does not exist.');
        if (isBarber(caller.role) && ticket.barber_id !== own) throw forbidden('This walk-in was served by another barber.');
        if (ticket.status !== 'done') throw conflict('Only a completed walk-in can be invoiced.');
        if (await ticketHasInvoice(tx, body.walkin_ticket_id)) throw conflict('This walk-in already has an invoice.');
      }
      return insertInvoice(tx, {
        shopId,
        barberId,
        customerId,
        ticketId: body.walkin_ticket_id ?? null,
        amountCents: amount.cents,
        description: body.description,
        serviceIds,
      });
    });
  }

  async changeStatus(shopId: number, id: number, to: InvoiceStatus): Promise<void> {
    await this.db.transaction(async (tx) => {
      const status = await lockInvoiceStatus(tx, shopId, id);
      if (!status) throw notFound('This invoice does not exist.');
      if (status === to) return;
      if (!INVOICE_TRANSITIONS[status].includes(to)) {
        throw conflict(`An invoice that is ${status} cannot become ${to}.`);
      }
      await setInvoiceStatus(tx, shopId, id, to);
    });
  }
}
