import { describe, expect, it } from 'vitest';
import { AFFILIATE_INVITE_MS, captureReferral, invitedByFrom, referralCodeIn, REFERRAL_VISITOR_KEY, type SendClick } from '../src/affiliate-invite.js';
import { STORAGE_KEYS } from '../src/constants.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}
const known: Record<string, number> = { 'ana-abc123': 7, 'ben-def456': 9 };
const send: SendClick = async (click) => (known[click.code] ? { id: known[click.code] as number } : null);
const page = (search: string) => ({ search, pathname: '/' });

describe('the affiliate invite', () => {
  it('reads the referral code of a page address', () => {
    expect(referralCodeIn('?ref=ana-abc123')).toBe('ana-abc123');
    expect(referralCodeIn('?utm=x&ref=%20ben-def456%20')).toBe('ben-def456');
    expect(referralCodeIn('?ref=')).toBeNull();
    expect(referralCodeIn('?preref=x')).toBeNull();
    expect(referralCodeIn('?ref=%E0%A4%A')).toBeNull();
    expect(referralCodeIn(`?ref=${'a'.repeat(65)}`)).toBeNull();
  });

  it('stores a valid code for 30 days with a visitor id; a newer valid code replaces it; an unknown one changes nothing', async () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const seen: string[] = [];
    const recording: SendClick = async (click) => {
      seen.push(click.visitor_id);
      return send(click);
    };
    await captureReferral(page('?ref=ana-abc123'), storage, recording, () => now, () => 'visitor-0001');
    expect(JSON.parse(storage.data.get(STORAGE_KEYS.affiliateInvite) ?? '')).toEqual({ id: 7, expiresAt: 1_000_000 + AFFILIATE_INVITE_MS });
    now += 1000;
    await captureReferral(page('?ref=ben-def456'), storage, recording, () => now, () => 'visitor-0002');
    expect(JSON.parse(storage.data.get(STORAGE_KEYS.affiliateInvite) ?? '')).toEqual({ id: 9, expiresAt: now + AFFILIATE_INVITE_MS });
    await captureReferral(page('?ref=nobody'), storage, recording, () => now + 5000, () => 'visitor-0003');
    expect(JSON.parse(storage.data.get(STORAGE_KEYS.affiliateInvite) ?? '').id).toBe(9);
    expect(seen).toEqual(['visitor-0001', 'visitor-0001', 'visitor-0001']);
    expect(storage.data.get(REFERRAL_VISITOR_KEY)).toBe('visitor-0001');
  });

  it('never throws: a failed request or no code stores nothing', async () => {
    const storage = memoryStorage();
    await expect(captureReferral(page('?ref=ana-abc123'), storage, () => Promise.reject(new Error('offline')), () => 0, () => 'visitor-0001')).resolves.toBeNull();
    await expect(captureReferral(page(''), storage, send, () => 0, () => 'visitor-0001')).resolves.toBeNull();
    expect(storage.data.has(STORAGE_KEYS.affiliateInvite)).toBe(false);
  });

  it('invited_by is the stored id until the invite expires, -1 otherwise', () => {
    const raw = JSON.stringify({ id: 7, expiresAt: 5000 });
    expect(invitedByFrom(raw, 4999)).toBe(7);
    expect(invitedByFrom(raw, 5000)).toBe(-1);
    expect(invitedByFrom(null, 0)).toBe(-1);
    expect(invitedByFrom('not json', 0)).toBe(-1);
    expect(invitedByFrom(JSON.stringify({ id: '7', expiresAt: 5000 }), 0)).toBe(-1);
    expect(invitedByFrom(JSON.stringify({ id: -3, expiresAt: 5000 }), 0)).toBe(-1);
  });
});
