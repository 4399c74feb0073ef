// Too small for a service: these routes call the repository directly.
import { envelope, shopSettings, shopSettingsInput, timeZoneUnsupported, verifyPinBody } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../http/access.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { databaseKnowsZone } from '../../lib/shop-time-zone-repository.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { queueEventAt } from '../queue/events/event-bus.js';
import { assertUsernameFree, recordRename } from '../usernames/usernames-repository.js';
import { loadSettings, pinState, saveSettings } from './settings-repository.js';

const PIN_NEEDED = 'Please choose a 4-character PIN to turn the PIN on.';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shop/settings/',
    { config: { access: 'settings' }, schema: { tags: ['settings'], response: { 200: envelope(shopSettings) } } },
    async (req) => {
      const settings = await loadSettings(app.db, staffOf(req.principal).shopId);
      if (!settings) throw notFound();
      return { status: 1 as const, response: settings };
    },
  );

  app.put(
    '/shop/settings/',
    {
      config: { access: 'settings' },
      schema: { tags: ['settings'], body: shopSettingsInput, response: { 200: envelope(shopSettings) } },
    },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      const b = req.body;
      const newPinHash = b.pin ? await hashPassword(b.pin) : null;
      const before = await app.db.transaction(async (tx) => {
        // The schema checked the zone against Intl (the browsers' list); the database must know it too,
        // or every query computing "today" in it would fail.
        if (!(await databaseKnowsZone(tx, b.timezone))) throw badRequest(timeZoneUnsupported(b.timezone));
        await assertUsernameFree(tx, b.username, shopId);
        const current = await pinState(tx, shopId);
        if (current && current.username !== b.username) await recordRename(tx, shopId, current.username, b.username);
        if (b.pin_enabled && !newPinHash && !current?.pin_hash) throw badRequest(PIN_NEEDED);
        await saveSettings(tx, shopId, b, newPinHash);
        return current?.username;
      });
      // After the commit, so open public pages refetch what is stored. A renamed shop's old pages hear it too.
      const usernames = new Set([b.username, before].filter((u): u is string => Boolean(u)));
      await app.events.publish([...usernames].map((u) => queueEventAt(u, 'shop')));
      const settings = await loadSettings(app.db, shopId);
      if (!settings) throw notFound();
      return { status: 1 as const, response: settings };
    },
  );

  // Status 0 with a message on failure. Rate-limited: four characters are few.
  app.post(
    '/verify-pin/',
    {
      config: { access: 'session', rateLimit: app.rateLimits.pin },
      schema: { tags: ['settings'], body: verifyPinBody, response: { 200: envelope(z.string()) } },
    },
    async (req) => {
      const state = await pinState(app.db, staffOf(req.principal).shopId);
      if (!state?.pin_enabled) return { status: 1 as const, response: 'No PIN is required in this shop.' };
      if (!(await verifyPassword(state.pin_hash, req.body.pin))) throw forbidden('Incorrect PIN. Please try again.');
      return { status: 1 as const, response: 'PIN verified.' };
    },
  );
};
