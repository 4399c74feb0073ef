import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../../config/env.js';
import { PermanentSendError } from './send-errors.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Web push: an encrypted message (aes128gcm) signed with the server's VAPID key, posted to the browser's push service. */
export interface PushSender {
  /** The application server key (base64url) browsers subscribe with. */
  readonly publicKey: string;
  send(target: PushTarget, payload: string): Promise<void>;
}

/**
 * The VAPID keys: from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when both are set, else made once and
 * kept in the data folder (vapid.json), so browsers' subscriptions survive restarts.
 */
export function vapidKeys(config: Pick<Config, 'vapid' | 'dataDir' | 'supportEmail'>): VapidKeys {
  const subject = config.vapid.subject ?? `mailto:${config.supportEmail ?? 'no-reply@chairline.invalid'}`;
  if (config.vapid.publicKey && config.vapid.privateKey) {
    return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey, subject };
  }
  const file = join(config.dataDir, 'vapid.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: saved.publicKey, privateKey: saved.privateKey, subject };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const made = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }), { mode: 0o600 });
  return { publicKey: made.publicKey, privateKey: made.privateKey, subject };
}

/** How long a push service keeps an undelivered alert: after an hour it no longer helps. */
const TTL_SECONDS = 60 * 60;
const TIMEOUT_MS = 15_000;

/**
 * Sends with the web-push library's request (encryption, VAPID headers) over fetch, so an http
 * push service (a local one in tests) works as well as the browsers' https ones. A 404 or 410
 * means the subscription is gone: a permanent failure, never retried.
 */
export function createPushSender(keys: VapidKeys): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      let request: webpush.RequestDetails;
      try {
        request = webpush.generateRequestDetails(target, payload, {
          vapidDetails: keys,
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'high',
        });
      } catch {
        // Keys that cannot encrypt (checked when saved, so only a damaged row): never better on retry.
        throw new PermanentSendError('the push subscription keys cannot be used', target.endpoint);
      }
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 404 || res.status === 410) throw new PermanentSendError(`push subscription gone (${res.status})`, target.endpoint);
      if (res.status >= 400 && res.status < 500 && res.status !== 429) {
        throw new PermanentSendError(`push service refused the message (${res.status})`);
      }
      if (!res.ok) throw new Error(`push service answered ${res.status}`);
    },
  };
}
