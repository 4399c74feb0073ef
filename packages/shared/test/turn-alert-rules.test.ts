import { describe, expect, it } from 'vitest';
import { turnAlertInput, pushSubscriptionInput } from '../src/schemas/turn-alerts.js';
import { isAlertEmail, isPushSubscription } from '../src/turn-alert-rules.js';

// The ticket page checks an alert choice without zod; the server checks it with the contract.

describe('turn-alert rules without zod', () => {
  const emails = ['sam@example.com', 'sam.lee+cuts@mail.example.co', 'not-an-address', 'a@b', '.sam@example.com', 'sam..lee@example.com', 'sam@ex_ample.com', `${'a'.repeat(250)}@example.com`, ''];
  for (const email of emails) {
    it(`agree with the contract on the address "${email.slice(0, 30)}"`, () => {
      expect(isAlertEmail(email)).toBe(turnAlertInput.shape.email.safeParse(email).success);
    });
  }

  const keys = { p256dh: 'BNc', auth: 'tB' };
  const subscriptions: unknown[] = [
    { endpoint: 'https://push.example.com/send/abc', keys },
    { endpoint: 'http://127.0.0.1:9000/push', keys },
    { endpoint: 'javascript:alert(1)', keys },
    { endpoint: 'ftp://push.example.com/x', keys },
    { endpoint: 'not a url', keys },
    { endpoint: `https://push.example.com/${'a'.repeat(2000)}`, keys },
    { endpoint: 'https://push.example.com/x', keys: { p256dh: '', auth: 'tB' } },
    { endpoint: 'https://push.example.com/x', keys: { p256dh: 'x'.repeat(201), auth: 'tB' } },
    { endpoint: 'https://push.example.com/x', keys: { p256dh: 'BNc', auth: 'x'.repeat(101) } },
    { endpoint: 'https://push.example.com/x' },
    null,
  ];
  subscriptions.forEach((subscription, i) => {
    it(`agree with the contract on push subscription ${i + 1}`, () => {
      expect(isPushSubscription(subscription)).toBe(pushSubscriptionInput.safeParse(subscription).success);
    });
  });
});
