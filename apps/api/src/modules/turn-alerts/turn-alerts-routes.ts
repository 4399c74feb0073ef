import { ALERT_MESSAGES, turnAlertInput, turnAlertReply } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import { z } from 'zod';
import { HttpError } from '../../http/errors.js';
import { ticketPageUrl } from './alert-messages.js';

// A malformed token names no ticket: the same 404 as an unknown one.
const tokenParams = z.object({ token: z.string().min(1).max(100) });

/** Twilio's inbound message webhook (form fields; only From and Body are read, all are signed). */
const inboundSms = z.looseObject({ From: z.string().max(64).optional(), Body: z.string().max(2000).optional() });

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Public turn-alert routes, keyed by the ticket token like the check-in routes; writes rate-limited per address. */
export const turnAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['queue'];
  const service = app.turnAlertsService;

  // Twilio posts form-encoded bodies; only the routes of this plugin read them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    '/check-in/:token/alerts/',
    { config: { access: 'public' }, schema: { tags, params: tokenParams, response: { 200: turnAlertReply } } },
    async (req) => ({ status: 1 as const, response: await service.settings(req.params.token) }),
  );

  app.put(
    '/check-in/:token/alerts/',
    {
      config: { access: 'public', rateLimit: app.rateLimits.publicWrite },
      schema: { tags, params: tokenParams, body: turnAlertInput, response: { 200: turnAlertReply } },
    },
    async (req) => {
      const response = await service.choose(req.params.token, req.body);
      app.turnAlerts.wake();
      return { status: 1 as const, response };
    },
  );

  app.delete(
    '/check-in/:token/alerts/',
    {
      config: { access: 'public', rateLimit: app.rateLimits.publicWrite },
      schema: { tags, params: tokenParams, response: { 200: turnAlertReply } },
    },
    async (req) => ({ status: 1 as const, response: await service.turnOff(req.params.token) }),
  );

  // The email's opt-out link. Opening it only asks (mail scanners open links by themselves, and must
  // not turn a customer's alerts off); the button, or a mail app's one-click unsubscribe, POSTs.
  const smallPage = (title: string, body: string, inner: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>${inner}</main></body></html>`;
  // The page's own policy allows its form to post back here (data answers allow no form at all).
  const offRoute = { access: 'public', page: 'public-site', rateLimit: app.rateLimits.publicWrite } as const;

  app.get('/check-in/:token/alerts/off/', { config: offRoute, schema: { tags, params: tokenParams } }, async (req, reply) => {
    const { shopName, ticket } = await service.optOutTarget(req.params.token);
    const page = ticketPageUrl(app.config.publicUrl, ticket);
    const html = smallPage(
      ALERT_MESSAGES.offAskTitle,
      ALERT_MESSAGES.offAskBody(shopName),
      `<form method="post"><button type="submit">${escapeHtml(ALERT_MESSAGES.offAskButton)}</button></form><p><a href="${escapeHtml(page)}">${escapeHtml(ALERT_MESSAGES.offPageLink)}</a></p>`,
    );
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  app.post('/check-in/:token/alerts/off/', { config: offRoute, schema: { tags, params: tokenParams } }, async (req, reply) => {
    const { shopName, ticket } = await service.turnOffFromLink(req.params.token);
    const page = ticketPageUrl(app.config.publicUrl, ticket);
    const html = smallPage(
      ALERT_MESSAGES.offPageTitle,
      ALERT_MESSAGES.offPageBody(shopName),
      `<p><a href="${escapeHtml(page)}">${escapeHtml(ALERT_MESSAGES.offPageLink)}</a></p>`,
    );
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  // Replies to our texts. With TWILIO_AUTH_TOKEN set, only requests signed by Twilio (X-Twilio-Signature
  // over PUBLIC_URL/api/sms/inbound/ and the form fields) are read.
  app.post(
    '/sms/inbound/',
    { config: { access: 'public', rateLimit: app.rateLimits.publicWrite }, schema: { tags: ['sms'], body: inboundSms } },
    async (req, reply) => {
      const authToken = app.config.twilio.authToken;
      if (authToken) {
        const signature = req.headers['x-twilio-signature'];
        const params = Object.fromEntries(Object.entries(req.body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
        const url = `${app.config.publicUrl}/api/sms/inbound/`;
        if (typeof signature !== 'string' || !twilio.validateRequest(authToken, signature, url, params)) {
          throw new HttpError(403, ALERT_MESSAGES.badSignature);
        }
      }
      const { stopped } = await service.inboundSms(req.body.From ?? '', req.body.Body ?? '');
      req.log.info({ stopped }, 'inbound SMS handled');
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );
};
