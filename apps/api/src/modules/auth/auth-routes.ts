import {
  authConfig,
  envelope,
  forgotPasswordBody,
  googleBody,
  loginBody,
  loginReply,
  logoutBody,
  MESSAGES,
  refreshBody,
  refreshReply,
  resetPasswordBody,
  sessionUser,
  signupBody,
} from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../http/access.js';
import { unauthorized } from '../../http/errors.js';
import { loadSessionUser } from '../users/session-user.js';

const message = envelope(z.string());

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.auth;
  const limits = app.rateLimits;
  const signIn = { access: 'public', errorShape: 'detail' } as const;

  app.post(
    '/auth/login/',
    {
      config: { ...signIn, rateLimit: limits.login },
      schema: { tags: ['auth'], body: loginBody, response: { 200: loginReply } },
    },
    async (req) => auth.login(req.body.email, req.body.password),
  );

  app.post(
    '/auth/signup/',
    {
      config: { ...signIn, rateLimit: limits.signup },
      schema: { tags: ['auth'], body: signupBody, response: { 200: loginReply } },
    },
    async (req) => auth.signup(req.body),
  );

  app.post(
    '/auth/refresh/',
    { config: signIn, schema: { tags: ['auth'], body: refreshBody, response: { 200: refreshReply } } },
    async (req) => auth.refresh(req.body.refresh, { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' }),
  );

  app.post(
    '/auth/logout/',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: logoutBody, response: { 200: message } } },
    async (req) => {
      await auth.logout(req.body.refresh);
      return { status: 1 as const, response: MESSAGES.loggedOut };
    },
  );

  app.post(
    '/auth/google/',
    {
      config: { ...signIn, rateLimit: limits.login },
      schema: { tags: ['auth'], body: googleBody, response: { 200: loginReply } },
    },
    async (req) => auth.google(req.body.token, { name: req.body.shop_name, username: req.body.shop_username, timezone: req.body.timezone }),
  );

  // Run-time config for the sign-in pages, so GOOGLE_CLIENT_ID alone enables the Google button.
  app.get(
    '/auth/config/',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: envelope(authConfig) } } },
    async () => ({ status: 1 as const, response: { google_client_id: app.config.googleClientId ?? null } }),
  );

  app.post(
    '/auth/forgot-password/',
    {
      config: { access: 'public', rateLimit: limits.forgotPassword },
      schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: message } },
    },
    async (req) => {
      await auth.forgotPassword(req.body.email);
      return { status: 1 as const, response: MESSAGES.resetSent };
    },
  );

  app.post(
    '/auth/reset-password/',
    {
      config: { access: 'public', rateLimit: limits.forgotPassword },
      schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: message } },
    },
    async (req) => {
      await auth.resetPassword(req.body.token, req.body.password);
      return { status: 1 as const, response: MESSAGES.passwordReset };
    },
  );

  app.get(
    '/auth/get-user-data/',
    { config: { access: 'session' }, schema: { tags: ['auth'], response: { 200: envelope(sessionUser) } } },
    async (req) => {
      const user = await loadSessionUser(app.db, staffOf(req.principal).userId, app.now());
      if (!user) throw unauthorized();
      return { status: 1 as const, response: user };
    },
  );
};
