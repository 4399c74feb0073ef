import type { StaffRole, TeamMember, TeamMemberInput } from '@chairline/shared';
import {
  canAccess,
  COMMISSION_MESSAGES,
  DEFAULT_COMMISSION_PERCENTAGE,
  MESSAGES,
  PRODUCT_NAME,
  ROTATION_MEMBERSHIP_MESSAGES,
  isBarber,
} from '@chairline/shared';
import type { FastifyInstance } from 'fastify';
import type { Sql } from '../../db/database.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { FormFile } from '../../http/multipart-form.js';
import { expireResetTokens, setPasswordHash } from '../auth/auth-repository.js';
import { hashPassword } from '../auth/passwords.js';
import { issueResetToken, resetLink } from '../auth/reset-tokens.js';
import { uniqueViolationMessage } from '../auth/shops-repository.js';
import { appendToRotation, removeFromRotation, waitForAnyBarber } from '../queue/rotation/rotation-repository.js';
import { lockShopById } from '../queue/shop-lock-repository.js';
import { queueEventAt } from '../queue/events/event-bus.js';
import { withUploadedImage } from '../uploads/uploads-service.js';
import { withinBarberLimit } from './barber-limit.js';
import {
  anotherAdminExists,
  archiveBarber,
  commissionOf,
  deleteUser,
  emailTaken,
  findMember,
  insertMember,
  memberFacts,
  shopNameAndUsername,
  updateMember,
  type MemberFacts,
} from './team-repository.js';

export const TEAM_MESSAGES = {
  notFound: 'This team member does not exist.',
  barbersOnly: 'Managers can add, edit and remove barbers only.',
  notYourself: 'You cannot remove yourself from the team.',
  ownRole: 'You cannot change your own role.',
  owner: 'The shop owner cannot be removed.',
  ownerStaysAdmin: 'The shop owner is always an admin.',
  ownerPassword: "Only the shop owner can change the owner's password.",
  ownerDetails: "Only the shop owner can change the owner's details.",
  removed: 'Member removed.',
  passwordUpdated: 'Member password updated.',
  lastAdmin: 'A shop needs at least one admin. Make another member an admin first.',
} as const;

export { barberLimitMessage } from './barber-limit.js';

/** An invitation stays valid for a week: a new barber may not read their email at once. */
const INVITE_TTL_MINUTES = 7 * 24 * 60;

export interface TeamCaller {
  userId: number;
  shopId: number;
  role: StaffRole;
  /** The caller's own session (refresh family): kept when they change their own password. */
  sessionId?: string;
}

type TeamApp = Pick<FastifyInstance, 'db' | 'uploadsDir' | 'tokens' | 'mailer' | 'config' | 'log'> & Partial<Pick<FastifyInstance, 'events'>>;

/** Team rules: managers manage barbers only, admins everyone. */
export class TeamService {
  constructor(private readonly app: TeamApp) {}

  private assertMayManage(caller: TeamCaller, role: StaffRole) {
    if (!isBarber(role) && !canAccess(caller.role, 'team.managers')) throw forbidden(TEAM_MESSAGES.barbersOnly);
  }

  private async target(caller: TeamCaller, sql: Sql, id: number): Promise<MemberFacts> {
    const member = await memberFacts(sql, caller.shopId, id);
    if (!member) throw notFound(TEAM_MESSAGES.notFound);
    this.assertMayManage(caller, member.role);
    return member;
  }

  /**
   * A shop always keeps at least one admin: removing or demoting the only one is refused. Read
   * under the shop lock, so two admins removing each other at once cannot leave none.
   */
  private async assertAnotherAdminRemains(tx: Sql, shopId: number, member: MemberFacts) {
    if (member.role !== 'admin') return;
    if (!(await anotherAdminExists(tx, shopId, member.membership_id))) throw conflict(TEAM_MESSAGES.lastAdmin);
  }

  /**
   * A barber always cuts hair; only an owner, admin or manager may choose not to. A barber-role
   * member sent with "does not cut hair" is refused rather than silently kept in the rotation.
   */
  private assertCutsHairChoice(input: TeamMemberInput) {
    if (isBarber(input.role) && input.cuts_hair === false) throw conflict(ROTATION_MEMBERSHIP_MESSAGES.barberAlwaysTakesWalkins);
  }

