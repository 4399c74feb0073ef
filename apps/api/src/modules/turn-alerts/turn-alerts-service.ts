import { ALERT_MESSAGES, DEFAULT_SHOP_COUNTRY, normalizePhone, QUEUE_MESSAGES, type TurnAlertInput, type TurnAlertSettings } from '@chairline/shared';
import type { Database } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import { ticketByToken, type TicketRow } from '../queue/tickets/queue-repository.js';
import { evaluateShop } from './alert-triggers.js';
import {
  alertOf,
  alertTicket,
  removeAlert,
  removeSmsAlertsOfPhone,
  saveAlert,
  type AlertTicket,
  type TurnAlertRow,
} from './turn-alerts-repository.js';

export interface AlertAvailability {
  push: boolean;
  sms: boolean;
  email: boolean;
  pushPublicKey: string | null;
}

/** m***@example.com: enough for the customer to recognise, nothing for someone reading over a shoulder. */
export const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
};

/** A browser's keys: p256dh a P-256 public key (65 bytes), auth a secret of at least 16 bytes, both base64url. */
export const usablePushKeys = (keys: { p256dh: string; auth: string }) =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(keys.p256dh) &&
  /^[A-Za-z0-9_-]+={0,2}$/.test(keys.auth) &&
  Buffer.from(keys.p256dh, 'base64url').length === 65 &&
  Buffer.from(keys.auth, 'base64url').length >= 16;

/** Words that end text messages (Twilio's opt-out keywords). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
export const isStopWord = (text: string) => STOP_WORDS.has(text.trim().toUpperCase().replace(/[^A-Z]/g, ''));

/** The customer's side of turn alerts: read, choose, turn off; keyed by the ticket's token. */
export class TurnAlertsService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly availability: AlertAvailability,
  ) {}

  private async ticket(token: string): Promise<TicketRow> {
    const row = await ticketByToken(this.db, token);
    if (!row) throw notFound(QUEUE_MESSAGES.ticketNotFound);
    return row;
  }

  private reply(alert: TurnAlertRow | undefined): TurnAlertSettings {
    const a = this.availability;
    return {
      channel: alert?.channel ?? null,
      when: alert?.moment ?? null,
      email: alert?.channel === 'email' && alert.email ? maskEmail(alert.email) : null,
      available: { push: a.push, sms: a.sms, email: a.email },
      push_public_key: a.push ? a.pushPublicKey : null,
    };
  }

  async settings(token: string): Promise<TurnAlertSettings> {
    const ticket = await this.ticket(token);
    return this.reply(await alertOf(this.db, ticket.id));
  }

  /**
   * Sets the ticket's one choice, while it is waiting or called. The moment may already have come
   * (nobody ahead when choosing "when I'm next"): its alert is queued at once, in the same transaction.
   */
  async choose(token: string, input: TurnAlertInput): Promise<TurnAlertSettings> {
    const ticket = await this.ticket(token);
    if (ticket.status !== 'waiting' && ticket.status !== 'called') throw badRequest(ALERT_MESSAGES.ticketNotWaiting);
    if (!this.availability[input.channel]) throw badRequest(ALERT_MESSAGES.channelUnavailable(input.channel));
    if (input.channel === 'email' && !input.email) throw badRequest(ALERT_MESSAGES.emailRequired);
    if (input.channel === 'push' && !input.push_subscription) throw badRequest(ALERT_MESSAGES.pushRequired);
    if (input.channel === 'push' && input.push_subscription && !usablePushKeys(input.push_subscription.keys)) {
      throw badRequest(ALERT_MESSAGES.pushInvalid);
    }
    if (input.channel === 'sms' && !ticket.phone) throw badRequest(ALERT_MESSAGES.noPhone);
    const now = this.clock();
    const saved = await this.db.transaction(async (tx) => {
      const row = await saveAlert(
        tx,
        ticket.id,
        {
          channel: input.channel,
          moment: input.when,
          email: input.channel === 'email' ? (input.email ?? null) : null,
          push: input.channel === 'push' ? (input.push_subscription ?? null) : null,
        },
        now,
      );
      await evaluateShop(tx, ticket.shop_id, now);
      return row;
    });
    return this.reply(saved);
  }

  async turnOff(token: string): Promise<TurnAlertSettings> {
    const ticket = await this.ticket(token);
    await removeAlert(this.db, ticket.id);
    return this.reply(undefined);
  }

  /** What the email link's page names (the shop and the ticket page), changing nothing. */
  async optOutTarget(token: string): Promise<{ shopName: string; ticket: AlertTicket }> {
    const ticket = await this.ticket(token);
    const full = await alertTicket(this.db, ticket.id);
    if (!full) throw notFound(QUEUE_MESSAGES.ticketNotFound);
    return { shopName: full.shop_name, ticket: full };
  }

  /** The same from the email's link: what the small page names (the shop and the ticket page). */
  async turnOffFromLink(token: string): Promise<{ shopName: string; ticket: AlertTicket }> {
    const ticket = await this.ticket(token);
    await removeAlert(this.db, ticket.id);
    const full = await alertTicket(this.db, ticket.id);
    if (!full) throw notFound(QUEUE_MESSAGES.ticketNotFound);
    return { shopName: full.shop_name, ticket: full };
  }

  /** An inbound text: STOP (and Twilio's other opt-out words) turns off text alerts for the sender's tickets in line. */
  async inboundSms(from: string, body: string): Promise<{ stopped: number }> {
    if (!isStopWord(body) || !from) return { stopped: 0 };
    // Tickets keep E.164; the sender's number is read the same way (it carries its country code).
    const phone = normalizePhone(from, DEFAULT_SHOP_COUNTRY) ?? from.trim();
    return { stopped: await removeSmsAlertsOfPhone(this.db, phone) };
  }
}
