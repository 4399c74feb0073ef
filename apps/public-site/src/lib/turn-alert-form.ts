import type { AlertChannel, AlertMoment, PushSubscriptionInput, TurnAlertInput, TurnAlertSettings } from '@chairline/shared';
import { ALERT_CHANNELS, isAlertEmail, isPushSubscription } from '@chairline/shared/turn-alert-rules';

// The words and checks of the ticket page's turn-alert chooser.

export const CHANNEL_LABELS: Record<AlertChannel, string> = {
  push: 'Browser notification',
  sms: 'Text message',
  email: 'Email',
};

export const CHANNEL_HINTS: Record<AlertChannel, string> = {
  push: 'On this phone or computer',
  sms: 'To the number you checked in with',
  email: 'To the address you enter',
};

export const MOMENT_LABELS: Record<AlertMoment, string> = {
  next: "When I'm next",
  two_ahead: 'When 2 are ahead',
  fifteen_minutes: '15 minutes before',
};

const MOMENT_WORDS: Record<AlertMoment, string> = {
  next: "when you're next",
  two_ahead: 'when 2 are ahead',
  fifteen_minutes: 'about 15 minutes before your turn',
};

/** The current choice in one sentence ("We'll text you when 2 are ahead."), or null when alerts are off. */
export function alertSentence(settings: Pick<TurnAlertSettings, 'channel' | 'when' | 'email'>): string | null {
  const { channel, when } = settings;
  if (!channel || !when) return null;
  const moment = MOMENT_WORDS[when];
  if (channel === 'sms') return `We'll text you ${moment}.`;
  if (channel === 'push') return `We'll send a notification to this browser ${moment}.`;
  return settings.email ? `We'll email you at ${settings.email} ${moment}.` : `We'll email you ${moment}.`;
}

/** The channels the page offers: the ones the server can send, and push only where this browser can receive it. */
export function offeredChannels(available: TurnAlertSettings['available'], pushPublicKey: string | null, browserCanPush: boolean): AlertChannel[] {
  return ALERT_CHANNELS.filter((channel) => available[channel] && (channel !== 'push' || (pushPublicKey !== null && browserCanPush)));
}

export interface AlertFields {
  channel: AlertChannel | '';
  when: AlertMoment | '';
  email: string;
}

export type AlertFieldErrors = Partial<Record<'channel' | 'when' | 'email', string>>;

/** The fields in the order they appear on screen (the email box sits under its channel). */
export const ALERT_FIELD_ORDER = ['channel', 'email', 'when'] as const;

export const FIELD_MESSAGES = {
  channel: 'Choose how we should tell you.',
  when: 'Choose when we should tell you.',
  email: 'Enter an email address like name@example.com.',
} as const;

/**
 * The PUT body for the chosen fields, checked with the shared turn-alert rules before sending (push adds the
 * browser's subscription after this check, once the customer has allowed notifications).
 */
export function buildAlertInput(fields: AlertFields): { ok: true; input: Omit<TurnAlertInput, 'push_subscription'> } | { ok: false; errors: AlertFieldErrors } {
  const errors: AlertFieldErrors = {};
  if (!fields.channel) errors.channel = FIELD_MESSAGES.channel;
  if (!fields.when) errors.when = FIELD_MESSAGES.when;
  const email = fields.email.trim();
  if (fields.channel === 'email' && !isAlertEmail(email)) errors.email = FIELD_MESSAGES.email;
  if (!fields.channel || !fields.when || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { channel: fields.channel, when: fields.when, ...(fields.channel === 'email' ? { email } : {}) } };
}

/** The full body for a push choice; throws when the browser's subscription is not one the server takes. */
export function withPushSubscription(input: Omit<TurnAlertInput, 'push_subscription'>, subscription: PushSubscriptionInput): TurnAlertInput {
  if (!isPushSubscription(subscription)) throw new Error('This browser gave a push subscription the shop cannot use.');
  return { ...input, push_subscription: subscription };
}

/** The field a refused save is about, when the server's message names one. */
export function fieldOfServerError(message: string, channel: AlertChannel | ''): keyof AlertFieldErrors | null {
  if (channel === 'email' && /e-?mail|address/i.test(message)) return 'email';
  return null;
}

/** The first wrong field on screen. */
export const firstWrongField = (errors: AlertFieldErrors) => ALERT_FIELD_ORDER.find((key) => errors[key]) ?? null;
