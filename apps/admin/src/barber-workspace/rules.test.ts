import { STORAGE_KEYS } from '@chairline/shared';
import { memoryStorage } from '@chairline/auth-provider';
import { describe, expect, it } from 'vitest';
import { capitalise, invoiceProblem, readPinRecord, rememberPin, spotLabel } from './rules';


describe('spot and invoice form', () => {
  it("'Your spot: {position+1}'", () => {
    expect(spotLabel(0)).toBe('Your spot: 1');
    expect(spotLabel(4)).toBe('Your spot: 5');
    expect(spotLabel(null)).toBeNull();
  });
  it("Customer, Services and Amount are all required", () => {
    const ok = { customer: '3', services: [1], amount: '25.00' };
    expect(invoiceProblem(ok)).toBeNull();
    for (const missing of [{ customer: '' }, { services: [] }, { amount: ' ' }]) {
      expect(invoiceProblem({ ...ok, ...missing })).toBe('Customer, Services & Amount are required');
    }
  });
  it('capitalises the status', () => {
    expect(capitalise('unpaid')).toBe('Unpaid');
    expect(capitalise('')).toBe('');
  });
});

describe('PIN validity (5 minutes)', () => {
  const now = 1_800_000_000_000;
  it('is stored with a token and an expiry 300000 ms ahead, and valid until then', () => {
    const storage = memoryStorage();
    expect(rememberPin(storage, now, 'tok')).toEqual({ token: 'tok', expiry: now + 300_000 });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.pinValid) ?? '')).toEqual({ token: 'tok', expiry: now + 300_000 });
    expect(readPinRecord(storage, now + 299_999)).toEqual({ token: 'tok', expiry: now + 300_000 });
  });
  it('is gone at its expiry, and a damaged record counts as none', () => {
    const storage = memoryStorage();
    rememberPin(storage, now, 'tok');
    expect(readPinRecord(storage, now + 300_000)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.pinValid)).toBeNull();
    storage.setItem(STORAGE_KEYS.pinValid, '{not json');
    expect(readPinRecord(storage, now)).toBeNull();
    storage.setItem(STORAGE_KEYS.pinValid, JSON.stringify({ token: 1, expiry: now + 5 }));
    expect(readPinRecord(storage, now)).toBeNull();
  });
});
