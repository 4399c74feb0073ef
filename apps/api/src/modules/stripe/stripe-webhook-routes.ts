import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { BillingError } from '../billing/billing-errors.js';

/**
 * POST /stripe/webhook/: Stripe's events. The signature is computed over the exact bytes Stripe
 * sent, so this route (and only this one: the plugin is encapsulated) keeps the body raw instead
 * of parsing JSON. A bad or missing signature answers 400 and changes nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post('/stripe/webhook/', { config: { access: 'public' }, schema: { tags: ['subscription'] } }, async (req) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const header = req.headers['stripe-signature'];
    try {
      const event = app.billing.verifyEvent(raw, typeof header === 'string' ? header : undefined);
      await app.billing.handleEvent(event);
      return { received: true };
    } catch (err) {
      // Stripe retries any non-2xx answer, so an outage on our side is reported, not swallowed.
      if (err instanceof BillingError) throw new HttpError(err.statusCode === 502 ? 503 : err.statusCode, err.message);
      throw err;
    }
  });
};
