import { describe, expect, it } from 'vitest';
import { isOnlineBookingUrl } from '../src/lib/booking.js';

const HOST = 'https://chairline.example';

describe('the booking-link rule of spec §2', () => {
  it('offers online booking for http:// links', () => {
    expect(isOnlineBookingUrl('http://book.example.com/marcus', HOST)).toBe(true);
  });

  it('offers online booking for links on the site host', () => {
    expect(isOnlineBookingUrl('https://chairline.example/shop/demo', HOST)).toBe(true);
    expect(isOnlineBookingUrl('https://chairline.example/book', `${HOST}/`)).toBe(true);
  });

  it('refuses anything else, including other https hosts, bare text and the empty form default', () => {
    expect(isOnlineBookingUrl('https://other.example/book', HOST)).toBe(false);
    expect(isOnlineBookingUrl('www.example.com', HOST)).toBe(false);
    expect(isOnlineBookingUrl('', HOST)).toBe(false);
    expect(isOnlineBookingUrl(null, HOST)).toBe(false);
    expect(isOnlineBookingUrl('http://', HOST)).toBe(false);
  });

  it('does not treat an empty host as matching everything', () => {
    expect(isOnlineBookingUrl('ftp://x', '')).toBe(false);
  });
});
