import { BARBER_ROLE, isBarber } from '@chairline/shared';
import { subDays, subMinutes } from 'date-fns';
import type { Database, Sql } from '../db/database.js';
import { one } from '../db/database.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createShopWithOwner } from '../modules/auth/shops-repository.js';

export const DEMO_PASSWORD = 'chairline-demo';

const STAFF = [
  { name: 'Maya Brooks', email: 'manager@chairline.test', role: 'manager', inRotation: false },
  { name: 'Marcus Reed', email: 'marcus@chairline.test', role: BARBER_ROLE, inRotation: true },
  { name: 'Jay Kim', email: 'jay@chairline.test', role: BARBER_ROLE, inRotation: true },
  { name: 'Andre Silva', email: 'andre@chairline.test', role: BARBER_ROLE, inRotation: true },
] as const;

// A booking link that is a web link (http:// or https://) is shown as a QR code and 'Book Online'.
// The demo barbers use an https:// link, as real booking services (Booksy, Square, Calendly) give,
// so a visitor trying the demo sees 'Book Online'.
const DEMO_BOOKING_URL = 'https://booksy.com/';

const SERVICES = [
  ['Haircut', 30, 3000],
  ['Skin fade', 45, 4000],
  ['Beard trim', 15, 1500],
  ['Kids cut', 25, 2200],
  ['Line-up', 10, 1000],
] as const;

// Stored as every customer phone is: E.164 (the demo shop is in the US).
const CUSTOMERS = [
  ['Luis Ortega', '+17185550101'],
  ['Sam Patel', '+17185550102'],
  ['Chris Young', '+17185550103'],
  ['Dev Howard', '+17185550104'],
  ['Tom Nguyen', '+17185550105'],
  ['Omar Farah', '+17185550106'],
] as const;

async function insertId(sql: Sql, text: string, params: unknown[]): Promise<number> {
  const row = await one<{ id: number }>(sql, text, params);
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * On first start (no shop at all) makes the demo shop `demo`: an owner, a manager, three barbers,
 * services, customers, a few past tickets and invoices. Returns the logins, or null if skipped.
 */
export async function seedDemoShop(db: Database, now = new Date()) {
  const anyShop = await one(db, 'SELECT 1 FROM shops LIMIT 1');
  if (anyShop) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const { shopId } = await createShopWithOwner(tx, {
      name: 'Darnell Owens',
      email: 'admin@chairline.test',
      passwordHash,
      shopName: 'Fade Factory',
      shopUsername: 'demo',
      timezone: 'America/New_York',
    });
    await tx.query(
      `UPDATE shops SET address = '214 Court Street, Brooklyn, NY 11201', phone_number = '+1 718 555 0199',
              bluetick = true WHERE id = $1`,
      [shopId],
    );
    // The demo runs on a paid plan so its three barbers fit.
    await tx.query(
      `UPDATE subscriptions SET status = 'active', trial_ends_at = NULL,
              current_period_end = $2::timestamptz + interval '30 days',
              plan_id = (SELECT id FROM plans WHERE code = 'pro-monthly')
        WHERE shop_id = $1`,
      [shopId, now],
    );
    // The owner runs the front desk; barbers take turns.
    await tx.query(
      'UPDATE barbers SET in_rotation = false, position = NULL, status = $2 WHERE shop_id = $1',
      [shopId, 'off'],
    );
    const barberIds: number[] = [];
    for (const s of STAFF) {
      const userId = await insertId(
        tx,
        'INSERT INTO users (email, name, phone_no, password_hash, booking_url) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [s.email, s.name, '+1 718 555 01' + (10 + barberIds.length), passwordHash, isBarber(s.role) ? DEMO_BOOKING_URL : ''],
      );
      const membershipId = await insertId(
        tx,
        'INSERT INTO memberships (shop_id, user_id, role) VALUES ($1, $2, $3) RETURNING id',
        [shopId, userId, s.role],
      );
      const barberId = await insertId(
        tx,
        `INSERT INTO barbers (shop_id, membership_id, name, email, booking_url, percentage, in_rotation, position, status)
         VALUES ($1, $2, $3, $4, $5, 40, $6, $7, $8) RETURNING id`,
        [
          shopId,
          membershipId,
          s.name,
          s.email,
          isBarber(s.role) ? DEMO_BOOKING_URL : '',
          s.inRotation,
          s.inRotation ? barberIds.length : null,
          s.inRotation ? 'available' : 'off',
        ],
      );
      if (s.inRotation) barberIds.push(barberId);
    }
    const serviceIds: number[] = [];
    for (const [name, minutes, cents] of SERVICES) {
      serviceIds.push(
        await insertId(
          tx,
          'INSERT INTO services (shop_id, name, estimated_minutes, price_cents) VALUES ($1, $2, $3, $4) RETURNING id',
          [shopId, name, minutes, cents],
        ),
      );
    }
    const customerIds: number[] = [];
    for (const [name, phone] of CUSTOMERS) {
      customerIds.push(
        await insertId(tx, 'INSERT INTO customers (shop_id, name, phone) VALUES ($1, $2, $3) RETURNING id', [
          shopId,
          name,
          phone,
        ]),
      );
    }
    // Served tickets over the last days, each with an invoice.
    for (let i = 0; i < 12; i++) {
      const customer = i % customerIds.length;
      const barberId = barberIds[i % barberIds.length];
      const serviceIndex = i % SERVICES.length;
      const checkedIn = subMinutes(subDays(now, 1 + (i % 6)), 60 * (i % 5));
      const ticketId = await insertId(
        tx,
        `INSERT INTO walkin_tickets (shop_id, token, customer_id, party_name, phone, barber_id, status, source,
                                     checked_in_at, called_at, started_at, completed_at, ended_at)
         VALUES ($1, $2, $3, $4, NULL, $5, 'done', $6, $7, $8, $8, $9, $9) RETURNING id`,
        [
          shopId,
          `demo-ticket-${i}`,
          customerIds[customer],
          CUSTOMERS[customer]?.[0],
          barberId,
          i % 3 === 0 ? 'kiosk' : 'online',
          checkedIn,
          new Date(checkedIn.getTime() + 12 * 60_000),
          new Date(checkedIn.getTime() + 45 * 60_000),
        ],
      );
      await tx.query('INSERT INTO walkin_ticket_services (ticket_id, service_id) VALUES ($1, $2)', [
        ticketId,
        serviceIds[serviceIndex],
      ]);
      const invoiceId = await insertId(
        tx,
        `INSERT INTO invoices (shop_id, barber_id, customer_id, walkin_ticket_id, amount_cents, status, created_at)
         VALUES ($1, $2, $3, $4, $5, 'paid', $6) RETURNING id`,
        [shopId, barberId, customerIds[customer], ticketId, SERVICES[serviceIndex]?.[2], checkedIn],
      );
      await tx.query('INSERT INTO invoice_services (invoice_id, service_id, price_cents) VALUES ($1, $2, $3)', [
        invoiceId,
        serviceIds[serviceIndex],
        SERVICES[serviceIndex]?.[2],
      ]);
    }
    await seedLiveQueue(tx, shopId, barberIds, serviceIds, customerIds, now);
  });
  return {
    password: DEMO_PASSWORD,
    logins: [
      { role: 'admin', email: 'admin@chairline.test' },
      ...STAFF.map((s) => ({ role: isBarber(s.role) ? 'barber' : s.role, email: s.email })),
    ],
  };
}

