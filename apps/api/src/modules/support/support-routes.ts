// Too small for a service: these routes call the repository directly.
import { paginated, supportMessage, supportMessageInput, isBarber } from '@chairline/shared';
import { envelope } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../http/access.js';
import { insertSupportMessage, listSupportMessages } from './support-repository.js';

const SENT = "Thanks! Your message reached our support team. We'll answer by email.";

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support/',
    {
      config: { access: 'session', rateLimit: app.rateLimits.signup },
      schema: { tags: ['support'], body: supportMessageInput, response: { 200: envelope(supportMessage.pick({ id: true }).extend({ message: supportMessage.shape.message })) } },
    },
    async (req) => {
      const { shopId, userId } = staffOf(req.principal);
      const row = await insertSupportMessage(app.db, shopId, userId, req.body.subject, req.body.message);
      if (!row) throw new Error('support message not stored');
      const inbox = app.config.supportEmail;
      const text = `From: ${row.name} <${row.email}>\nShop: ${row.shop} (${row.username})\n\n${req.body.message}\n`;
      if (inbox) {
        await app.mailer.send({ to: inbox, subject: `[Support #${row.id}] ${req.body.subject}`, text });
      } else {
        req.log.warn({ supportMessageId: row.id }, 'SUPPORT_EMAIL is not set: the support message is stored only');
      }
      return { status: 1 as const, response: { id: row.id, message: SENT } };
    },
  );

  app.get(
    '/support/',
    { config: { access: 'session' }, schema: { tags: ['support'], response: { 200: paginated(supportMessage) } } },
    async (req) => {
      const staff = staffOf(req.principal);
      // Least privilege: a barber reads only the messages they sent; managers and admins the shop's.
      const rows = await listSupportMessages(app.db, staff.shopId, isBarber(staff.role) ? staff.userId : null);
      return {
        status: 1 as const,
        response: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
        total: rows.length,
      };
    },
  );
};
