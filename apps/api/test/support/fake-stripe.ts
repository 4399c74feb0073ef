import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe API on 127.0.0.1, answering the REST shapes Chairline uses
 * (customers, prices, checkout sessions, subscriptions, invoices, invoice payments, billing
 * portal) so the real `stripe` SDK runs against it. Tests drive it (complete a checkout, move a
 * subscription to past_due...) and sign webhook events the way Stripe does.
 */

type Obj = Record<string, unknown>;
export interface FakeSubscription extends Obj {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  trial_end: number | null;
  created: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Obj[]; has_more: false; url: string };
  default_payment_method: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: Obj;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const unix = (d = new Date()) => Math.floor(d.getTime() / 1000);
const DAY = 86_400;

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Obj | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Obj;
    });
  }
  return root;
}

const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
const notFoundError = (what: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
});

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices: Obj[] = [];
  /** payment intent id → invoice id, answered by GET /v1/invoice_payments. */
  readonly invoiceOfPayment = new Map<string, string>();
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  /** The real SDK's signer, so the signed header is exactly Stripe's. */
  private readonly signer = new Stripe('sk_test_fake_signer');
  private server: Server | null = null;
  baseUrl = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The environment that points Chairline at this server. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: 'sk_test_chairline_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_chairline_fake',
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_BASE: this.baseUrl,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(payload));
    };
    const path = url.pathname;
    const expand = Array.isArray(body.expand) ? (body.expand as string[]) : [];

    const page = /^\/(checkout|portal)\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && page) {
      const title = page[1] === 'checkout' ? 'Fake Stripe Checkout' : 'Fake Stripe Billing Portal';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p id="session">${page[2] ?? ''}</p></body></html>`);
      return;
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', name: body.name ?? null, email: body.email ?? null, metadata: body.metadata ?? {} };
      this.customers.set(customer.id, customer);
      return send(200, customer);
    }
    if (req.method === 'GET' && path === '/v1/prices') {
      const keys = (body.lookup_keys as string[] | undefined) ?? [];
      const found = [...this.prices.values()].filter((p) => keys.includes(p.lookup_key as string) && p.active);
      return send(200, list('/v1/prices', found));
    }
    if (req.method === 'POST' && path === '/v1/prices') {
      if (body.transfer_lookup_key === 'true') {
        for (const p of this.prices.values()) if (p.lookup_key === body.lookup_key) p.lookup_key = null;
      }
      const recurring = body.recurring as Obj | undefined;
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        lookup_key: body.lookup_key ?? null,
        metadata: body.metadata ?? {},
        product: newId('prod'),
        type: recurring ? 'recurring' : 'one_time',
        recurring: recurring ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) } : null,
      };
      this.prices.set(price.id, price);
      return send(200, price);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        url: `${this.baseUrl}/checkout/${id}`,
        mode: body.mode,
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        line_items_requested: body.line_items,
        subscription_data: body.subscription_data ?? null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        subscription: null,
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        amount_total: null,
      };
      this.sessions.set(id, session);
      return send(200, session);
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subMatch) {
      const sub = this.subscriptions.get(subMatch[1] ?? '');
      if (!sub) return send(404, notFoundError('subscription'));
      if (req.method === 'POST') {
        const items = body.items as Obj[] | undefined;
        const first = sub.items.data[0];
        if (items?.[0] && first) first.price = this.prices.get(items[0].price as string) ?? first.price;
        if (body.metadata) sub.metadata = { ...sub.metadata, ...(body.metadata as Record<string, string>) };
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      }
      return send(200, this.view(sub, expand));
    }
    if (req.method === 'GET' && path === '/v1/invoices') {
      return send(200, list('/v1/invoices', this.invoices.filter((i) => i.customer === body.customer)));
    }
    if (req.method === 'GET' && path === '/v1/invoice_payments') {
      const pi = ((body.payment as Obj | undefined)?.payment_intent as string | undefined) ?? '';
      const invoice = this.invoiceOfPayment.get(pi);
      return send(200, list('/v1/invoice_payments', invoice ? [{ id: newId('inpay'), object: 'invoice_payment', invoice }] : []));
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = newId('bps');
      return send(200, { id, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, url: `${this.baseUrl}/portal/${id}` });
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${path})` } });
  }

  private view(sub: FakeSubscription, expand: string[]): Obj {
    if (!expand.includes('default_payment_method') || !sub.default_payment_method) return sub;
    return {
      ...sub,
      default_payment_method: {
        id: sub.default_payment_method,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      },
    };
  }

  // ---- what a test does in place of a customer and of Stripe's own machinery ----------------

  /** The customer paid on the checkout page: the session completes (a subscription is made for subscription mode). */
  completeCheckout(sessionId: string, options: { status?: string } = {}): { session: Obj; subscription: FakeSubscription | null } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    const priceId = (session.line_items_requested as Obj[])[0]?.price as string;
    const price = this.prices.get(priceId);
    session.amount_total = price?.unit_amount ?? null;
    if (session.mode !== 'subscription') {
      session.payment_intent = newId('pi');
      return { session, subscription: null };
    }
    const data = (session.subscription_data ?? {}) as Obj;
    const trialDays = data.trial_period_days ? Number(data.trial_period_days) : 0;
    const now = unix();
    const subscription: FakeSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer as string,
      status: options.status ?? (trialDays ? 'trialing' : 'active'),
      cancel_at_period_end: false,
      cancel_at: null,
      trial_end: trialDays ? now + trialDays * DAY : null,
      created: now,
      metadata: (data.metadata ?? {}) as Record<string, string>,
      default_payment_method: newId('pm'),
      items: {
        object: 'list',
        has_more: false,
        url: '/v1/subscription_items',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: now,
            current_period_end: now + (trialDays || 30) * DAY,
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    session.subscription = subscription.id;
    return { session, subscription };
  }

  /** Changes a subscription as Stripe would (a failed renewal, a cancellation...). */
  updateSubscription(id: string, patch: Partial<FakeSubscription>): FakeSubscription {
    const sub = this.subscriptions.get(id);
    if (!sub) throw new Error(`no subscription ${id}`);
    Object.assign(sub, patch);
    return sub;
  }

  /** An invoice of a subscription, listed for its customer. */
  addInvoice(subscriptionId: string, fields: Obj = {}): Obj {
    const sub = this.subscriptions.get(subscriptionId);
    const amount = (sub?.items.data[0]?.price as Obj | undefined)?.unit_amount ?? 0;
    const id = newId('in');
    const invoice = {
      id,
      object: 'invoice',
      customer: sub?.customer,
      number: `CHAIR-${this.invoices.length + 1}`,
      created: unix(),
      currency: 'usd',
      amount_due: amount,
      amount_paid: amount,
      status: 'paid',
      invoice_pdf: `${this.baseUrl}/invoices/${id}.pdf`,
      hosted_invoice_url: `${this.baseUrl}/invoices/${id}`,
      status_transitions: { paid_at: unix() },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} }, quote_details: null },
      ...fields,
    };
    this.invoices.unshift(invoice);
    return invoice;
  }

  /** A Stripe event around an object, as the webhook receives it. */
  event(type: string, object: Obj, created = new Date()): Obj {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: unix(created),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: JSON.parse(JSON.stringify(object)) as Obj },
    };
  }

  /** The event's JSON and its Stripe-Signature header, signed with the webhook secret (or another). */
  sign(event: Obj, secret = this.webhookSecret): { payload: string; signature: string } {
    const payload = JSON.stringify(event);
    return { payload, signature: this.signer.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  /** The last checkout session created. */
  lastSession(): Obj {
    const all = [...this.sessions.values()];
    const last = all[all.length - 1];
    if (!last) throw new Error('no checkout session yet');
    return last;
  }
}
