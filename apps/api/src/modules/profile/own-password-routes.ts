// Too small for a service: this route calls the repository directly.
import { envelope, OWN_PASSWORD_MESSAGES, ownPasswordChange } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../http/access.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { expireResetTokens, passwordHashOf, setPasswordHash } from '../auth/auth-repository.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';

/**
 * POST /auth/change-password/: any signed-in shop user (owner, manager, barber) changes their own
 * password from Profile. The current password is checked with exactly one argon2 verification (an
 * account without a password costs the same and always fails); the new one follows the sign-up
 * rules. Unused reset links die, every other session of the account ends, and the session the
 * change was made from stays signed in (its access token is renewed through its refresh token).
 */
export const ownPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/change-password/',
    {
      config: { access: 'session', rateLimit: app.rateLimits.login },
      schema: { tags: ['profile'], body: ownPasswordChange, response: { 200: envelope(z.string()) } },
    },
    async (req) => {
      const caller = staffOf(req.principal);
      const row = await passwordHashOf(app.db, caller.userId);
      if (!row) throw unauthorized();
      if (!(await verifyPassword(row.password_hash, req.body.current_password))) throw badRequest(OWN_PASSWORD_MESSAGES.wrongCurrent);
      const passwordHash = await hashPassword(req.body.new_password);
      await app.db.transaction(async (tx) => {
        await setPasswordHash(tx, caller.userId, passwordHash);
        await expireResetTokens(tx, caller.userId);
        await app.tokens.endOtherSessions(tx, { kind: 'user', id: caller.userId }, caller.sessionId);
      });
      return { status: 1 as const, response: OWN_PASSWORD_MESSAGES.changed };
    },
  );
};
