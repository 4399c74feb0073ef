import { MESSAGES, SIGNUP_TRIAL_DAYS } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { conflict } from '../../http/errors.js';
import { basicPlanId } from '../plans/plans-repository.js';
import { assertUsernameFree } from '../usernames/usernames-repository.js';

export interface NewShopOwner {
  name: string;
  email: string;
  passwordHash: string | null;
  googleSub?: string | null;
  emailVerified?: boolean;
  shopName: string;
  shopUsername: string;
  timezone?: string;
}

/** Refuses, with the message a person needs, an email or shop username already in use. */
export async function assertAvailable(sql: Sql, email: string, shopUsername: string): Promise<void> {
  if (await one(sql, 'SELECT 1 FROM users WHERE email = $1', [email])) throw conflict(MESSAGES.emailTaken);
  // A shop's former usernames stay reserved for it (old QR codes): taken for everyone else.
  const usernameTaken = await one(
    sql,
    'SELECT 1 FROM shops WHERE username = $1 UNION ALL SELECT 1 FROM shop_former_usernames WHERE username = $1',
    [shopUsername],
  );
  if (usernameTaken) throw conflict(MESSAGES.usernameTaken);
}

/** A unique violation raced past assertAvailable: say which value was taken. */
export function uniqueViolationMessage(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code !== '23505') return null;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (where.includes('shops_username')) return MESSAGES.usernameTaken;
  if (where.includes('users_email')) return MESSAGES.emailTaken;
  return 'This record already exists.';
}

/**
 * A new shop with its owner as admin (in the rotation, as most owners also cut hair) and a
 * BASIC PLAN trial. Runs inside the caller's transaction.
 */
export async function createShopWithOwner(tx: Sql, o: NewShopOwner): Promise<{ shopId: number; userId: number }> {
  await assertUsernameFree(tx, o.shopUsername, null);
  const shop = await one<{ id: number }>(
    tx,
    'INSERT INTO shops (name, username, timezone) VALUES ($1, $2, $3) RETURNING id',
    [o.shopName, o.shopUsername, o.timezone ?? 'UTC'],
  );
  const user = await one<{ id: number }>(
    tx,
    `INSERT INTO users (email, name, password_hash, google_sub, email_verified)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [o.email, o.name, o.passwordHash, o.googleSub ?? null, o.emailVerified ?? false],
  );
  if (!shop || !user) throw new Error('insert returned no row');
  const membership = await one<{ id: number }>(
    tx,
    "INSERT INTO memberships (shop_id, user_id, role, is_owner) VALUES ($1, $2, 'admin', true) RETURNING id",
    [shop.id, user.id],
  );
  await tx.query(
    `INSERT INTO barbers (shop_id, membership_id, name, email, position) VALUES ($1, $2, $3, $4, 0)`,
    [shop.id, membership?.id, o.name, o.email],
  );
  await tx.query(
    `INSERT INTO subscriptions (shop_id, plan_id, status, trial_ends_at)
     VALUES ($1, $2, 'trialing', now() + make_interval(days => $3))`,
    [shop.id, await basicPlanId(tx), SIGNUP_TRIAL_DAYS],
  );
  await tx.query("INSERT INTO subscription_events (shop_id, kind, detail) VALUES ($1, 'trial_started', 'BASIC PLAN')", [
    shop.id,
  ]);
  return { shopId: shop.id, userId: user.id };
}
