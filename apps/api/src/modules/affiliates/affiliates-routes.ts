import {
  affiliateAnalytics,
  affiliateLoginReply,
  affiliatePasswordChange,
  affiliatePayouts,
  affiliateProfile,
  affiliateProfileUpdate,
  affiliateSignupBody,
  dateRangeQuery,
  envelope,
  loginBody,
  payoutRecord,
  referralClickBody,
  referralClickReply,
} from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCsv } from '../../lib/csv.js';
import { unauthorized } from '../../http/errors.js';
import type { Principal } from '../../http/types.js';
import { analytics, payoutHistory, payoutsSummary, reportRange, requestPayout } from './affiliate-reports.js';
import { AFFILIATE_MESSAGES, AffiliatesService } from './affiliates-service.js';
import { operatorRoutes } from './operator-routes.js';

export interface AffiliateRoutesOptions {
  /** The clock that decides which commissions are past their hold (tests move it). */
  now?: () => Date;
}

/** The signed-in affiliate of a route whose access rule admits affiliates only. */
export function affiliateOf(principal: Principal | null): number {
  if (principal?.kind !== 'affiliate') throw unauthorized();
  return principal.affiliateId;
}

export const affiliatesRoutes: FastifyPluginAsyncZod<AffiliateRoutesOptions> = async (app, opts) => {
  const now = opts.now ?? (() => new Date());
  const affiliates = new AffiliatesService(app.db, app.tokens, app.config.jwtSecret, app.config.publicUrl, now);
  const signIn = { access: 'public', errorShape: 'detail' } as const;
  const tags = ['affiliate'];
  const own = { access: 'affiliate' } as const;

  app.post(
    '/affiliate/signup/',
    {
      config: { ...signIn, rateLimit: app.rateLimits.signup },
      schema: { tags, body: affiliateSignupBody, response: { 200: affiliateLoginReply } },
    },
    async (req) => affiliates.signup(req.body),
  );

  app.post(
    '/affiliate/login/',
    {
      config: { ...signIn, rateLimit: app.rateLimits.login },
      schema: { tags, body: loginBody, response: { 200: affiliateLoginReply } },
    },
    async (req) => affiliates.login(req.body.email, req.body.password),
  );

  app.get('/affiliate/profile/', { config: own, schema: { tags, response: { 200: envelope(affiliateProfile) } } }, async (req) => {
    const profile = await affiliates.profile(affiliateOf(req.principal));
    if (!profile) throw unauthorized();
    return { status: 1 as const, response: profile };
  });

  app.put(
    '/affiliate/profile/',
    { config: own, schema: { tags, body: affiliateProfileUpdate, response: { 200: envelope(affiliateProfile) } } },
    async (req) => ({ status: 1 as const, response: await affiliates.updateProfile(affiliateOf(req.principal), req.body) }),
  );

  app.post(
    '/affiliate/profile/password/',
    {
      config: { ...own, rateLimit: app.rateLimits.login },
      schema: { tags, body: affiliatePasswordChange, response: { 200: envelope(z.string()) } },
    },
    async (req) => {
      // The session the change is made from goes on; every other one ends (the same rule as staff).
      const sessionId = req.principal?.kind === 'affiliate' ? req.principal.sessionId : undefined;
      await affiliates.changePassword(affiliateOf(req.principal), req.body.current_password, req.body.new_password, sessionId);
      return { status: 1 as const, response: AFFILIATE_MESSAGES.passwordChanged };
    },
  );

  // A referral link was opened on the public site or the sign-up page (no account needed).
  app.post(
    '/affiliate/clicks/',
    {
      config: { access: 'public', rateLimit: app.rateLimits.publicWrite },
      schema: { tags, body: referralClickBody.extend({ path: z.string().max(200).optional() }), response: { 200: envelope(referralClickReply) } },
    },
    async (req) => ({
      status: 1 as const,
      response: await affiliates.recordClick(
        req.body.code,
        { id: req.body.visitor_id, ip: req.ip, userAgent: req.headers['user-agent'] ?? '' },
        req.body.path ?? null,
      ),
    }),
  );

  app.get(
    '/affiliate/analytics/',
    { config: own, schema: { tags, querystring: dateRangeQuery, response: { 200: envelope(affiliateAnalytics) } } },
    async (req) => ({
      status: 1 as const,
      response: await analytics(app.db, affiliateOf(req.principal), reportRange(req.query, now())),
    }),
  );

  app.get('/affiliate/analytics/export/', { config: own, schema: { tags, querystring: dateRangeQuery } }, async (req, reply) => {
    const report = await analytics(app.db, affiliateOf(req.principal), reportRange(req.query, now()));
    const csv = toCsv(
      ['Date', 'Clicks', 'Sign-ups'],
      report.daily.map((d) => [d.day, d.clicks, d.signups]),
    );
    const months = toCsv(
      ['Month', `Earned (${report.currency.toUpperCase()})`, 'Reversed', 'Net'],
      report.monthly_commissions.map((m) => [m.month, m.earned.toFixed(2), m.reversed.toFixed(2), m.net.toFixed(2)]),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="affiliate-analytics-${report.from}-${report.to}.csv"`)
      .send(`${csv}\r\n${months}`);
  });

  app.get('/affiliate/payouts/', { config: own, schema: { tags, response: { 200: envelope(affiliatePayouts) } } }, async (req) => ({
    status: 1 as const,
    response: await payoutsSummary(app.db, affiliateOf(req.principal), now()),
  }));

  app.post('/affiliate/payouts/', { config: own, schema: { tags, response: { 200: envelope(payoutRecord) } } }, async (req) => ({
    status: 1 as const,
    response: await requestPayout(app.db, affiliateOf(req.principal), now()),
  }));

  app.get('/affiliate/payouts/export/', { config: own, schema: { tags } }, async (req, reply) => {
    const history = await payoutHistory(app.db, affiliateOf(req.principal));
    const csv = toCsv(
      ['Requested', 'Amount', 'Currency', 'Status', 'Reference', 'Reason', 'Decided'],
      history.map((p) => [p.created_at, p.amount.toFixed(2), p.currency.toUpperCase(), p.status, p.reference, p.reason, p.decided_at]),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="affiliate-payouts.csv"')
      .send(csv);
  });

  await app.register(operatorRoutes, { now });
};
