import type { PublicTicket } from '@chairline/shared';
import { describe, expect, it } from 'vitest';
import { isActiveTicket, placeText, publicName, ticketHeadline, waitText } from '../src/lib/ticket-text.js';

const ticket = (over: Partial<PublicTicket>): PublicTicket => ({
  token: 't',
  shop_username: 'demo',
  status: 'waiting',
  party_name: 'Sam T.',
  place: 3,
  ahead: 2,
  eta_range: { min_minutes: 10, max_minutes: 20 },
  preferred_barber: null,
  barber: null,
  services: [],
  checked_in_at: '2026-11-23T10:00:00.000Z',
  called_at: null,
  ...over,
});

describe('what the ticket page says', () => {
  it('gives the place in line and the people ahead while waiting', () => {
    expect(placeText(3)).toBe("You're #3 in line");
    expect(ticketHeadline(ticket({}))).toMatchObject({ title: "You're #3 in line", detail: '2 people ahead of you.', tone: 'waiting' });
    expect(ticketHeadline(ticket({ place: 2, ahead: 1 })).detail).toBe('1 person ahead of you.');
    expect(ticketHeadline(ticket({ place: 1, ahead: 0 })).title).toBe("You're #1 in line");
  });

  it("says it's your turn when called, naming the barber", () => {
    const h = ticketHeadline(ticket({ status: 'called', place: null, ahead: null, barber: { id: 1, name: 'Jay Kim' } }));
    expect(h).toMatchObject({ title: "It's your turn", tone: 'turn' });
    expect(h.detail).toContain('Jay Kim');
  });

  it('has a headline for every status', () => {
    for (const status of ['in_service', 'done', 'cancelled', 'no_show', 'walkout'] as const) {
      expect(ticketHeadline(ticket({ status })).title.length).toBeGreaterThan(0);
    }
    expect(ticketHeadline(ticket({ status: 'cancelled' })).title).toBe('You left the queue');
  });

  it('shows the wait only while waiting, in the shared wording (formatWait)', () => {
    expect(waitText(ticket({}))).toBe('about 15 min');
    expect(waitText(ticket({ eta_range: { min_minutes: 20, max_minutes: 40 } }))).toBe('20–40 min');
    expect(waitText(ticket({ eta_range: { min_minutes: 0, max_minutes: 10 } }))).toBe('about 5 min');
    expect(waitText(ticket({ eta_range: { min_minutes: 4500, max_minutes: 7500 } }))).toBe('more than 3 hours');
    expect(waitText(ticket({ status: 'called' }))).toBe('');
    expect(waitText(ticket({ eta_range: null }))).toBe('');
  });

  it('knows which statuses still hold a place', () => {
    expect(isActiveTicket('waiting')).toBe(true);
    expect(isActiveTicket('called')).toBe(true);
    expect(isActiveTicket('in_service')).toBe(true);
    expect(isActiveTicket('done')).toBe(false);
    expect(isActiveTicket('cancelled')).toBe(false);
  });
});

describe('names on public screens', () => {
  it('shows first name and initial, keeping an already masked name as it is', () => {
    expect(publicName('Kim Park')).toBe('Kim P.');
    expect(publicName('Kim P.')).toBe('Kim P.');
    expect(publicName('Ana de la Cruz')).toBe('Ana C.');
    expect(publicName('Prince')).toBe('Prince');
    expect(publicName('   ')).toBe('Guest');
  });
});
