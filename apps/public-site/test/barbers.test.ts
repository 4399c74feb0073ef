import type { PublicBarber } from '@chairline/shared';
import { describe, expect, it } from 'vitest';
import { readBarbers, readQueue, readServices, readShop, readTicket, sortBarbers } from '../src/lib/api-contract.js';
import { barberWaitText, selectableBarbers, shownStatus } from '../src/lib/barber-text.js';
import { buildCheckIn } from '../src/lib/check-in-form.js';
import { displayBoard, tvChairs, tvLine, waitingForText } from '../src/lib/display-board.js';

const barber = (over: Partial<PublicBarber>): PublicBarber => ({
  id: 1,
  name: 'Marcus Reed',
  email: 'marcus@example.com',
  phone_number: '+15550100',
  profile_pic: null,
  booking_url: '',
  position: 0,
  status: 'available',
  waiting_count: 0,
  eta_range: { min_minutes: 0, max_minutes: 0 },
  ...over,
});

describe('barbers on the public pages', () => {
  const list = [
    barber({ id: 3, name: 'Andre', position: 2, status: 'break', eta_range: { min_minutes: 20, max_minutes: 35 } }),
    barber({ id: 4, name: 'Off Guy', position: null, status: 'off', eta_range: null }),
    barber({ id: 1, name: 'Marcus', position: 0, status: 'busy', waiting_count: 2, eta_range: { min_minutes: 10, max_minutes: 25 } }),
    barber({ id: 2, name: 'Jay', position: 1, status: 'available', eta_range: { min_minutes: 0, max_minutes: 5 } }),
  ];

  it('orders by rotation position, barbers without a position last', () => {
    expect(sortBarbers(list).map((b) => b.id)).toEqual([1, 2, 3, 4]);
  });

  it('lets customers pick only barbers taking walk-ins', () => {
    expect(selectableBarbers(list).map((b) => b.id).sort()).toEqual([1, 2, 3]);
    expect(barberWaitText(list[1]!)).toBe('Not taking walk-ins');
    expect(barberWaitText(list[2]!)).toBe('Wait: 10–25 min');
  });

  it('shows "Available" only with no wait, and no wait beside it', () => {
    const free = barber({ status: 'available', eta_range: { min_minutes: 0, max_minutes: 0 } });
    expect(shownStatus(free)).toBe('available');
    expect(barberWaitText(free)).toBe('');
    const withLine = barber({ status: 'available', eta_range: { min_minutes: 20, max_minutes: 40 } });
    expect(shownStatus(withLine)).toBe('busy');
    expect(barberWaitText(withLine)).toBe('Wait: 20–40 min');
    expect(shownStatus(barber({ status: 'break', eta_range: null }))).toBe('break');
    expect(barberWaitText(barber({ status: 'break', eta_range: null }))).toBe('Not taking walk-ins');
  });

  it('numbers the TV line once for the whole shop: 1, 2, 3, never a repeat', () => {
    const eta = { min_minutes: 10, max_minutes: 20 };
    const line = tvLine([
      { place: 1, party_name: 'Sam P.', preferred_barber_name: 'Jay', eta_range: eta },
      { place: 1, party_name: 'Chris Y.', preferred_barber_name: 'Marcus', eta_range: eta },
      { place: 2, party_name: 'Dev H.', preferred_barber_name: null, eta_range: eta },
    ]);
    expect(line.map((w) => w.order)).toEqual([1, 2, 3]);
    const chairs = tvChairs(displayBoard(list, { now_serving: [{ barber_id: 1, barber_name: 'Marcus', party_name: 'Luis O.', started_at: '2026-01-01T10:00:00.000Z' }], waiting: [], waiting_count: 0 }));
    expect(chairs.map((c) => [c.barber.name, c.party])).toEqual([
      ['Marcus', 'Luis O.'],
      ['Jay', null],
      ['Andre', null],
    ]);
  });

  it('builds the waiting-room board: chairs, next up, the line, rotation without off barbers', () => {
    const queue = {
      now_serving: [{ barber_id: 1, barber_name: 'Marcus', party_name: 'Luis O.', started_at: '2026-01-01T10:00:00.000Z' }],
      waiting: [
        { place: 1, party_name: 'Sam P.', preferred_barber_name: null, eta_range: { min_minutes: 10, max_minutes: 25 } },
        { place: 2, party_name: 'Chris Y.', preferred_barber_name: 'Jay', eta_range: null },
      ],
      waiting_count: 2,
    };
    const board = displayBoard(list, queue);
    expect(board.serving.map((c) => [c.barber_name, c.party_name])).toEqual([['Marcus', 'Luis O.']]);
    expect(board.nextUp?.name).toBe('Jay');
    expect(board.waiting.map((w) => w.party_name)).toEqual(['Sam P.', 'Chris Y.']);
    expect(board.waitingCount).toBe(2);
    expect(board.rotation.map((b) => b.name)).toEqual(['Marcus', 'Jay', 'Andre']);
    expect(waitingForText('Jay')).toBe('for Jay');
    expect(waitingForText(null)).toBe('Any barber');
    expect(readQueue(200, { status: 1, response: queue })).toEqual({ ok: true, data: queue });
    expect(readQueue(200, { status: 1, response: { waiting: [] } }).ok).toBe(false);
    expect(readQueue(404, { status: 0, response: 'Shop not found.' })).toEqual({ ok: false, status: 404, message: 'Shop not found.' });
  });
});

