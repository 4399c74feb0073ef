import { envelope, MESSAGES, profileUpdateInput } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../http/access.js';
import { badRequest } from '../../http/errors.js';
import { readFormOrJson } from '../../http/multipart-form.js';
import { fileFromField, withUploadedImage } from '../uploads/uploads-service.js';

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
        await tx.query(
          `UPDATE users SET name = $2, phone_no = $3, booking_url = coalesce($4, booking_url), profile_photo = coalesce($5, profile_photo)
            WHERE id = $1`,
          [caller.userId, p.name, p.phone_no, p.booking_url ?? null, photo],
        );
        await tx.query(
          `UPDATE barbers SET name = $2, phone_number = $3, booking_url = coalesce($4, booking_url), profile_pic = coalesce($5, profile_pic)
            WHERE membership_id = $1`,
          [caller.membershipId, p.name, p.phone_no, p.booking_url ?? null, photo],
        );
      });
      return { status: 1 as const, response: MESSAGES.profileUpdated };
    },
  );
};
