import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { PROFILE_PHOTO_MAX_BYTES } from '@chairline/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.js';
import { ping, type Database } from './db/database.js';
import { registerAccessControl } from './http/access.js';
import { registerCompression } from './http/compression.js';
import { answerFrameworkError, registerErrorHandling } from './http/errors.js';
import { registerFrontEnds, type FrontEndDirs } from './http/front-ends.js';
import { registerFavicon } from './http/favicon.js';
import { registerPublicReplyCache } from './modules/queue/public/public-reply-cache.js';
import { LineWaits } from './modules/queue/tickets/line-waits.js';
import { registerJsonDepthLimit } from './http/json-depth.js';
import { registerOpenApi } from './http/openapi.js';
import { pageScriptHashes } from './http/page-script-hashes.js';
import { buildSecurityHeaders, registerSecurityHeaders } from './http/security-headers.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './http/rate-limits.js';
import { registerRateLimits } from './http/rate-limit-plugin.js';
import { affiliatesRoutes } from './modules/affiliates/affiliates-routes.js';
import { customersRoutes } from './modules/customers/customers-routes.js';
import { servicesRoutes } from './modules/services/services-routes.js';
import { settingsRoutes } from './modules/settings/settings-routes.js';
import { supportRoutes } from './modules/support/support-routes.js';
import { statsRoutes } from './modules/stats/stats-routes.js';
import { billingRoutes } from './modules/billing/billing-routes.js';
import { registerBilling } from './modules/billing/billing-plugin.js';
import { stripeWebhookRoutes } from './modules/stripe/stripe-webhook-routes.js';
import { invoicesRoutes } from './modules/invoices/invoices-routes.js';
import { appointmentsRoutes } from './modules/appointments/appointments-routes.js';
import { profileRoutes } from './modules/profile/profile-routes.js';
import { ownPasswordRoutes } from './modules/profile/own-password-routes.js';
import { uploadsRoutes } from './modules/uploads/uploads-routes.js';
import { teamRoutes } from './modules/team/team-routes.js';
import { authRoutes } from './modules/auth/auth-routes.js';
import { AuthService } from './modules/auth/auth-service.js';
import { createGoogleVerifier, type GoogleCertsSource } from './modules/auth/google.js';
import { createMailer, type Mailer } from './modules/auth/mailer.js';
import { TokenService } from './modules/auth/tokens.js';
import { plansRoutes } from './modules/plans/plans-routes.js';
import { checkInRoutes } from './modules/queue/check-in/check-in-routes.js';
import type { EventBus } from './modules/queue/events/event-bus.js';
import { registerEventBus } from './modules/queue/events/events-plugin.js';
import { eventsRoutes, type EventStreamLimits } from './modules/queue/events/events-routes.js';
import { publicShopRoutes } from './modules/queue/public/public-shop-routes.js';
import { rotationRoutes } from './modules/queue/rotation/rotation-routes.js';
import { walkinsRoutes } from './modules/queue/tickets/walkins-routes.js';
import { registerTurnAlerts, type TurnAlertOptions } from './modules/turn-alerts/turn-alerts-plugin.js';
import { turnAlertsRoutes } from './modules/turn-alerts/turn-alerts-routes.js';
import { walkinPauseRoutes } from './modules/opening-hours/pause-routes.js';
import { gettingStartedRoutes } from './modules/getting-started/getting-started-routes.js';
import './http/types.js';
import { commissionSettingsRoutes } from './modules/commissions/commission-settings-routes.js';

