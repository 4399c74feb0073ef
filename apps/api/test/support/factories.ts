import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.js';
import { one } from '../../src/db/database.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { createShopWithOwner } from '../../src/modules/auth/shops-repository.js';

export const unique = (prefix = 'x') => `${prefix}${randomBytes(4).toString('hex')}`;
export const PASSWORD = 'correct horse battery';

let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(PASSWORD));

export interface TestUser {
  userId: number;
  email: string;
  access: string;
  refresh: string;
}

export interface TestShop {
  shopId: number;
  username: string;
  admin: TestUser;
  /** Adds a member with a role (a barber record too) and signs them in. */
  addMember(role: 'admin' | 'manager' | 'employee', name?: string): Promise<TestUser & { barberId: number }>;
}

async function signIn(app: FastifyInstance, email: string): Promise<TestUser> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password: PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.body}`);
  const body = res.json<{ access: string; refresh: string; user: { id: number } }>();
  return { userId: body.user.id, email, access: body.access, refresh: body.refresh };
}

/** A new shop with unique names, its admin signed in. */
export async function makeShop(app: FastifyInstance, db: Database, options: { timezone?: string; ownerEmail?: string } = {}): Promise<TestShop> {
  const username = unique('shop-');
  const email = options.ownerEmail ?? `${unique('owner')}@example.test`;
  const hash = await passwordHash();
  const { shopId } = await db.transaction((tx) =>
    createShopWithOwner(tx, {
      name: 'Owner ' + username,
      email,
      passwordHash: hash,
      shopName: 'Shop ' + username,
      shopUsername: username,
      timezone: options.timezone,
    }),
  );
  const admin = await signIn(app, email);
  return {
    shopId,
    username,
    admin,
    async addMember(role, name = unique('Member ')) {
      const memberEmail = `${unique(role)}@example.test`;
      const user = await one<{ id: number }>(
        db,
        'INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) RETURNING id',
        [memberEmail, name, hash],
      );
      const membership = await one<{ id: number }>(
        db,
        'INSERT INTO memberships (shop_id, user_id, role) VALUES ($1, $2, $3) RETURNING id',
        [shopId, user?.id, role],
      );
      const barber = await one<{ id: number }>(
        db,
        `INSERT INTO barbers (shop_id, membership_id, name, email, position)
         VALUES ($1, $2, $3, $4, (SELECT coalesce(max(position) + 1, 0) FROM barbers WHERE shop_id = $1))
         RETURNING id`,
        [shopId, membership?.id, name, memberEmail],
      );
      return { ...(await signIn(app, memberEmail)), barberId: barber?.id ?? 0 };
    },
  };
}

export const bearer = (user: { access: string }) => ({ authorization: `Bearer ${user.access}` });

// ---------- the walk-in queue ----------

/** A phone number no other test uses. */
export const uniquePhone = () => `+1 555 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** Puts the shop on a plan of its own with this many monthly check-ins (-1 unlimited). */
export async function setCheckInLimit(db: Database, shopId: number, limit: number): Promise<void> {
  const plan = await one<{ id: number }>(
    db,
    `INSERT INTO plans (code, name, price_cents, barber_limit, total_check_ins, billing_interval_unit)
     VALUES ($1, 'Test plan', 0, -1, $2, 'month') RETURNING id`,
    [unique('plan-'), limit],
  );
  await db.query('UPDATE subscriptions SET plan_id = $2 WHERE shop_id = $1', [shopId, plan?.id]);
}

/** Joins the shop's queue through the public endpoint. */
export function checkIn(
  app: FastifyInstance,
  shopUsername: string,
  body: { name?: string; phone_number?: string; barber_id?: number | 'any' | null; service_ids?: number[] } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/check-in/',
    payload: { shop_username: shopUsername, name: 'Luis Ortega', phone_number: uniquePhone(), ...body },
  });
}
