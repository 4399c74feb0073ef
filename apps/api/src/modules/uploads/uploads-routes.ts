// The logo's column change is one statement: these routes call the repository for it directly.
import { envelope, MESSAGES, shopSettings } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../http/access.js';
import { badRequest, notFound } from '../../http/errors.js';
import { readMultipartForm } from '../../http/multipart-form.js';
import { queueEventAt } from '../queue/events/event-bus.js';
import { loadSettings } from '../settings/settings-repository.js';
import { setShopLogo } from './uploads-repository.js';
import { fileFromField, withUploadedImage } from './uploads-service.js';

/**
 * The shop logo of the settings screen: multipart field `shop_logo`, admin only (Shop.shop_logo).
 * Each committed change tells the shop's open public pages (a `shop` queue event).
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];

  app.post(
    '/shop/settings/logo/',
    { config: { access: 'settings' }, schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(shopSettings) } } },
    async (req) => {
      const caller = staffOf(req.principal);
      const form = await readMultipartForm(req);
      const file = fileFromField(form.file, 'shop_logo');
      if (!file) throw badRequest(MESSAGES.imageType);
      await withUploadedImage(app, file, { kind: 'shop_logo', shopId: caller.shopId, userId: caller.userId }, async (tx, path) => {
        await setShopLogo(tx, caller.shopId, path);
      });
      const settings = await loadSettings(app.db, caller.shopId);
      if (!settings) throw notFound();
      await app.events.publish([queueEventAt(settings.username, 'shop')]);
      return { status: 1 as const, response: settings };
    },
  );

  app.delete(
    '/shop/settings/logo/',
    { config: { access: 'settings' }, schema: { tags, response: { 200: envelope(shopSettings) } } },
    async (req) => {
      const shopId = staffOf(req.principal).shopId;
      await setShopLogo(app.db, shopId, null);
      const settings = await loadSettings(app.db, shopId);
      if (!settings) throw notFound();
      await app.events.publish([queueEventAt(settings.username, 'shop')]);
      return { status: 1 as const, response: settings };
    },
  );
};
