import type { FastifyInstance } from 'fastify';
import { AlertWorker } from './alert-worker.js';
import { createPushSender, vapidKeys } from './senders/push-sender.js';
import { logOnlySms, type SmsProvider } from './senders/sms-provider.js';
import { createTwilioSms } from './senders/twilio-sms.js';
import { afterQueueChanges, TurnAlerts, type TurnAlertsLoop } from './turn-alerts.js';
import { TurnAlertsService } from './turn-alerts-service.js';

export interface TurnAlertOptions {
  /** false: no background loop (tests call app.turnAlerts.drain()). */
  worker?: boolean;
  loop?: Partial<TurnAlertsLoop>;
  /** Whether email alerts are offered; by default when SMTP_URL is set. */
  email?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Turn alerts: the queue hook, the worker, drain() and the ticket-link sender. */
    turnAlerts: TurnAlerts;
    turnAlertsService: TurnAlertsService;
  }
}

const DEFAULT_LOOP: TurnAlertsLoop = { pollMs: 2_000, sweepMs: 30_000 };

/** Wires turn alerts into the app: senders from the configuration, the hook after queue changes, the worker. */
export function registerTurnAlerts(app: FastifyInstance, options: TurnAlertOptions = {}) {
  const { config } = app;
  const push = createPushSender(vapidKeys(config));
  const t = config.twilio;
  const sms: SmsProvider =
    t.accountSid && t.authToken && t.from
      ? createTwilioSms({ accountSid: t.accountSid, authToken: t.authToken, from: t.from, apiBase: t.apiBase })
      : logOnlySms(app.log);
  const email = options.email ?? Boolean(config.smtpUrl);
  const worker = new AlertWorker(app.db, app.clock, app.log, { push, sms, mailer: email ? app.mailer : null }, config.publicUrl);
  const alerts = new TurnAlerts(app.db, app.clock, app.log, worker);
  const service = new TurnAlertsService(app.db, app.clock, { push: true, sms: sms.real, email, pushPublicKey: push.publicKey });
  app.decorate('turnAlerts', alerts);
  app.decorate('turnAlertsService', service);
  afterQueueChanges(app.events, (events) => alerts.queueChanged(events));
  if (options.worker !== false) {
    app.addHook('onReady', async () => alerts.start({ ...DEFAULT_LOOP, ...options.loop }));
  }
  app.addHook('onClose', async () => alerts.stop());
}
