import type { Sql } from '../../db/database.js';
import { affiliateEmails, lockReferral, setReferral, shopAlreadyPays, shopHasMemberEmail } from './affiliates-repository.js';

/**
 * Which affiliate referred a shop. The last valid invite wins until the shop pays for the first
 * time; from then on the attribution never moves. An affiliate never refers their own shop (a
 * member of the shop signs in with the affiliate's email or payout email). Unknown affiliates and
 * `-1` are ignored without a word: the visitor did nothing wrong.
 * Returns whether the shop is now attributed to this affiliate.
 */
export async function attribute(tx: Sql, shopId: number, affiliateId: number, source: 'signup' | 'subscribe'): Promise<boolean> {
  if (!Number.isInteger(affiliateId) || affiliateId <= 0) return false;
  const affiliate = await affiliateEmails(tx, affiliateId);
  if (!affiliate) return false;
  if (await shopHasMemberEmail(tx, shopId, affiliate.email, affiliate.payout_email ?? affiliate.email)) return false;
  const current = await lockReferral(tx, shopId);
  if (current?.affiliate_id === affiliateId) return true;
  if (await shopAlreadyPays(tx, shopId)) return false;
  await setReferral(tx, shopId, affiliateId, source);
  return true;
}
