import { describe, expect, it } from 'vitest';
import { isOnlineBookingUrl } from '../src/booking-links.js';

describe('booking links (spec §2, §5)', () => {
  it('honours links starting with http:// or the site host', () => {
    expect(isOnlineBookingUrl('http://book.example/me', 'https://app.test')).toBe(true);
    expect(isOnlineBookingUrl('https://app.test/shop/demo', 'https://app.test/')).toBe(true);
  });
  it('refuses other links, a bare prefix and nothing', () => {
    expect(isOnlineBookingUrl('https://elsewhere.example/me', 'https://app.test')).toBe(false);
    expect(isOnlineBookingUrl('http://', 'https://app.test')).toBe(false);
    expect(isOnlineBookingUrl('https://app.test', 'https://app.test')).toBe(false);
    expect(isOnlineBookingUrl('', 'https://app.test')).toBe(false);
    expect(isOnlineBookingUrl(null, 'https://app.test')).toBe(false);
  });
});
