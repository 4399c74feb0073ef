import twilio from 'twilio';
import type { SmsProvider } from './sms-provider.js';
import { PermanentSendError } from './send-errors.js';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** Another address speaking Twilio's REST API (a local server in tests); Twilio's own by default. */
  apiBase?: string;
}

/**
 * The SDK's own HTTP client, with every request's origin replaced by `base`: the SDK builds URLs
 * such as https://api.twilio.com/2010-04-01/...; path, query, auth and body stay as the SDK made them.
 */
function redirectedRequestClient(base: URL) {
  const client = new twilio.RequestClient({ timeout: 15_000 });
  const request = client.request.bind(client);
  client.request = ((opts: Parameters<typeof request>[0]) => {
    const uri = new URL(opts.uri);
    const target = new URL(`${base.pathname.replace(/\/$/, '')}${uri.pathname}${uri.search}`, base.origin);
    return request({ ...opts, uri: target.toString() });
  }) as typeof client.request;
  return client;
}

/** Texts through Twilio's Messages API with the real SDK. 4xx answers (bad number, opted out) are final; others are retried. */
export function createTwilioSms(settings: TwilioSettings): SmsProvider {
  const client = twilio(settings.accountSid, settings.authToken, {
    ...(settings.apiBase ? { httpClient: redirectedRequestClient(new URL(settings.apiBase)) } : {}),
    autoRetry: false,
  });
  return {
    real: true,
    async send(sms) {
      try {
        await client.messages.create({ to: sms.to, from: settings.from, body: sms.body });
      } catch (err) {
        const status = (err as { status?: unknown }).status;
        if (typeof status === 'number' && status >= 400 && status < 500 && status !== 429) {
          throw new PermanentSendError(`SMS provider refused the message (${status})`);
        }
        throw new Error(typeof status === 'number' ? `SMS provider answered ${status}` : 'SMS provider did not answer');
      }
    },
  };
}
