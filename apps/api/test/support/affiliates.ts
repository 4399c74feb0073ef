import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.js';
import { onChargeRefunded, onInvoicePaid, attributeShop } from '../../src/modules/affiliates/affiliate-hooks.js';
import { unique } from './factories.js';

export const AFFILIATE_PASSWORD = 'partner password';

export interface TestAffiliate {
  id: number;
  email: string;
  code: string;
  access: string;
  refresh: string;
}

/** A new affiliate through the public sign-up endpoint, signed in. */
export async function makeAffiliate(app: FastifyInstance, name = 'Riley Partner'): Promise<TestAffiliate> {
  const email = `${unique('aff')}@example.test`;
  const res = await app.inject({ method: 'POST', url: '/api/affiliate/signup/', payload: { name, email, password: AFFILIATE_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`affiliate signup failed: ${res.body}`);
  const body = res.json<{ access: string; refresh: string; user: { id: number; referral_code: string } }>();
  return { id: body.user.id, email, code: body.user.referral_code, access: body.access, refresh: body.refresh };
}

/** A shop signed up through POST /api/auth/signup/ with an invite (or none). */
export async function signupShop(app: FastifyInstance, invitedBy?: number, email = `${unique('owner')}@example.test`) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup/',
    payload: { name: 'Owner', email, password: 'correct horse battery', shop_name: 'Shop', shop_username: unique('shop-'), invited_by: invitedBy },
  });
  if (res.statusCode !== 200) throw new Error(`shop signup failed: ${res.body}`);
  const body = res.json<{ access: string; user: { id: number } }>();
  const shop = await app.db.query<{ shop_id: number }>('SELECT shop_id FROM memberships WHERE user_id = $1', [body.user.id]);
  return { shopId: shop[0]?.shop_id ?? 0, access: body.access, email };
}

export async function referrerOf(db: Database, shopId: number): Promise<number | null> {
  const rows = await db.query<{ affiliate_id: number }>('SELECT affiliate_id FROM affiliate_referrals WHERE shop_id = $1', [shopId]);
  return rows[0]?.affiliate_id ?? null;
}

/** The billing hooks, each in its own transaction as the webhook runs them. */
export const hooks = (db: Database) => ({
  paid: (shopId: number, invoiceId: string, amountPaid: number, paidAt = new Date(), currency = 'usd') =>
    db.transaction((tx) => onInvoicePaid(tx, { shopId, providerInvoiceId: invoiceId, amountPaid, currency, paidAt })),
  refunded: (shopId: number, invoiceId: string | null, amountRefunded: number, refundedAt = new Date()) =>
    db.transaction((tx) =>
      onChargeRefunded(tx, { shopId, providerChargeId: `ch_${invoiceId}`, providerInvoiceId: invoiceId, amountRefunded, currency: 'usd', refundedAt }),
    ),
  attribute: (shopId: number, affiliateId: number) => db.transaction((tx) => attributeShop(tx, shopId, affiliateId)),
});

export async function ledger(db: Database, affiliateId: number) {
  return db.query<{ kind: string; amount: number; source_key: string; currency: string }>(
    'SELECT kind, amount, source_key, currency FROM affiliate_ledger WHERE affiliate_id = $1 ORDER BY id',
    [affiliateId],
  );
}