export interface AppOptions {
  config: Config;
  db: Database;
  /** false for silence (tests); otherwise pino options. */
  logger?: boolean | { level: string };
  mailer?: Mailer;
  googleCerts?: GoogleCertsSource;
  rateLimits?: Partial<RateLimits>;
  /** Queue events; by default LISTEN/NOTIFY on PostgreSQL (DATABASE_URL), in process otherwise. */
  eventBus?: EventBus;
  /** Built front ends to serve on the same port (the server entry passes them; API tests do not). */
  frontEnds?: FrontEndDirs;
  /** The clock of token expiry and the refresh grace window (tests move it instead of sleeping). */
  sessionClock?: () => Date;
  /** Caps on open event streams per client address and per shop (tests lower them). */
  eventStreamLimits?: Partial<EventStreamLimits>;
  /** The current time for date-bound figures ("today", "this month") and commission holds; the wall clock unless a test pins it. */
  clock?: () => Date;
  /** The clock of the subscription rules (trial end, grace period); tests pass their own. */
  now?: () => Date;
  /** Turn alerts: the background sender (tests turn it off and call app.turnAlerts.drain()). */
  turnAlerts?: TurnAlertOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    tokens: TokenService;
    auth: AuthService;
    mailer: Mailer;
    rateLimits: RateLimits;
    uploadsDir: string;
    clock: () => Date;
    /** Each shop's line of waits, worked out once and kept (check-ins, ticket pages, the waiting-room display). */
    lineWaits: LineWaits;
  }
}

const API_BODY_LIMIT = 1024 * 1024; // JSON bodies; uploads have their own limit

/** Builds the whole HTTP application around a database; the server entry only listens. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const securityHeaders = buildSecurityHeaders(config, await pageScriptHashes(options.frontEnds));
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: API_BODY_LIMIT,
    trustProxy: config.trustProxy,
    frameworkErrors: (err, request, reply) => {
      securityHeaders.applyData(request.raw, reply.raw);
      return answerFrameworkError(err, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  registerSecurityHeaders(app, securityHeaders);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonDepthLimit(app);

  const tokens = new TokenService(db, config.jwtSecret, config.accessTokenTtlMinutes, config.refreshTokenTtlDays, options.sessionClock);
  const mailer = options.mailer ?? createMailer(config.smtpUrl, config.mailFrom, app.log);
  const google = config.googleClientId ? createGoogleVerifier(config.googleClientId, options.googleCerts) : null;
  const uploadsDir = join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('tokens', tokens);
  app.decorate('mailer', mailer);
  app.decorate('auth', new AuthService(db, tokens, mailer, config, google));
  app.decorate('rateLimits', { ...DEFAULT_RATE_LIMITS, ...options.rateLimits });
  app.decorate('uploadsDir', uploadsDir);
  app.decorate('clock', options.clock ?? (() => new Date()));
  await registerEventBus(app, config, db, options.eventBus);
  app.decorate('lineWaits', new LineWaits(db, app.events));

  await registerCompression(app);
  await registerRateLimits(app, db);
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
    throwFileSizeLimit: true,
  });
  await registerOpenApi(app, config.publicUrl);
  registerAccessControl(app, db, tokens);
  registerPublicReplyCache(app);
  registerBilling(app, options.now);
  registerTurnAlerts(app, options.turnAlerts);

  await app.register(
    async (api) => {
      api.get('/health/', { config: { access: 'public' }, schema: { tags: ['system'] } }, async () => {
        await ping(db);
        return { status: 1, response: 'ok', database: db.kind };
      });
      await api.register(authRoutes);
      await api.register(plansRoutes);
      await api.register(affiliatesRoutes, { now: options.clock });
      await api.register(servicesRoutes);
      await api.register(customersRoutes);
      await api.register(settingsRoutes);
      await api.register(supportRoutes);
      await api.register(statsRoutes);
      await api.register(billingRoutes);
      await api.register(stripeWebhookRoutes);
      await api.register(invoicesRoutes);
      await api.register(publicShopRoutes);
      await api.register(checkInRoutes);
      await api.register(walkinsRoutes);
      await api.register(walkinPauseRoutes);
      await api.register(rotationRoutes);
      await api.register(eventsRoutes, { limits: options.eventStreamLimits });
      await api.register(appointmentsRoutes);
      await api.register(uploadsRoutes);
      await api.register(profileRoutes);
      await api.register(ownPasswordRoutes);
      await api.register(teamRoutes);
      await api.register(turnAlertsRoutes);
      await api.register(gettingStartedRoutes);
      await api.register(commissionSettingsRoutes);
    },
    { prefix: '/api' },
  );

  // Uploaded images, under server-made names; the API stores paths relative to the host.
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  });

  if (options.frontEnds) await registerFrontEnds(app, options.frontEnds, { googleSignIn: Boolean(config.googleClientId) });
  registerFavicon(app);

  return app;
}
