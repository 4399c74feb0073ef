import { affiliateLoginReply, affiliateProfile, affiliateSignupBody, envelope, loginBody } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../http/errors.js';
import { AffiliatesService } from './affiliates-service.js';

export const affiliatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const affiliates = new AffiliatesService(app.db, app.tokens);
  const signIn = { access: 'public', errorShape: 'detail' } as const;

  app.post(
    '/affiliate/signup/',
    {
      config: { ...signIn, rateLimit: app.rateLimits.signup },
      schema: { tags: ['affiliate'], body: affiliateSignupBody, response: { 200: affiliateLoginReply } },
    },
    async (req) => affiliates.signup(req.body),
  );

  app.post(
    '/affiliate/login/',
    {
      config: { ...signIn, rateLimit: app.rateLimits.login },
      schema: { tags: ['affiliate'], body: loginBody, response: { 200: affiliateLoginReply } },
    },
    async (req) => affiliates.login(req.body.email, req.body.password),
  );

  app.get(
    '/affiliate/profile/',
    { config: { access: 'affiliate' }, schema: { tags: ['affiliate'], response: { 200: envelope(affiliateProfile) } } },
    async (req) => {
      const p = req.principal;
      const profile = p?.kind === 'affiliate' ? await affiliates.profile(p.affiliateId) : null;
      if (!profile) throw unauthorized();
      return { status: 1 as const, response: profile };
    },
  );
};
