// Too small for a service: these routes call the repository directly.
import {
  canAccess,
  COMMISSION_MESSAGES,
  commissionMemberInput,
  commissionSettings,
  commissionShopInput,
  envelope,
  idParams,
  type CommissionSettings,
} from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Sql } from '../../db/database.js';
import { staffOf } from '../../http/access.js';
import { forbidden, notFound } from '../../http/errors.js';
import { commissionEarners } from '../invoices/commissions.js';
import { setPayPeriodStart, updateMemberCommission } from './commissions-repository.js';

type Staff = ReturnType<typeof staffOf>;

/** Managers read the commission settings (they read the report); only admins change them. */
function assertMayEdit(staff: Staff) {
  if (!canAccess(staff.role, 'settings')) throw forbidden(COMMISSION_MESSAGES.adminsOnly);
}

async function settingsOf(sql: Sql, staff: Staff, now: Date): Promise<CommissionSettings> {
  const { today, anchor, members } = await commissionEarners(sql, staff.shopId, now);
  return { pay_period_start: anchor, today, can_edit: canAccess(staff.role, 'settings'), members };
}

/** The commission settings screen: the shop's first pay-period day and each earner's cycle and percentage. */
export const commissionSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['invoices'];
  const access = 'invoices.all' as const;
  const reply = { 200: envelope(commissionSettings) };

  app.get(
    '/commissions/settings/',
    { config: { access }, schema: { tags, querystring: z.object({ timezone: z.string().optional() }), response: reply } },
    async (req) => ({ status: 1 as const, response: await settingsOf(app.db, staffOf(req.principal), app.clock()) }),
  );

  app.put(
    '/commissions/settings/',
    { config: { access }, schema: { tags, body: commissionShopInput, response: reply } },
    async (req) => {
      const staff = staffOf(req.principal);
      assertMayEdit(staff);
      await setPayPeriodStart(app.db, staff.shopId, req.body.pay_period_start);
      return { status: 1 as const, response: await settingsOf(app.db, staff, app.clock()) };
    },
  );

  app.put(
    '/commissions/members/:id/',
    { config: { access }, schema: { tags, params: idParams, body: commissionMemberInput, response: reply } },
    async (req) => {
      const staff = staffOf(req.principal);
      assertMayEdit(staff);
      // Another shop's member, or a removed one, is a 404.
      const updated = await updateMemberCommission(app.db, staff.shopId, req.params.id, req.body.payment_cycle, req.body.percentage);
      if (!updated) throw notFound(COMMISSION_MESSAGES.memberNotFound);
      return { status: 1 as const, response: await settingsOf(app.db, staff, app.clock()) };
    },
  );
};
