import type { BarberStatus } from '@chairline/shared';
import type { Sql } from '../../../db/database.js';
import { one } from '../../../db/database.js';
import { lockShopById } from '../shop-lock-repository.js';

/**
 * The barber rotation ("turns"). `barbers.position` is a barber's place: 0-based and
 * dense among the shop's barbers in the rotation; barbers out of it have a NULL position. Every
 * change is written to rotation_events (who, when, why) in the caller's transaction.
 *
 * `barbers_position_unique` is not deferrable, so a shift done by one UPDATE could collide with a
 * row not yet updated; `writeOrder` first clears the positions, then writes the final order.
 */

export type RotationEventKind = 'join' | 'leave' | 'turn' | 'reorder' | 'status';

/** Barber ids in rotation order (position 0 first). */
export async function rotationOrder(tx: Sql, shopId: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    'SELECT id FROM barbers WHERE shop_id = $1 AND position IS NOT NULL ORDER BY position, id',
    [shopId],
  );
  return rows.map((r) => r.id);
}

/** Writes `orderedIds` as positions 0..n-1 and clears every other barber's position. */
async function writeOrder(tx: Sql, shopId: number, orderedIds: readonly number[]): Promise<void> {
  await tx.query('UPDATE barbers SET position = NULL WHERE shop_id = $1 AND position IS NOT NULL', [shopId]);
  if (orderedIds.length === 0) return;
  await tx.query(
    `UPDATE barbers b SET position = o.ord - 1
       FROM unnest($2::int[]) WITH ORDINALITY AS o(id, ord)
      WHERE b.shop_id = $1 AND b.id = o.id`,
    [shopId, orderedIds],
  );
}

export interface RotationEventRecord {
  barberId: number | null;
  kind: RotationEventKind;
  fromPosition: number | null;
  toPosition: number | null;
  reason: string;
}

export async function recordRotationEvent(
  tx: Sql,
  shopId: number,
  actorUserId: number | null,
  e: RotationEventRecord,
): Promise<void> {
  await tx.query(
    `INSERT INTO rotation_events (shop_id, barber_id, kind, from_position, to_position, reason, actor_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [shopId, e.barberId, e.kind, e.fromPosition, e.toPosition, e.reason, actorUserId],
  );
}

/**
 * Applies a new order and records it: for a move of one barber (`subjectId`: a turn, a join, a
 * leave) that barber's event; for a reorder, one event per barber whose place changed.
 * Returns true when anything changed.
 */
export async function applyOrder(
  tx: Sql,
  shopId: number,
  newOrder: readonly number[],
  actorUserId: number | null,
  kind: RotationEventKind,
  reason: string,
  subjectId?: number,
): Promise<boolean> {
  const before = await rotationOrder(tx, shopId);
  const changed = before.length !== newOrder.length || before.some((id, i) => newOrder[i] !== id);
  if (!changed) return false;
  await writeOrder(tx, shopId, newOrder);
  const ids = subjectId === undefined ? new Set([...before, ...newOrder]) : [subjectId];
  for (const id of ids) {
    const from = before.indexOf(id);
    const to = newOrder.indexOf(id);
    if (from === to) continue;
    await recordRotationEvent(tx, shopId, actorUserId, {
      barberId: id,
      kind,
      fromPosition: from < 0 ? null : from,
      toPosition: to < 0 ? null : to,
      reason,
    });
  }
  return true;
}

/** Puts a (new) barber at the back of the rotation. No change if already in it. */
export async function appendToRotation(
  tx: Sql,
  shopId: number,
  barberId: number,
  actorUserId: number | null,
  reason: string,
): Promise<void> {
  await lockShopById(tx, shopId);
  const barber = await one<{ id: number }>(
    tx,
    'UPDATE barbers SET in_rotation = true WHERE shop_id = $1 AND id = $2 RETURNING id',
    [shopId, barberId],
  );
  if (!barber) return;
  const order = await rotationOrder(tx, shopId);
  if (order.includes(barberId)) return;
  await applyOrder(tx, shopId, [...order, barberId], actorUserId, 'join', reason, barberId);
}

/** Takes a barber out of the rotation (removed from the team, or left by choice); the others close the gap. */
export async function removeFromRotation(
  tx: Sql,
  shopId: number,
  barberId: number,
  actorUserId: number | null,
  reason: string,
): Promise<void> {
  await lockShopById(tx, shopId);
  await tx.query('UPDATE barbers SET in_rotation = false WHERE shop_id = $1 AND id = $2', [shopId, barberId]);
  const order = await rotationOrder(tx, shopId);
  if (!order.includes(barberId)) return;
  await applyOrder(
    tx,
    shopId,
    order.filter((id) => id !== barberId),
    actorUserId,
    'leave',
    reason,
    barberId,
  );
}

/**
 * Customers who asked for a barber who no longer takes walk-ins (removed from the team, or out of
 * the rotation) keep their place in line and wait for any barber instead, so nobody waits for a
 * person who will never call them.
 */
export async function waitForAnyBarber(tx: Sql, shopId: number, barberId: number): Promise<void> {
  await tx.query(
    `UPDATE walkin_tickets SET preferred_barber_id = NULL
      WHERE shop_id = $1 AND preferred_barber_id = $2 AND status IN ('waiting', 'called')`,
    [shopId, barberId],
  );
}

/** After starting a walk-in a barber goes to the back: the next walk-in goes to someone else. */
export async function moveToBack(
  tx: Sql,
  shopId: number,
  barberId: number,
  actorUserId: number | null,
  reason: string,
): Promise<boolean> {
  const order = await rotationOrder(tx, shopId);
  if (!order.includes(barberId)) return false;
  return applyOrder(tx, shopId, [...order.filter((id) => id !== barberId), barberId], actorUserId, 'turn', reason, barberId);
}

/** Barbers named in a new rotation order take walk-ins (the caller checks the plan's barber limit). */
export async function markInRotation(tx: Sql, shopId: number, barberIds: readonly number[]): Promise<void> {
  await tx.query('UPDATE barbers SET in_rotation = true WHERE shop_id = $1 AND id = ANY($2::int[])', [shopId, barberIds]);
}

export async function setBarberStatus(tx: Sql, barberId: number, status: BarberStatus): Promise<void> {
  await tx.query('UPDATE barbers SET status = $2 WHERE id = $1', [barberId, status]);
}
