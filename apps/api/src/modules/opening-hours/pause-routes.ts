// Too small for a service: these routes call the repository directly.
import { envelope, pauseWalkinsInput, walkinPause, type WalkinPause } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Sql } from '../../db/database.js';
import { staffOf } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { queueEventAt } from '../queue/events/event-bus.js';
import { pauseRow, pauseWalkins, resumeWalkins, type PauseRow } from './opening-hours-repository.js';

/** Buttons post without a body: an absent body is an empty one. */
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

const toPause = (row: PauseRow): WalkinPause => ({
  paused: row.walkins_paused_at !== null,
  reason: row.walkins_pause_reason,
  paused_at: row.walkins_paused_at === null ? null : new Date(row.walkins_paused_at).toISOString(),
});

async function pauseState(sql: Sql, shopId: number): Promise<PauseRow> {
  const row = await pauseRow(sql, shopId);
  if (!row) throw notFound();
  return row;
}

/**
 * Pausing the walk-in list ("Fully booked today"): customers cannot check in on the public page or
 * the kiosk until it is resumed; the desk still can. Managers and admins pause and resume; every
 * member may see whether it is paused. Open pages hear it through a `shop` event.
 */
export const walkinPauseRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['queue'];
  const reply = envelope(walkinPause);

  app.get(
    '/walkins/pause/',
    { config: { access: 'queue.own' }, schema: { tags, response: { 200: reply } } },
    async (req) => ({ status: 1 as const, response: toPause(await pauseState(app.db, staffOf(req.principal).shopId)) }),
  );

  app.post(
    '/walkins/pause/',
    { config: { access: 'queue' }, schema: { tags, body: optionalBody(pauseWalkinsInput), response: { 200: reply } } },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      const row = await pauseWalkins(app.db, shopId, app.clock().toISOString(), req.body.reason === '' ? null : req.body.reason);
      if (!row) throw notFound();
      await app.events.publish([queueEventAt(row.username, 'shop')]);
      return { status: 1 as const, response: toPause(row) };
    },
  );

  app.post(
    '/walkins/resume/',
    { config: { access: 'queue' }, schema: { tags, response: { 200: reply } } },
    async (req) => {
      const row = await resumeWalkins(app.db, staffOf(req.principal).shopId);
      if (!row) throw notFound();
      await app.events.publish([queueEventAt(row.username, 'shop')]);
      return { status: 1 as const, response: toPause(row) };
    },
  );
};
