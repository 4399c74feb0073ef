import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { Mailer } from '../auth/mailer.js';
import { queueSnapshot } from '../queue/tickets/queue-repository.js';
import { claimDueJobs, failJob, finishJob, type AlertJob } from './alert-jobs-repository.js';
import { alertContent, alertEmail, pushPayload, smsText, type AlertContent } from './alert-messages.js';
import type { PushSender } from './senders/push-sender.js';
import { PermanentSendError, safeErrorText } from './senders/send-errors.js';
import type { SmsProvider } from './senders/sms-provider.js';
import { alertOf, alertTicket, removePushSubscription, type AlertTicket, type TurnAlertRow } from './turn-alerts-repository.js';

export interface AlertSenders {
  push: PushSender | null;
  sms: SmsProvider;
  /** null: email is not set up (no SMTP_URL). */
  mailer: Mailer | null;
}

/** The first retry waits this long; each next one twice as long, up to MAX_RETRY_MS. */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 30 * 60_000;
/** A claimed job whose worker stopped (a crash mid-send) is claimed again after this lease. */
const LEASE_MS = 5 * 60_000;
const BATCH = 10;

export const retryDelayMs = (attempts: number) => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

type Outcome = { status: 'sent'; channel: string } | { status: 'skipped'; why: string };

/** Claims due jobs and sends them; every outcome is written back to the job's row. */
export class AlertWorker {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly senders: AlertSenders,
    private readonly publicUrl: string,
  ) {}

  /** One batch: claims up to BATCH due jobs and works them. Returns how many were claimed. */
  async runBatch(): Promise<number> {
    const now = this.clock();
    const jobs = await claimDueJobs(this.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
    for (const job of jobs) await this.work(job);
    return jobs.length;
  }

  private async work(job: AlertJob) {
    try {
      const outcome = await this.attempt(job);
      if (outcome.status === 'sent') {
        await finishJob(this.db, job.id, 'sent', this.clock());
        this.log.info({ job: job.id, ticket: job.ticket_id, kind: job.kind, channel: outcome.channel }, 'turn alert sent');
      } else {
        await finishJob(this.db, job.id, 'skipped', this.clock(), outcome.why);
        this.log.info({ job: job.id, ticket: job.ticket_id, kind: job.kind }, `turn alert not sent: ${outcome.why}`);
      }
    } catch (err) {
      const error = safeErrorText(err);
      if (err instanceof PermanentSendError) {
        if (err.goneEndpoint) await removePushSubscription(this.db, job.ticket_id, err.goneEndpoint);
        await finishJob(this.db, job.id, 'skipped', this.clock(), error);
        this.log.warn({ job: job.id, ticket: job.ticket_id, kind: job.kind }, `turn alert not sent: ${error}`);
        return;
      }
      const now = this.clock();
      const retryAt = job.attempts < job.max_attempts ? new Date(now.getTime() + retryDelayMs(job.attempts)) : null;
      await failJob(this.db, job.id, error, retryAt, now);
      this.log.warn(
        { job: job.id, ticket: job.ticket_id, kind: job.kind, attempts: job.attempts, retry_at: retryAt?.toISOString() ?? null },
        `turn alert failed: ${error}`,
      );
    }
  }

  private async attempt(job: AlertJob): Promise<Outcome> {
    const ticket = await alertTicket(this.db, job.ticket_id);
    if (!ticket) return { status: 'skipped', why: 'the ticket no longer exists' };
    if (job.kind === 'ticket_link') {
      if (!ticket.phone) return { status: 'skipped', why: 'the ticket has no phone number' };
      if (ticket.status !== 'waiting' && ticket.status !== 'called') return { status: 'skipped', why: 'the ticket is no longer in line' };
      await this.senders.sms.send({ to: ticket.phone, body: smsText(this.content(job, ticket, null)), ticketId: ticket.id });
      return this.smsOutcome();
    }
    const alert = await alertOf(this.db, ticket.id);
    if (!alert) return { status: 'skipped', why: 'alerts were turned off' };
    const wanted = { near: 'waiting', called: 'called', shop_cancelled: 'cancelled' }[job.kind];
    if (ticket.status !== wanted) return { status: 'skipped', why: `the ticket is ${ticket.status} now` };
    let ahead: number | null = null;
    if (job.kind === 'near') {
      const place = (await queueSnapshot(this.db, ticket.shop_id, this.clock())).places.get(ticket.id);
      ahead = place === undefined ? null : place - 1;
    }
    return this.send(alert, ticket, this.content(job, ticket, ahead));
  }

  /** The log-only provider only wrote a log line: the job is done, but nothing was sent. */
  private smsOutcome(): Outcome {
    return this.senders.sms.real ? { status: 'sent', channel: 'sms' } : { status: 'skipped', why: 'no SMS provider is configured' };
  }

  private content(job: AlertJob, ticket: AlertTicket, ahead: number | null): AlertContent {
    return alertContent(job.kind, job.moment, ticket, ahead, this.publicUrl);
  }

  private async send(alert: TurnAlertRow, ticket: AlertTicket, content: AlertContent): Promise<Outcome> {
    switch (alert.channel) {
      case 'push': {
        if (!this.senders.push || !alert.push_endpoint || !alert.push_p256dh || !alert.push_auth) {
          return { status: 'skipped', why: 'push is not available' };
        }
        const target = { endpoint: alert.push_endpoint, keys: { p256dh: alert.push_p256dh, auth: alert.push_auth } };
        await this.senders.push.send(target, JSON.stringify(pushPayload(content, ticket.id)));
        return { status: 'sent', channel: 'push' };
      }
      case 'sms':
        if (!ticket.phone) return { status: 'skipped', why: 'the ticket has no phone number' };
        await this.senders.sms.send({ to: ticket.phone, body: smsText(content), ticketId: ticket.id });
        return this.smsOutcome();
      case 'email':
        if (!this.senders.mailer || !alert.email) return { status: 'skipped', why: 'email is not available' };
        await this.senders.mailer.send(alertEmail(alert.email, content));
        return { status: 'sent', channel: 'email' };
    }
  }
}
