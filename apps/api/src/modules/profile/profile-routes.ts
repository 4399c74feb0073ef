// Too small for a service: this route calls the repository directly.
import { envelope, MESSAGES, profileUpdateInput } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../http/access.js';
import { badRequest } from '../../http/errors.js';
import { readFormOrJson } from '../../http/multipart-form.js';
import { fileFromField, withUploadedImage } from '../uploads/uploads-service.js';
import { updateOwnProfile } from './profile-repository.js';

/**
 * POST /update-barber-profile/: a signed-in shop user changes their own name, phone,
 * booking link and photo. The account (users) and the barber record stay in step, so the session
 * user, the team list and the public barber list all show the same values.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/update-barber-profile/',
    {
      config: { access: 'session' },
      schema: { tags: ['profile'], consumes: ['multipart/form-data', 'application/json'], response: { 200: envelope(z.string()) } },
    },
    async (req) => {
      const caller = staffOf(req.principal);
      const form = await readFormOrJson(req);
      const parsed = profileUpdateInput.safeParse(form.fields);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The profile is not valid.');
      const p = parsed.data;
      const file = fileFromField(form.file, 'profile_photo');
      await withUploadedImage(app, file, { kind: 'profile_photo', shopId: caller.shopId, userId: caller.userId }, async (tx, photo) => {
        const profile = { name: p.name, phone_no: p.phone_no, booking_url: p.booking_url ?? null };
        await updateOwnProfile(tx, caller.userId, caller.membershipId, profile, photo);
      });
      return { status: 1 as const, response: MESSAGES.profileUpdated };
    },
  );
};
