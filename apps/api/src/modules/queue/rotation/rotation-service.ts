import {
  maskCustomerName,
  QUEUE_MESSAGES,
  ROTATION_MEMBERSHIP_MESSAGES,
  type BarberStatus,
  type NextBarberReply,
  type RotationEntry,
  isBarber,
} from '@chairline/shared';
import { z } from 'zod';
import type { Database, Sql } from '../../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors.js';
import type { Principal } from '../../../http/types.js';
import { queueEventAt, type EventBus } from '../events/event-bus.js';
import { lockShopById } from '../shop-lock-repository.js';
import { withinBarberLimit } from '../../team/barber-limit.js';
import { memberFacts, type MemberFacts } from '../../team/team-repository.js';
import { barberOfMember } from '../tickets/staff-tickets-repository.js';
import {
  appendToRotation,
  applyOrder,
  markInRotation,
  recordRotationEvent,
  removeFromRotation,
  rotationOrder,
  setBarberStatus,
  waitForAnyBarber,
} from './rotation-repository.js';
import { whoIsUp } from './who-is-up.js';
import { barberName, barberStanding, barbersOfShop, lineCounts, rotationEventsPage, rotationRows, type RotationRow } from './rotation-view-repository.js';
import { rotationEvent } from '@chairline/shared';

type Staff = Extract<Principal, { kind: 'user' }>;
type RotationEventView = z.infer<typeof rotationEvent>;


/** Who looks: barbers see other barbers' customers masked. */
export interface Viewer {
  role: Staff['role'];
  ownBarberId: number | null;
}


function toEntry(r: RotationRow, viewer: Viewer): RotationEntry {
  const showFull = !isBarber(viewer.role) || viewer.ownBarberId === r.id;
  return {
    id: r.id,
    name: r.name,
    profile_pic: r.profile_pic,
    position: r.position,
    status: r.status,
    current_ticket:
      r.ticket_id === null || r.ticket_status === null
        ? null
        : {
            id: r.ticket_id,
            party_name: showFull ? (r.ticket_party_name ?? '') : maskCustomerName(r.ticket_party_name ?? ''),
            status: r.ticket_status,
            started_at: r.ticket_started_at ? r.ticket_started_at.toISOString() : null,
          },
    waiting_count: r.waiting_count,
  };
}

/** The rotation as the screens show it, with who is up (who-is-up.ts). */
export async function rotationView(sql: Sql, shopId: number, viewer: Viewer): Promise<NextBarberReply['response']> {
  const rows = await rotationRows(sql, shopId);
  const counts = await lineCounts(sql, shopId);
  const rotation = rows.map((r) => toEntry(r, viewer));
  const up = whoIsUp(rows);
  return {
    next_barber: rotation.find((e) => e.id === up?.id) ?? null,
    rotation,
    waiting_count: counts?.waiting ?? 0,
    in_service_count: counts?.in_service ?? 0,
  };
}