/**
 * Today's live queue, so the public page and the board look like a Saturday: Marcus has a customer
 * in the chair (and went to the back of the rotation), three people wait.
 */
async function seedLiveQueue(
  tx: Sql,
  shopId: number,
  barberIds: number[],
  serviceIds: number[],
  customerIds: number[],
  now: Date,
) {
  const [marcus, jay, andre] = barberIds;
  if (marcus === undefined || jay === undefined || andre === undefined) return;
  const live = [
    { name: 'Luis Ortega', phone: '+17185550101', customer: 0, barber: marcus, status: 'in_service', service: 1, minutesAgo: 25 },
    { name: 'Chris Young', phone: '+17185550103', customer: 2, barber: null, status: 'waiting', service: 0, minutesAgo: 14 },
    { name: 'Tom Nguyen', phone: '+17185550105', customer: 4, barber: jay, status: 'waiting', service: 2, minutesAgo: 9 },
    { name: 'Priya Shah', phone: null, customer: null, barber: null, status: 'waiting', service: null, minutesAgo: 3 },
  ] as const;
  for (const [i, t] of live.entries()) {
    const checkedIn = subMinutes(now, t.minutesAgo);
    const started = t.status === 'in_service' ? subMinutes(now, t.minutesAgo - 4) : null;
    const ticketId = await insertId(
      tx,
      `INSERT INTO walkin_tickets (shop_id, token, customer_id, party_name, phone, preferred_barber_id, barber_id, status,
                                   source, checked_in_at, called_at, started_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
      [
        shopId,
        `demo-live-${i}`,
        t.customer === null ? null : customerIds[t.customer],
        t.name,
        t.phone,
        t.status === 'waiting' ? t.barber : null,
        t.status === 'in_service' ? t.barber : null,
        t.status,
        i === 3 ? 'kiosk' : 'online',
        checkedIn,
        started,
      ],
    );
    if (t.service !== null) {
      await tx.query('INSERT INTO walkin_ticket_services (ticket_id, service_id) VALUES ($1, $2)', [ticketId, serviceIds[t.service]]);
    }
  }
  // Marcus started a walk-in: busy, and at the back of the rotation.
  await tx.query('UPDATE barbers SET position = NULL WHERE shop_id = $1', [shopId]);
  for (const [position, id] of [jay, andre, marcus].entries()) {
    await tx.query('UPDATE barbers SET position = $2 WHERE id = $1', [id, position]);
  }
  await tx.query(`UPDATE barbers SET status = 'busy' WHERE id = $1`, [marcus]);
  await tx.query(
    `INSERT INTO rotation_events (shop_id, barber_id, kind, from_position, to_position, reason, created_at)
     VALUES ($1, $2, 'turn', 0, 2, 'Started a walk-in', $3)`,
    [shopId, marcus, subMinutes(now, 21)],
  );
}
