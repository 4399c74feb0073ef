import type { PushSubscriptionInput } from '@chairline/shared';
import { isPushSubscription } from '@chairline/shared/turn-alert-rules';

// Browser notifications for turn alerts: the service worker (public/alerts-sw.js) and the browser's
// push subscription. Nothing is registered or asked until the customer picks "Browser notification".

export const ALERTS_WORKER_URL = '/alerts-sw.js';

/** How long subscribing may take before the page gives up and offers the other channels. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** Whether this browser can receive web push here (iOS Safari only can once the site is on the Home Screen). */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !window.isSecureContext) return 'unsupported';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** The worker's scope: the folder of the ticket pages (`/shop/{username}/ticket/`), nothing wider. */
export const workerScope = (pathname: string) => pathname.replace(/[^/]*$/, '');

/** A base64url VAPID key as the bytes PushManager.subscribe expects. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export type PushResult = { ok: true; subscription: PushSubscriptionInput } | { ok: false; reason: 'denied' | 'unsupported' | 'failed' };

/** Asks permission (call it straight from the customer's click), registers the worker and subscribes. */
export async function subscribeToPush(publicKey: string, scope: string): Promise<PushResult> {
  if (pushSupport() === 'unsupported') return { ok: false, reason: 'unsupported' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'denied' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<PushResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: 'failed' }), SUBSCRIBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([subscribe(publicKey, scope), timeout]);
  } catch {
    return { ok: false, reason: 'failed' };
  } finally {
    clearTimeout(timer);
  }
}

async function subscribe(publicKey: string, scope: string): Promise<PushResult> {
  const registration = await navigator.serviceWorker.register(ALERTS_WORKER_URL, { scope });
  await navigator.serviceWorker.ready;
  const key = applicationServerKey(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another server key cannot carry this server's messages.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  if (!isPushSubscription(json)) return { ok: false, reason: 'failed' };
  return { ok: true, subscription: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } } };
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((b, i) => b === wanted[i]);
}

export const PUSH_MESSAGES = {
  unsupported:
    "This browser can't show notifications from a web page. On an iPhone, add this page to your Home Screen first, or choose another way to be told.",
  denied: 'Notifications are not allowed for this site. Allow them in your browser settings, or choose another way to be told.',
  failed: 'We could not set up notifications in this browser. Please try again, or choose another way to be told.',
} as const;
