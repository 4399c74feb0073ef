import { UNLIMITED } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { forbidden } from '../../http/errors.js';
import { lockShopById } from '../queue/shop-lock-repository.js';
import { barberSeats } from './team-repository.js';

export const barberLimitMessage = (planName: string, limit: number) =>
  `Your plan (${planName}) allows ${limit} ${limit === 1 ? 'barber' : 'barbers'}. Upgrade your plan to add more.`;

/**
 * Runs a change that may let more people take walk-ins (a new barber, a role change, joining the
 * rotation) and refuses it when it grows their number beyond the plan's barber limit (-1 unlimited).
 * The shop row is locked first and the count is taken again after the change, in the caller's
 * transaction, so concurrent changes are serialised and can never overrun the limit; a refused
 * change is rolled back with the transaction. A shop already over its limit (a downgraded plan)
 * keeps its people but cannot add more.
 */
export async function withinBarberLimit<T>(tx: Sql, shopId: number, change: () => Promise<T>): Promise<T> {
  await lockShopById(tx, shopId);
  const before = await barberSeats(tx, shopId);
  const result = await change();
  const after = await barberSeats(tx, shopId);
  if (after.limit !== UNLIMITED && after.used > before.used && after.used > after.limit) {
    throw forbidden(barberLimitMessage(after.planName, after.limit));
  }
  return result;
}
