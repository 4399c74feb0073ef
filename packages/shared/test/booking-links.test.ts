import { describe, expect, it } from 'vitest';
import { BOOKING_URL_MESSAGE, isOnlineBookingUrl } from '../src/booking-links.js';
import { profileUpdateInput } from '../src/schemas/profile.js';
import { teamMemberInput } from '../src/schemas/team.js';

const HOST = 'https://app.test';

describe('booking links: a web link (http:// or https://) or our own host, nothing else', () => {
  it('honours http:// and https:// links, whatever the case of the scheme', () => {
    expect(isOnlineBookingUrl('http://book.example/me', HOST)).toBe(true);
    expect(isOnlineBookingUrl('https://booksy.com/en-us/123_jays-cuts', HOST)).toBe(true);
    expect(isOnlineBookingUrl('https://calendly.com/jay/30min?month=2026-11', HOST)).toBe(true);
    expect(isOnlineBookingUrl('HTTPS://Square.Site/book/jay', HOST)).toBe(true);
    expect(isOnlineBookingUrl('Http://book.example', HOST)).toBe(true);
  });

  it('honours a page of our own host', () => {
    expect(isOnlineBookingUrl('https://app.test/shop/demo', 'https://app.test/')).toBe(true);
    expect(isOnlineBookingUrl('http://localhost:4321/shop/demo', 'http://localhost:4321')).toBe(true);
  });

  it('ignores whitespace around the link but not inside it', () => {
    expect(isOnlineBookingUrl('  https://book.example/me\n', HOST)).toBe(true);
    expect(isOnlineBookingUrl('https://book.example/ me', HOST)).toBe(false);
    expect(isOnlineBookingUrl('https://app.test/shop demo', HOST)).toBe(false);
  });

  it('never honours another scheme, even one that mentions http', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert("https://book.example")',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:jay@example.com',
      'ftp://files.example/book',
      'tel:+15550100',
      'booksy.com/jay',
      'book',
      '//book.example/me',
      'https:book.example',
      'https:/book.example',
      'xhttps://book.example',
    ]) {
      expect(isOnlineBookingUrl(url, HOST), url).toBe(false);
    }
  });

  it('treats a bare prefix, an empty host part and nothing as no link', () => {
    for (const url of ['http://', 'https://', ' HTTPS:// ', 'https:///path', 'https://?x', '', '   ', null, undefined]) {
      expect(isOnlineBookingUrl(url, HOST), String(url)).toBe(false);
    }
    expect(isOnlineBookingUrl('https://app.test/', 'https://app.test/')).toBe(true);
  });

  it('does not honour a link merely because the host is odd or empty', () => {
    expect(isOnlineBookingUrl('javascript:alert(1)', '')).toBe(false);
    expect(isOnlineBookingUrl('nullish', 'null')).toBe(false);
    expect(isOnlineBookingUrl('javascript:alert(1)', 'javascript:')).toBe(false);
  });
});

describe('saving a booking link (team form and profile) follows the same rule', () => {
  const member = { name: 'Jay Kim', phone_number: '5550102030', email: 'jay@example.test' };
  const profile = { name: 'Jay Kim', phone_no: '5550102030' };

  it('keeps http:// and https:// links, trimmed', () => {
    expect(teamMemberInput.parse({ ...member, booking_url: ' https://booksy.com/jay ' }).booking_url).toBe('https://booksy.com/jay');
    expect(profileUpdateInput.parse({ ...profile, booking_url: 'HTTPS://calendly.com/jay' }).booking_url).toBe('HTTPS://calendly.com/jay');
    expect(profileUpdateInput.parse({ ...profile, booking_url: 'http://book.example/jay' }).booking_url).toBe('http://book.example/jay');
  });

  it('stores a bare http:// or https:// prefix (the form default) as no link', () => {
    for (const prefix of ['http://', 'https://', ' HTTPS:// ', '']) {
      expect(teamMemberInput.parse({ ...member, booking_url: prefix }).booking_url, prefix).toBe('');
      expect(profileUpdateInput.parse({ ...profile, booking_url: prefix }).booking_url, prefix).toBe('');
    }
  });

  it('refuses any other scheme with a message for a person', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'mailto:jay@example.com', 'ftp://x', 'booksy.com/jay', 'https:///x']) {
      const team = teamMemberInput.safeParse({ ...member, booking_url: url });
      const own = profileUpdateInput.safeParse({ ...profile, booking_url: url });
      expect(team.success, url).toBe(false);
      expect(own.success, url).toBe(false);
      expect(team.error?.issues.map((i) => i.message), url).toEqual([BOOKING_URL_MESSAGE]);
      expect(own.error?.issues.map((i) => i.message), url).toEqual([BOOKING_URL_MESSAGE]);
    }
    expect(BOOKING_URL_MESSAGE).toBe('The booking URL must start with http:// or https://');
  });
});