  /**
   * Commission (percentage and pay cycle) is set by admins only. The team form still sends both
   * fields; from anyone else they are accepted only when they change nothing (the member's current
   * values, or the defaults for a new member).
   */
  private assertMayChangeCommission(caller: TeamCaller, input: TeamMemberInput, current: { percentage: number; payment_cycle: string }) {
    if (canAccess(caller.role, 'settings')) return;
    const changesPercentage = input.percentage !== undefined && Math.abs(input.percentage - current.percentage) > 1e-9;
    const changesCycle = input.payment_cycle !== undefined && input.payment_cycle !== current.payment_cycle;
    if (changesPercentage || changesCycle) throw forbidden(COMMISSION_MESSAGES.adminsOnly);
  }

  private async assertEmailFree(tx: Sql, email: string, exceptUserId: number | null) {
    if (await emailTaken(tx, email, exceptUserId)) throw conflict(MESSAGES.emailTaken);
  }

  private async uniqueEmail<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      // Two requests with the same new email raced past the check: the unique index decides.
      if (uniqueViolationMessage(err) === MESSAGES.emailTaken) throw conflict(MESSAGES.emailTaken);
      throw err;
    }
  }

  /**
   * A new member: an account without a usable password (they choose one from the invitation),
   * a membership and a barber record; a barber joins the back of the rotation.
   */
  async create(caller: TeamCaller, input: TeamMemberInput, photo: FormFile | null): Promise<TeamMember> {
    this.assertMayManage(caller, input.role);
    this.assertCutsHairChoice(input);
    this.assertMayChangeCommission(caller, input, { percentage: DEFAULT_COMMISSION_PERCENTAGE, payment_cycle: 'weekly' });
    const cutsHair = isBarber(input.role) || input.cuts_hair === true;
    const owner = { kind: 'profile_photo' as const, shopId: caller.shopId, userId: caller.userId };
    const created = await this.uniqueEmail(() =>
      withUploadedImage(this.app, photo, owner, async (tx, path) => {
        // One writer per shop at a time, so concurrent creations cannot both take the last seat.
        await lockShopById(tx, caller.shopId);
        await this.assertEmailFree(tx, input.email, null);
        return withinBarberLimit(tx, caller.shopId, async () => {
          const { userId, barberId } = await insertMember(tx, caller.shopId, input, path, DEFAULT_COMMISSION_PERCENTAGE);
          if (cutsHair) await appendToRotation(tx, caller.shopId, barberId, caller.userId, 'Joined the team');
          const token = await issueResetToken(tx, userId, INVITE_TTL_MINUTES);
          const shop = await shopNameAndUsername(tx, caller.shopId);
          return { barberId, token, shopName: shop?.name ?? '' };
        });
      }),
    );
    await this.invite(input.email, input.name, created.shopName, created.token);
    const member = await findMember(this.app.db, caller.shopId, created.barberId);
    if (!member) throw notFound(TEAM_MESSAGES.notFound);
    return member;
  }

  /** The invitation is sent after the commit; a mail failure does not undo the new member. */
  private async invite(email: string, name: string, shopName: string, token: string) {
    try {
      await this.app.mailer.send({
        to: email,
        subject: `You have been added to ${shopName} on ${PRODUCT_NAME}`,
        text:
          `Hello ${name},\n\n${shopName} has added you to its team on ${PRODUCT_NAME}. ` +
          `Open this link within 7 days to choose your password and sign in:\n\n` +
          `${resetLink(this.app.config.publicUrl, token)}\n\n` +
          'If you did not expect this, you can ignore this email.\n',
      });
    } catch (err) {
      this.app.log.error({ err, to: email }, 'team invitation email could not be sent');
    }
  }

  async update(caller: TeamCaller, id: number, input: TeamMemberInput, photo: FormFile | null): Promise<TeamMember> {
    const before = await this.target(caller, this.app.db, id);
    this.assertMayManage(caller, input.role);
    this.assertCutsHairChoice(input);
    // Whoever controls the owner's email controls the account (password reset): the owner's alone.
    if (before.is_owner && before.user_id !== caller.userId) throw forbidden(TEAM_MESSAGES.ownerDetails);
    if (before.is_owner && input.role !== 'admin') throw forbidden(TEAM_MESSAGES.ownerStaysAdmin);
    if (input.role !== 'admin') await this.assertAnotherAdminRemains(this.app.db, caller.shopId, before);
    if (before.user_id === caller.userId && input.role !== before.role) throw forbidden(TEAM_MESSAGES.ownRole);
    const owner = { kind: 'profile_photo' as const, shopId: caller.shopId, userId: caller.userId };
    let rotationChanged = false;
    await this.uniqueEmail(() =>
      withUploadedImage(this.app, photo, owner, async (tx, path) => {
        await lockShopById(tx, caller.shopId);
        // Read again under the lock: the member may have been removed or changed meanwhile.
        const current = await this.target(caller, tx, id);
        if (input.role !== 'admin') await this.assertAnotherAdminRemains(tx, caller.shopId, current);
        await this.assertEmailFree(tx, input.email, current.user_id);
        const commission = await commissionOf(tx, id);
        this.assertMayChangeCommission(caller, input, commission ?? { percentage: 0, payment_cycle: 'weekly' });
        // Cutting hair: a barber always does; anyone else keeps their choice unless the form sends one.
        const cutsHair = isBarber(input.role) || (input.cuts_hair ?? current.cuts_hair);
        const becomesBarber = isBarber(input.role) && !isBarber(current.role);
        rotationChanged = becomesBarber || cutsHair !== current.cuts_hair;
        // A member who becomes a barber takes walk-ins (unless already in the rotation): a seat.
        await withinBarberLimit(tx, caller.shopId, async () => {
          await updateMember(tx, current, input, path);
          if (becomesBarber) await appendToRotation(tx, caller.shopId, id, caller.userId, 'Became a barber');
          else if (cutsHair && !current.cuts_hair) await appendToRotation(tx, caller.shopId, id, caller.userId, 'Cuts hair again');
          else if (!cutsHair && current.cuts_hair) {
            // Out of the rotation, the Barbers page and the calendar; past tickets and invoices keep their name.
            await removeFromRotation(tx, caller.shopId, id, caller.userId, 'No longer cuts hair');
            await waitForAnyBarber(tx, caller.shopId, id);
          }
        });
      }),
    );
    // Screens showing the rotation (board, public page, TV) refresh at once.
    if (rotationChanged) await this.announceRotation(caller.shopId);
    const member = await findMember(this.app.db, caller.shopId, id);
    if (!member) throw notFound(TEAM_MESSAGES.notFound);
    return member;
  }

  private async announceRotation(shopId: number) {
    const shop = await shopNameAndUsername(this.app.db, shopId);
    if (shop && this.app.events) await this.app.events.publish([queueEventAt(shop.username, 'rotation')]);
  }

  /**
   * The member loses their login (user and membership deleted, sessions revoked) and leaves the
   * rotation; the barber record stays, archived, so past tickets and invoices still name them.
   * Customers waiting for this barber keep their place and wait for anyone instead.
   */
  async remove(caller: TeamCaller, id: number): Promise<void> {
    await this.app.db.transaction(async (tx) => {
      await lockShopById(tx, caller.shopId);
      const member = await this.target(caller, tx, id);
      await this.assertAnotherAdminRemains(tx, caller.shopId, member);
      if (member.user_id === caller.userId) throw forbidden(TEAM_MESSAGES.notYourself);
      if (member.is_owner) throw forbidden(TEAM_MESSAGES.owner);
      await removeFromRotation(tx, caller.shopId, id, caller.userId, 'Removed from the team');
      await archiveBarber(tx, id);
      await waitForAnyBarber(tx, caller.shopId, id);
      await this.app.tokens.revokeAll(tx, { kind: 'user', id: member.user_id });
      await deleteUser(tx, member.user_id);
    });
  }

  /**
   * Sets a member's password; every session they had ends (their access tokens are refused at
   * once), unused reset links too. Changing one's own password keeps the session it was done from.
   */
  async changePassword(caller: TeamCaller, id: number, password: string): Promise<void> {
    const member = await this.target(caller, this.app.db, id);
    if (member.is_owner && member.user_id !== caller.userId) throw forbidden(TEAM_MESSAGES.ownerPassword);
    const passwordHash = await hashPassword(password);
    await this.app.db.transaction(async (tx) => {
      const current = await this.target(caller, tx, id);
      await setPasswordHash(tx, current.user_id, passwordHash);
      await expireResetTokens(tx, current.user_id);
      const keep = current.user_id === caller.userId ? caller.sessionId : undefined;
      await this.app.tokens.endOtherSessions(tx, { kind: 'user', id: current.user_id }, keep);
    });
  }
}
