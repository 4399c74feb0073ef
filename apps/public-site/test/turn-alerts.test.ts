import { turnAlertReply } from '@chairline/shared';
import { describe, expect, it } from 'vitest';
import { alertSentence, buildAlertInput, fieldOfServerError, firstWrongField, offeredChannels, withPushSubscription } from '../src/lib/turn-alert-form.js';
import { readAlertSettings } from '../src/lib/turn-alerts-api.js';
import { applicationServerKey, workerScope } from '../src/lib/web-push.js';

const ALL = { push: true, sms: true, email: true };

describe('turn-alert chooser', () => {
  it('says the saved choice in words', () => {
    expect(alertSentence({ channel: 'sms', when: 'two_ahead', email: null })).toBe("We'll text you when 2 are ahead.");
    expect(alertSentence({ channel: 'email', when: 'next', email: 'm***@example.com' })).toBe("We'll email you at m***@example.com when you're next.");
    expect(alertSentence({ channel: 'push', when: 'fifteen_minutes', email: null })).toBe(
      "We'll send a notification to this browser about 15 minutes before your turn.",
    );
    expect(alertSentence({ channel: null, when: null, email: null })).toBeNull();
  });

  it('offers only what the server can send, and push only where the browser can receive it', () => {
    expect(offeredChannels(ALL, 'key', true)).toEqual(['push', 'sms', 'email']);
    expect(offeredChannels(ALL, 'key', false)).toEqual(['sms', 'email']);
    expect(offeredChannels(ALL, null, true)).toEqual(['sms', 'email']);
    expect(offeredChannels({ push: false, sms: false, email: true }, null, true)).toEqual(['email']);
  });

  it('checks the fields before sending, first wrong field first', () => {
    const none = buildAlertInput({ channel: '', when: '', email: '' });
    expect(none).toEqual({ ok: false, errors: { channel: 'Choose how we should tell you.', when: 'Choose when we should tell you.' } });
    const badEmail = buildAlertInput({ channel: 'email', when: '', email: 'not-an-address' });
    expect(badEmail.ok).toBe(false);
    if (!badEmail.ok) {
      expect(badEmail.errors.email).toBe('Enter an email address like name@example.com.');
      expect(firstWrongField(badEmail.errors)).toBe('email');
    }
    expect(buildAlertInput({ channel: 'email', when: 'two_ahead', email: ' sam@example.com ' })).toEqual({
      ok: true,
      input: { channel: 'email', when: 'two_ahead', email: 'sam@example.com' },
    });
    // SMS goes to the ticket's own number: no address is sent even if one was typed before.
    expect(buildAlertInput({ channel: 'sms', when: 'next', email: 'sam@example.com' })).toEqual({ ok: true, input: { channel: 'sms', when: 'next' } });
  });

  it('adds the browser subscription to a push choice, checked by the shared schema', () => {
    const subscription = { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'BPk', auth: 'xyz' } };
    expect(withPushSubscription({ channel: 'push', when: 'next' }, subscription)).toEqual({ channel: 'push', when: 'next', push_subscription: subscription });
    expect(() => withPushSubscription({ channel: 'push', when: 'next' }, { endpoint: 'javascript:alert(1)', keys: { p256dh: 'a', auth: 'b' } })).toThrow();
  });

  it('puts a refused address next to the email field', () => {
    expect(fieldOfServerError('Enter a valid email address.', 'email')).toBe('email');
    expect(fieldOfServerError('This ticket is no longer waiting.', 'email')).toBeNull();
    expect(fieldOfServerError('Enter a valid email address.', 'sms')).toBeNull();
  });

  it('reads the settings reply with the shared contract', () => {
    const response = { channel: 'sms', when: 'next', email: null, available: ALL, push_public_key: 'BKey' };
    expect(turnAlertReply.safeParse({ status: 1, response }).success).toBe(true);
    expect(readAlertSettings(200, { status: 1, response })).toEqual({ ok: true, data: response });
    expect(readAlertSettings(200, { status: 1, response: { ...response, channel: 'pigeon' } })).toEqual({
      ok: false,
      status: 502,
      message: 'The shop answered in an unexpected way. Please try again.',
    });
    expect(readAlertSettings(400, { status: 0, response: 'Enter a valid email address.' })).toEqual({ ok: false, status: 400, message: 'Enter a valid email address.' });
  });
});

describe('web push helpers', () => {
  it('limits the worker to the ticket pages of the shop', () => {
    expect(workerScope('/shop/demo/ticket/abc123')).toBe('/shop/demo/ticket/');
    expect(workerScope('/store/demo/ticket/abc123')).toBe('/store/demo/ticket/');
  });

  it('turns a base64url VAPID key into its bytes', () => {
    expect([...applicationServerKey('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
