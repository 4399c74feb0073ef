import { ALERT_MESSAGES, type AlertMoment, type TurnAlertPushPayload } from '@chairline/shared';
import type { Mail } from '../auth/mailer.js';
import type { AlertJobKind } from './alert-jobs-repository.js';
import type { AlertTicket } from './turn-alerts-repository.js';

/** What one alert says, on every channel: a title, a line, the ticket page and the way to turn alerts off. */
export interface AlertContent {
  kind: AlertJobKind;
  title: string;
  body: string;
  /** The ticket page. */
  link: string;
  /** Turns the ticket's alerts off (email); SMS says "Reply STOP" instead. */
  optOutLink: string;
}

export const ticketPageUrl = (publicUrl: string, ticket: Pick<AlertTicket, 'shop_username' | 'token'>) =>
  `${publicUrl}/shop/${encodeURIComponent(ticket.shop_username)}/ticket/${encodeURIComponent(ticket.token)}`;

/** The one-click opt-out of an email: turns the ticket's alerts off and answers a short page. */
export const optOutUrl = (publicUrl: string, token: string) => `${publicUrl}/api/check-in/${encodeURIComponent(token)}/alerts/off/`;

/** `ahead`: customers ahead now (for "two ahead"); null when not waiting. */
export function alertContent(
  kind: AlertJobKind,
  moment: AlertMoment | null,
  ticket: AlertTicket,
  ahead: number | null,
  publicUrl: string,
): AlertContent {
  const shop = ticket.shop_name;
  const base = { kind, link: ticketPageUrl(publicUrl, ticket), optOutLink: optOutUrl(publicUrl, ticket.token) };
  switch (kind) {
    case 'called':
      return { ...base, title: ALERT_MESSAGES.called(shop, ticket.barber_name), body: ALERT_MESSAGES.calledBody };
    case 'shop_cancelled':
      return { ...base, title: ALERT_MESSAGES.shopCancelled(shop), body: ALERT_MESSAGES.shopCancelledBody };
    case 'ticket_link':
      return { ...base, title: ALERT_MESSAGES.ticketLink(shop), body: ALERT_MESSAGES.ticketLinkBody };
    case 'near':
      if (moment === 'next' || ahead === 0) return { ...base, title: ALERT_MESSAGES.next(shop), body: ALERT_MESSAGES.nextBody };
      if (moment === 'two_ahead') return { ...base, title: ALERT_MESSAGES.twoAhead(shop, ahead ?? 2), body: ALERT_MESSAGES.twoAheadBody };
      return { ...base, title: ALERT_MESSAGES.fifteenMinutes(shop), body: ALERT_MESSAGES.fifteenMinutesBody };
  }
}

export function smsText(c: AlertContent): string {
  if (c.kind === 'ticket_link') return `${c.title}. ${c.body} ${c.link}\n${ALERT_MESSAGES.smsOptOut}`;
  return `${c.title}. ${c.body}\n${ALERT_MESSAGES.followLink} ${c.link}\n${ALERT_MESSAGES.smsOptOut}`;
}

export function alertEmail(to: string, c: AlertContent): Mail {
  return {
    to,
    subject: c.title,
    text: `${c.title}\n\n${c.body}\n\n${ALERT_MESSAGES.followLink}\n${c.link}\n\n${ALERT_MESSAGES.emailOptOut}\n${c.optOutLink}\n`,
    // One-click unsubscribe (RFC 8058): mail apps POST to the link; opening it only asks.
    headers: { 'List-Unsubscribe': `<${c.optOutLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export function pushPayload(c: AlertContent, ticketId: number): TurnAlertPushPayload {
  const kind = c.kind === 'ticket_link' ? 'near' : c.kind;
  return { kind, title: c.title, body: c.body, url: c.link, tag: `ticket-${ticketId}` };
}