export class RotationService {
  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
  ) {}

  async viewerOf(staff: Staff): Promise<Viewer> {
    return { role: staff.role, ownBarberId: (await barberOfMember(this.db, staff.membershipId))?.id ?? null };
  }

  async view(staff: Staff) {
    return rotationView(this.db, staff.shopId, await this.viewerOf(staff));
  }

  async events(shopId: number, page: number, pageSize: number): Promise<{ rows: RotationEventView[]; total: number }> {
    const { rows, total } = await rotationEventsPage(this.db, shopId, pageSize, (page - 1) * pageSize);
    return { rows: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })), total };
  }

  /**
   * A manager's new order. Every barber now in the rotation must be in it (a screen that missed a
   * change gets a 409, not a silent drop); a shop barber not yet in it joins at the given place.
   */
  async reorder(staff: Staff, barberIds: number[], reason: string) {
    if (new Set(barberIds).size !== barberIds.length) throw badRequest(QUEUE_MESSAGES.rotationDuplicate);
    const view = await this.db.transaction(async (tx) => {
      const shop = await lockShopById(tx, staff.shopId);
      if (!shop) throw notFound(QUEUE_MESSAGES.shopNotFound);
      const known = await barbersOfShop(tx, staff.shopId, barberIds);
      if (known.length !== barberIds.length) throw notFound(QUEUE_MESSAGES.barberNotFound);
      const current = await rotationOrder(tx, staff.shopId);
      if (current.some((id) => !barberIds.includes(id))) throw conflict(QUEUE_MESSAGES.rotationChanged);
      // Whoever joins the rotation takes walk-ins, whatever their role: a seat of the plan's barber limit.
      await withinBarberLimit(tx, staff.shopId, async () => {
        await markInRotation(tx, staff.shopId, barberIds);
        await applyOrder(tx, staff.shopId, barberIds, staff.userId, 'reorder', reason || 'Reordered by a manager');
      });
      const events = [queueEventAt(shop.username, 'rotation')];
      await this.bus.notifyWithin(tx, events);
      return { events, view: await rotationView(tx, staff.shopId, { role: staff.role, ownBarberId: null }) };
    });
    this.bus.committed(view.events);
    return view.view;
  }

  /** A barber sets their own status; managers and admins anyone's. The place in the rotation is kept. */
  async setStatus(staff: Staff, barberId: number, status: BarberStatus, reason: string): Promise<RotationEntry> {
    const result = await this.db.transaction(async (tx) => {
      const shop = await lockShopById(tx, staff.shopId);
      if (!shop) throw notFound(QUEUE_MESSAGES.shopNotFound);
      const barber = await barberStanding(tx, staff.shopId, barberId);
      if (!barber) throw notFound(QUEUE_MESSAGES.barberNotFound);
      const viewer: Viewer = { role: staff.role, ownBarberId: (await barberOfMember(tx, staff.membershipId))?.id ?? null };
      if (isBarber(staff.role) && viewer.ownBarberId !== barberId) throw forbidden(QUEUE_MESSAGES.ownTicketsOnly);
      if (barber.status !== status) {
        await setBarberStatus(tx, barberId, status);
        await recordRotationEvent(tx, staff.shopId, staff.userId, {
          barberId,
          kind: 'status',
          fromPosition: barber.position,
          toPosition: barber.position,
          reason: `${barber.status} → ${status}${reason ? `: ${reason}` : ''}`,
        });
      }
      const view = await rotationView(tx, staff.shopId, viewer);
      const entry = view.rotation.find((e) => e.id === barberId) ?? {
        id: barberId,
        name: (await barberName(tx, barberId)) ?? '',
        profile_pic: null,
        position: barber.position,
        status,
        current_ticket: null,
        waiting_count: 0,
      };
      const events = barber.status !== status ? [queueEventAt(shop.username, 'rotation')] : [];
      await this.bus.notifyWithin(tx, events);
      return { entry, events };
    });
    this.bus.committed(result.events);
    return result.entry;
  }

  /**
   * An owner or manager stops taking walk-ins: out of the rotation (the others close the gap),
   * which frees a seat of the plan's barber limit. A barber always takes walk-ins, so cannot leave.
   * Customers waiting for them keep their place and wait for any barber instead.
   */
  async leave(staff: Staff, barberId: number, reason: string) {
    return this.changeMembership(staff, barberId, async (tx, member) => {
      if (isBarber(member.role)) throw conflict(ROTATION_MEMBERSHIP_MESSAGES.barberAlwaysTakesWalkins);
      await removeFromRotation(tx, staff.shopId, barberId, staff.userId, reason || 'No longer takes walk-ins');
      await waitForAnyBarber(tx, staff.shopId, barberId);
    });
  }

  /** Back into the rotation, at its end: takes a seat of the plan's barber limit, refused beyond it. */
  async join(staff: Staff, barberId: number, reason: string) {
    return this.changeMembership(staff, barberId, (tx) =>
      withinBarberLimit(tx, staff.shopId, () => appendToRotation(tx, staff.shopId, barberId, staff.userId, reason || 'Takes walk-ins again')),
    );
  }

  /** One member of the caller's shop (another shop's is a 404) joins or leaves, under the shop lock. */
  private async changeMembership(
    staff: Staff,
    barberId: number,
    change: (tx: Sql, member: MemberFacts) => Promise<void>,
  ) {
    const result = await this.db.transaction(async (tx) => {
      const shop = await lockShopById(tx, staff.shopId);
      if (!shop) throw notFound(QUEUE_MESSAGES.shopNotFound);
      const member = await memberFacts(tx, staff.shopId, barberId);
      if (!member) throw notFound(QUEUE_MESSAGES.barberNotFound);
      const before = await rotationOrder(tx, staff.shopId);
      await change(tx, member);
      const after = await rotationOrder(tx, staff.shopId);
      const events = before.join() !== after.join() ? [queueEventAt(shop.username, 'rotation')] : [];
      await this.bus.notifyWithin(tx, events);
      return { events, view: await rotationView(tx, staff.shopId, { role: staff.role, ownBarberId: null }) };
    });
    this.bus.committed(result.events);
    return result.view;
  }
}
