import type { LoginReply, SignupBody } from '@chairline/shared';
import { MESSAGES, timeZoneUnsupported } from '@chairline/shared';
import { databaseKnowsZone } from '../../lib/shop-time-zone-repository.js';
import type { Config } from '../../config/env.js';
import type { Database } from '../../db/database.js';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized, unavailable } from '../../http/errors.js';
import { loadSessionUser } from '../users/session-user.js';
import type { GoogleVerifier } from './google.js';
import type { Mailer } from './mailer.js';
import {
  expireResetTokens,
  findLoginUser,
  findUserByGoogleSub,
  findUserGoogleLink,
  findUserNameByEmail,
  linkGoogleAccount,
  setPasswordHash,
  useResetToken,
} from './auth-repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { attribute } from '../affiliates/attribution.js';
import { assertAvailable, createShopWithOwner, uniqueViolationMessage } from './shops-repository.js';
import { issueResetToken, resetLink } from './reset-tokens.js';
import { sha256, type RefreshClient, type TokenService } from './tokens.js';

const RESET_TOKEN_TTL_MINUTES = 60;
const GOOGLE_EMAIL_UNVERIFIED = 'Google has not verified this email address. Sign up with your email and a password instead.';

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly config: Pick<Config, 'publicUrl'>,
    private readonly verifyGoogle: GoogleVerifier | null,
  ) {}

  /** The login reply for a user that is known to exist. */
  async sessionFor(userId: number): Promise<LoginReply> {
    const user = await loadSessionUser(this.db, userId);
    if (!user) throw unauthorized(MESSAGES.invalidCredentials);
    return { ...(await this.tokens.issuePair({ kind: 'user', id: userId })), user };
  }

  /** Every account state (unknown, no password yet, wrong or right password) runs one argon2 verification. */
  async login(email: string, password: string): Promise<LoginReply> {
    const user = await findLoginUser(this.db, email.trim().toLowerCase());
    if (!(await verifyPassword(user?.password_hash, password)) || !user) throw unauthorized(MESSAGES.invalidCredentials);
    return this.sessionFor(user.id);
  }

  /** The schema checked the zone against Intl; the database must know it too, as in the shop settings. */
  private async refuseUnknownZone(timezone: string | undefined): Promise<void> {
    if (timezone && !(await databaseKnowsZone(this.db, timezone))) throw badRequest(timeZoneUnsupported(timezone));
  }

  async signup(body: SignupBody): Promise<LoginReply> {
    await this.refuseUnknownZone(body.timezone);
    await assertAvailable(this.db, body.email, body.shop_username);
    const passwordHash = await hashPassword(body.password);
    const { userId } = await this.createShop({
      name: body.name,
      email: body.email,
      passwordHash,
      shopName: body.shop_name,
      shopUsername: body.shop_username,
      timezone: body.timezone,
    }, body.invited_by);
    return this.sessionFor(userId);
  }

  /** A new shop and its owner; a valid affiliate invite attributes the shop to that affiliate. */
  private async createShop(owner: Parameters<typeof createShopWithOwner>[1], invitedBy = -1) {
    try {
      return await this.db.transaction(async (tx) => {
        const created = await createShopWithOwner(tx, owner);
        await attribute(tx, created.shopId, invitedBy, 'signup');
        return created;
      });
    } catch (err) {
      const message = uniqueViolationMessage(err);
      if (message) throw conflict(message);
      throw err;
    }
  }

  async refresh(refresh: string, client: RefreshClient): Promise<{ access: string; refresh: string }> {
    const pair = await this.tokens.rotate(refresh, client);
    if (!pair) throw unauthorized(MESSAGES.refreshInvalid);
    return pair;
  }

  /** Logout ends the whole session: every token of the refresh family, and its access tokens. */
  logout(refresh: string | undefined): Promise<void> {
    return refresh ? this.tokens.revokeFamilyOf(refresh) : Promise.resolve();
  }

  /**
   * Google sign-in. An existing Google-linked account signs in; an existing password account is
   * linked only when Google vouches for the email; a new Google user needs shop details to sign up.
   */
  async google(idToken: string, shop: { name?: string; username?: string; timezone?: string }): Promise<LoginReply> {
    if (!this.verifyGoogle) throw unavailable('Google sign-in is not set up on this server.');
    const identity = await this.verifyGoogle(idToken);
    if (!identity) throw unauthorized('Google login failed!');
    const bySub = await findUserByGoogleSub(this.db, identity.sub);
    if (bySub) return this.sessionFor(bySub.id);
    const byEmail = await findUserGoogleLink(this.db, identity.email);
    if (byEmail) {
      if (!identity.emailVerified || byEmail.google_sub) {
        throw conflict('An account with this email already exists. Sign in with your password.');
      }
      await linkGoogleAccount(this.db, byEmail.id, identity.sub);
      return this.sessionFor(byEmail.id);
    }
    if (!shop.name || !shop.username) {
      throw notFound('No account uses this Google email yet. Sign up to create your shop.');
    }
    // An address Google has not verified could belong to someone else: it must not claim the email.
    if (!identity.emailVerified) throw forbidden(GOOGLE_EMAIL_UNVERIFIED);
    await this.refuseUnknownZone(shop.timezone);
    await assertAvailable(this.db, identity.email, shop.username);
    const { userId } = await this.createShop({
      name: identity.name || identity.email,
      email: identity.email,
      passwordHash: null,
      googleSub: identity.sub,
      emailVerified: true,
      shopName: shop.name,
      shopUsername: shop.username,
      timezone: shop.timezone,
    });
    return this.sessionFor(userId);
  }

  /** Same outcome whether or not the email has an account, so it cannot be used to find accounts. */
  async forgotPassword(email: string): Promise<void> {
    const user = await findUserNameByEmail(this.db, email);
    if (!user) return;
    const token = await issueResetToken(this.db, user.id, RESET_TOKEN_TTL_MINUTES);
    const link = resetLink(this.config.publicUrl, token);
    await this.mailer.send({
      to: email,
      subject: 'Reset your Chairline password',
      text:
        `Hello ${user.name || ''},\n\nSomeone asked to reset the password of your Chairline account. ` +
        `Open this link within ${RESET_TOKEN_TTL_MINUTES} minutes to choose a new one:\n\n${link}\n\n` +
        'If it was not you, ignore this email: your password stays as it is.\n',
    });
  }

  /**
   * Sets a new password with a single-use, unexpired token; every existing session is ended
   * (refresh families revoked, older access tokens refused).
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const row = await useResetToken(tx, sha256(token));
      if (!row) throw new HttpError(400, MESSAGES.resetInvalid);
      await setPasswordHash(tx, row.user_id, passwordHash);
      await expireResetTokens(tx, row.user_id);
      await this.tokens.revokeAll(tx, { kind: 'user', id: row.user_id });
    });
  }
}
