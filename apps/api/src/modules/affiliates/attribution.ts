import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';

/**
 * Which affiliate referred a shop. The last valid invite wins until the shop pays for the first
 * time; from then on the attribution never moves. An affiliate never refers their own shop (a
 * member of the shop signs in with the affiliate's email or payout email). Unknown affiliates and
 * `-1` are ignored without a word: the visitor did nothing wrong.
 * Returns whether the shop is now attributed to this affiliate.
 */
export async function attribute(tx: Sql, shopId: number, affiliateId: number, source: 'signup' | 'subscribe'): Promise<boolean> {
  if (!Number.isInteger(affiliateId) || affiliateId <= 0) return false;
  const affiliate = await one<{ email: string; payout_email: string | null }>(
    tx,
    'SELECT email, payout_email FROM affiliates WHERE id = $1',
    [affiliateId],
  );
  if (!affiliate) return false;
  const selfReferral = await one(
    tx,
    `SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.shop_id = $1 AND (u.email = $2 OR u.email = $3)`,
    [shopId, affiliate.email, affiliate.payout_email ?? affiliate.email],
  );
  if (selfReferral) return false;
  const current = await one<{ affiliate_id: number }>(
    tx,
    'SELECT affiliate_id FROM affiliate_referrals WHERE shop_id = $1 FOR UPDATE',
    [shopId],
  );
  if (current?.affiliate_id === affiliateId) return true;
  if (await shopAlreadyPays(tx, shopId)) return false;
  await tx.query(
    `INSERT INTO affiliate_referrals (shop_id, affiliate_id, source) VALUES ($1, $2, $3)
     ON CONFLICT (shop_id) DO UPDATE SET affiliate_id = EXCLUDED.affiliate_id, attributed_at = now(), source = EXCLUDED.source`,
    [shopId, affiliateId, source],
  );
  await tx.query('UPDATE subscriptions SET invited_by_affiliate_id = $2 WHERE shop_id = $1', [shopId, affiliateId]);
  return true;
}

/** A shop pays once it is on an active paid plan or has ever earned a commission. */
async function shopAlreadyPays(tx: Sql, shopId: number): Promise<boolean> {
  const row = await one<{ pays: boolean }>(
    tx,
    `SELECT EXISTS (SELECT 1 FROM subscriptions s JOIN plans p ON p.id = s.plan_id
                     WHERE s.shop_id = $1 AND s.status IN ('active', 'past_due') AND NOT p.is_free)
         OR EXISTS (SELECT 1 FROM affiliate_ledger WHERE shop_id = $1 AND kind = 'commission') AS pays`,
    [shopId],
  );
  return row?.pays ?? false;
}
