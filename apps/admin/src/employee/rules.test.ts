import { STORAGE_KEYS } from '@chairline/shared';
import { memoryStorage } from '@chairline/auth-provider';
import { describe, expect, it } from 'vitest';
import { capitalise, invoiceProblem, isOnlineBookingUrl, photoProblem, profileProblem, readPinRecord, rememberPin, spotLabel } from './rules';

const MB = 1024 * 1024;

describe('profile photo (spec §5)', () => {
  it('accepts images up to 5 MB', () => {
    expect(photoProblem({ type: 'image/png', size: 5 * MB })).toBeNull();
    expect(photoProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
  });
  it("refuses other types with 'Invalid File Type'", () => {
    expect(photoProblem({ type: 'application/pdf', size: 10 })).toEqual({ title: 'Invalid File Type', text: 'Please select an image file (JPEG, PNG, etc.)' });
    expect(photoProblem({ type: '', size: 10 })?.title).toBe('Invalid File Type');
  });
  it("refuses more than 5 MB with 'File Too Large'", () => {
    expect(photoProblem({ type: 'image/png', size: 5 * MB + 1 })).toEqual({ title: 'File Too Large', text: 'Please select an image smaller than 5MB' });
  });
});

describe('profile update (spec §5)', () => {
  const initial = { name: 'Jay Kim', phone_no: '555-0101', booking_url: '' };
  it("nothing changed → 'No Changes'", () => {
    expect(profileProblem(initial, { ...initial, name: ' Jay Kim ' }, false)).toEqual({ title: 'No Changes', text: 'No changes were made to update' });
  });
  it('a new photo alone is a change', () => {
    expect(profileProblem(initial, initial, true)).toBeNull();
  });
  it("name then phone are required once something changed ('Validation Error')", () => {
    expect(profileProblem(initial, { ...initial, name: '' }, false)).toEqual({ title: 'Validation Error', text: 'Please enter a name' });
    expect(profileProblem(initial, { ...initial, phone_no: '  ' }, false)).toEqual({ title: 'Validation Error', text: 'Please enter a phone number' });
    expect(profileProblem(initial, { ...initial, booking_url: '' , phone_no: '555-0102' }, false)).toBeNull();
  });
});

describe('booking links (spec §2, §5)', () => {
  it('are honoured only when they start with http:// or the host, and are more than the prefix', () => {
    expect(isOnlineBookingUrl('http://book.example/me', 'https://app.test')).toBe(true);
    expect(isOnlineBookingUrl('https://app.test/shop/demo', 'https://app.test')).toBe(true);
    expect(isOnlineBookingUrl('https://elsewhere.example/me', 'https://app.test')).toBe(false);
    expect(isOnlineBookingUrl('http://', 'https://app.test')).toBe(false);
    expect(isOnlineBookingUrl('', 'https://app.test')).toBe(false);
    expect(isOnlineBookingUrl(null, 'https://app.test')).toBe(false);
  });
});

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

describe('PIN validity (spec §4: 5 minutes)', () => {
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
