import { z } from 'zod';
import { ALERT_CHANNELS, ALERT_MOMENTS, PUSH_SUBSCRIPTION_LIMITS } from '../turn-alert-rules.js';

/**
 * Turn alerts: how a waiting customer asks to be told their turn is near. One choice per ticket;
 * alerts also go out when the ticket is called and when the shop cancels it.
 */
export { ALERT_CHANNELS, ALERT_MOMENTS, type AlertChannel, type AlertMoment } from '../turn-alert-rules.js';

/** A browser's PushSubscription.toJSON(). */
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(PUSH_SUBSCRIPTION_LIMITS.endpoint),
  keys: z.object({
    p256dh: z.string().min(1).max(PUSH_SUBSCRIPTION_LIMITS.p256dh),
    auth: z.string().min(1).max(PUSH_SUBSCRIPTION_LIMITS.auth),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** PUT /api/check-in/{token}/alerts/ */
export const turnAlertInput = z.object({
  channel: z.enum(ALERT_CHANNELS),
  when: z.enum(ALERT_MOMENTS),
  /** Required for 'email'. */
  email: z.email().max(254).optional(),
  /** Required for 'push'. SMS goes to the ticket's own phone number. */
  push_subscription: pushSubscriptionInput.optional(),
});
export type TurnAlertInput = z.infer<typeof turnAlertInput>;

/** GET, PUT and DELETE /api/check-in/{token}/alerts/ answer the ticket's current choice. */
export const turnAlertSettings = z.object({
  /** null: no alerts (never chosen, or turned off). */
  channel: z.enum(ALERT_CHANNELS).nullable(),
  when: z.enum(ALERT_MOMENTS).nullable(),
  /** The address alerts go to, masked (m***@example.com); null unless channel is 'email'. */
  email: z.string().nullable(),
  /** Which channels this server can send; the page offers only these. */
  available: z.object({ push: z.boolean(), sms: z.boolean(), email: z.boolean() }),
  /** The VAPID application server key (base64url) for PushManager.subscribe; null when push is unavailable. */
  push_public_key: z.string().nullable(),
});
export type TurnAlertSettings = z.infer<typeof turnAlertSettings>;
export const turnAlertReply = z.object({ status: z.literal(1), response: turnAlertSettings });

/** The JSON of a turn-alert push message: the service worker shows title and body and opens url on click. */
export const turnAlertPushPayload = z.object({
  kind: z.enum(['near', 'called', 'shop_cancelled']),
  title: z.string(),
  body: z.string(),
  /** The ticket page. */
  url: z.string(),
  /** One notification per ticket: a newer alert replaces the older one. */
  tag: z.string(),
});
export type TurnAlertPushPayload = z.infer<typeof turnAlertPushPayload>;
