import { billingSummary, envelope } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { one } from '../../db/database.js';
import { staffOf } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { subscriptionIsActive } from '../users/session-user.js';

interface SubscriptionRow {
  plan_id: number;
  plan_name: string;
  status: string;
  trial_ends_at: Date | null;
  current_period_end: Date | null;
  price_cents: number;
  currency: string;
  billing_interval_unit: string;
  is_free: boolean;
}

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const current = (shopId: number) =>
    one<SubscriptionRow>(
      app.db,
      `SELECT s.plan_id, p.name AS plan_name, s.status, s.trial_ends_at, s.current_period_end, p.price_cents, p.currency,
              p.billing_interval_unit, p.is_free
         FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.shop_id = $1`,
      [shopId],
    );

  app.get(
    '/billing/subscription/',
    { config: { access: 'billing' }, schema: { tags: ['billing'], response: { 200: envelope(billingSummary) } } },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      const sub = await current(shopId);
      if (!sub) throw notFound('This shop has no subscription.');
      const history = await app.db.query<{
        id: number;
        kind: string;
        plan_name: string | null;
        amount_cents: number | null;
        detail: string;
        created_at: Date;
      }>(
        `SELECT e.id, e.kind, p.name AS plan_name, e.amount_cents, e.detail, e.created_at
           FROM subscription_events e LEFT JOIN plans p ON p.id = e.plan_id
          WHERE e.shop_id = $1 ORDER BY e.created_at DESC, e.id DESC LIMIT 100`,
        [shopId],
      );
      return {
        status: 1 as const,
        response: {
          plan_id: sub.plan_id,
          plan_name: sub.plan_name,
          status: sub.status,
          is_subscription_active: subscriptionIsActive(sub.status, sub.trial_ends_at, sub.current_period_end, new Date()),
          trial_ends_at: sub.trial_ends_at?.toISOString() ?? null,
          current_period_end: sub.current_period_end?.toISOString() ?? null,
          price: sub.price_cents / 100,
          currency: sub.currency,
          billing_interval_unit: sub.billing_interval_unit,
          history: history.map((h) => ({
            id: h.id,
            kind: h.kind,
            plan_name: h.plan_name,
            amount: h.amount_cents === null ? null : h.amount_cents / 100,
            detail: h.detail,
            created_at: h.created_at.toISOString(),
          })),
        },
      };
    },
  );

  // Spec §4: "Skip and continue with basic plan": status 1 reloads the page, else the message is shown.
  app.post(
    '/subscription/skip-payment/',
    { config: { access: 'subscription' }, schema: { tags: ['subscription'], response: { 200: envelope(z.string()) } } },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      const sub = await current(shopId);
      const now = new Date();
      if (sub && !sub.is_free && subscriptionIsActive(sub.status, sub.trial_ends_at, sub.current_period_end, now)) {
        return { status: 1 as const, response: `You are on the ${sub.plan_name}; nothing to change.` };
      }
      await app.db.transaction(async (tx) => {
        await tx.query(
          `UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'basic'), status = 'active',
                  trial_ends_at = NULL, current_period_end = NULL, updated_at = now()
            WHERE shop_id = $1`,
          [shopId],
        );
        await tx.query(
          `INSERT INTO subscription_events (shop_id, plan_id, kind, detail)
           VALUES ($1, (SELECT id FROM plans WHERE code = 'basic'), 'basic_plan_chosen', 'Continued with the free BASIC PLAN')`,
          [shopId],
        );
      });
      return { status: 1 as const, response: 'You are on the BASIC PLAN.' };
    },
  );
};
