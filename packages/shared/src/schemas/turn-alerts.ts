import { z } from 'zod';

/**
 * Turn alerts: how a waiting customer asks to be told their turn is near. One choice per ticket;
 * alerts also go out when the ticket is called and when the shop cancels it.
 */
export const ALERT_CHANNELS = ['push', 'sms', 'email'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** 'next': nobody ahead; 'two_ahead': two or fewer ahead; 'fifteen_minutes': the wait's lower bound is 15 min or less. */
export const ALERT_MOMENTS = ['next', 'two_ahead', 'fifteen_minutes'] as const;
export type AlertMoment = (typeof ALERT_MOMENTS)[number];

/** A browser's PushSubscription.toJSON(). */
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
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
