import { DEFAULT_CHECK_IN_LIMIT, QUEUE_MESSAGES, UNLIMITED, type TicketSource } from '@chairline/shared';
import { randomBytes } from 'node:crypto';
import type { Sql } from '../../../db/database.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { checkInFacts, insertTicket, monthUsage } from './queue-repository.js';

export interface TicketRequest {
  partyName: string;
  /** E.164 (customerPhone), or null for a desk walk-in without one. */
  phone: string | null;
  preferredBarberId: number | null;
  serviceIds: readonly number[];
  source: TicketSource;
  createdByUserId: number | null;
}

/** Can the shop take one more check-in this month under its plan? Call with the shop locked. */
export async function checkInAllowed(sql: Sql, shopId: number): Promise<boolean> {
  const usage = await monthUsage(sql, shopId);
  const limit = usage.limit ?? DEFAULT_CHECK_IN_LIMIT;
  return limit === UNLIMITED || usage.used < limit;
}

export type QueuedTicket =
  | { kind: 'queued'; id: number; token: string; /** The newest waiting ticket ahead of it. */ beforeId: number | null }
  | { kind: 'in-line'; token: string };

/**
 * Queues a new waiting ticket after the shop's rules: one ticket in line per phone (a phone already in
 * line gets `in-line` with that ticket's token, and nothing is written; the caller decides what to
 * say), the plan's monthly check-ins, a barber of the shop who takes walk-ins, the shop's own
 * services. Must run in a transaction holding the shop lock, so the count, the place and the order
 * of arrival are right under concurrency.
 */
export async function queueTicket(tx: Sql, shopId: number, req: TicketRequest): Promise<QueuedTicket> {
  const serviceIds = [...new Set(req.serviceIds)];
  const facts = await checkInFacts(tx, shopId, req.preferredBarberId, serviceIds, req.phone);
  if (facts.activeToken !== null) return { kind: 'in-line', token: facts.activeToken };
  const limit = facts.limit ?? DEFAULT_CHECK_IN_LIMIT;
  if (!(limit === UNLIMITED || facts.used < limit)) throw conflict(QUEUE_MESSAGES.checkInLimitReached);
  if (req.preferredBarberId !== null) {
    if (facts.barberStatus === null) throw badRequest(QUEUE_MESSAGES.barberNotInShop);
    if (facts.barberStatus === 'off') throw conflict(QUEUE_MESSAGES.barberNotTaking);
  }
  if (facts.knownServices !== serviceIds.length) throw badRequest(QUEUE_MESSAGES.servicesNotInShop);
  const token = randomBytes(16).toString('base64url');
  const { id, beforeId } = await insertTicket(tx, {
    shopId,
    partyName: req.partyName,
    phone: req.phone,
    preferredBarberId: req.preferredBarberId,
    serviceIds,
    source: req.source,
    createdByUserId: req.createdByUserId,
    token,
  });
  return { kind: 'queued', id, token, beforeId };
}
