// Turn alerts' choices and the checks the ticket page makes before saving one, without zod: the
// public ticket page imports this module on its own (`@chairline/shared/turn-alert-rules`), and
// schemas/turn-alerts.ts builds the contract on the same lists and limits. A test holds the checks
// here to the contract's answers (test/turn-alert-rules.test.ts).

export const ALERT_CHANNELS = ['push', 'sms', 'email'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** 'next': nobody ahead; 'two_ahead': two or fewer ahead; 'fifteen_minutes': the wait's lower bound is 15 min or less. */
export const ALERT_MOMENTS = ['next', 'two_ahead', 'fifteen_minutes'] as const;
export type AlertMoment = (typeof ALERT_MOMENTS)[number];

export const ALERT_EMAIL_MAX = 254;
/** The address form zod's `z.email()` accepts by default (its documented pattern). */
const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** An address alerts can go to. */
export const isAlertEmail = (value: string) => value.length <= ALERT_EMAIL_MAX && EMAIL_PATTERN.test(value);

export const PUSH_SUBSCRIPTION_LIMITS = { endpoint: 2000, p256dh: 200, auth: 100 } as const;

// The WHATWG URL parser of browsers and Node.js (this package is built without the DOM's types).
declare const URL: new (input: string) => { protocol: string };

const isWebUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length >= 1 && value.length <= max;

/** A browser's PushSubscription.toJSON() the server can send to: a web endpoint and both keys. */
export function isPushSubscription(value: unknown): value is { endpoint: string; keys: { p256dh: string; auth: string } } {
  if (typeof value !== 'object' || value === null) return false;
  const { endpoint, keys } = value as { endpoint?: unknown; keys?: unknown };
  if (!isText(endpoint, PUSH_SUBSCRIPTION_LIMITS.endpoint) || !isWebUrl(endpoint)) return false;
  if (typeof keys !== 'object' || keys === null) return false;
  const { p256dh, auth } = keys as { p256dh?: unknown; auth?: unknown };
  return isText(p256dh, PUSH_SUBSCRIPTION_LIMITS.p256dh) && isText(auth, PUSH_SUBSCRIPTION_LIMITS.auth);
}