describe('reading API replies against the shared contract', () => {
  it('reads the shop reply and passes the 404 message through', () => {
    const shop = { name: 'Fade', username: 'demo', shop_logo: null, bluetick: true, address: '1 Main', phone_number: '555', timezone: 'UTC', accepting_check_ins: true };
    const anyWait = { min_minutes: 5, max_minutes: 10 };
    expect(readShop(200, { status: 1, response: shop, today_checkins: 4, any_barber_eta_range: anyWait })).toEqual({
      ok: true,
      data: { shop, todayCheckins: 4, anyBarberWait: anyWait },
    });
    expect(readShop(200, { status: 1, response: shop, today_checkins: 4, any_barber_eta_range: null }).ok).toBe(true);
    expect(readShop(404, { status: 0, response: 'Shop not found.' })).toEqual({ ok: false, status: 404, message: 'Shop not found.' });
    expect(readShop(200, { status: 1, response: { name: 'x' } }).ok).toBe(false);
  });

  it('reads barber lists bare or wrapped, with the user-facing message on failure', () => {
    expect(readBarbers(200, [barber({})])).toMatchObject({ ok: true });
    expect(readBarbers(200, { status: 1, response: [barber({})] })).toMatchObject({ ok: true });
    expect(readBarbers(500, null)).toEqual({ ok: false, status: 500, message: 'An error occurred while fetching barbers.' });
  });

  it('treats a missing or odd services endpoint as "no services" and drops inactive ones', () => {
    expect(readServices(404, { status: 0, response: 'Not found' })).toEqual([]);
    expect(readServices(200, 'nope')).toEqual([]);
    const services = readServices(200, [
      { id: 1, name: 'Cut', estimated_minutes: 30, formatted_estimated_time: '30 min', price: 25, active: true },
      { id: 2, name: 'Old', active: false },
    ]);
    expect(services.map((s) => s.name)).toEqual(['Cut']);
  });

  it("shows the server's message for a refused check-in", () => {
    expect(readTicket(409, { status: 0, response: 'This shop has reached its check-in limit for the month.' })).toEqual({
      ok: false,
      status: 409,
      message: 'This shop has reached its check-in limit for the month.',
    });
  });
});

describe('the check-in form', () => {
  it('sends "any" or a barber id, with the source', () => {
    const any = buildCheckIn('demo', { name: ' Sam Taylor ', phone: '+1 555 010 2000', barber: 'any', serviceIds: [] }, 'online');
    expect(any).toEqual({
      ok: true,
      input: { shop_username: 'demo', name: 'Sam Taylor', phone_number: '+1 555 010 2000', barber_id: 'any', service_ids: [], source: 'online' },
    });
    const chosen = buildCheckIn('demo', { name: 'Sam', phone: '5550102000', barber: '7', serviceIds: [2] }, 'kiosk');
    expect(chosen.ok && chosen.input).toMatchObject({ barber_id: 7, service_ids: [2], source: 'kiosk' });
  });

  it('gives the shared validation messages per field', () => {
    const result = buildCheckIn('demo', { name: '', phone: 'abc', barber: 'any', serviceIds: [] }, 'online');
    expect(result).toEqual({ ok: false, errors: { name: 'Please enter a name', phone_number: 'Please enter a valid phone number.' } });
  });
});
