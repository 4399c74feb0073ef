import { existsSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_PATHS, ADMIN_ROOTS } from '@chairline/shared/routes';

/**
 * Both front ends are served by the API process on one port: the Astro public site
 * (built in middleware mode: prerendered pages are files, the rest is rendered by its handler) and
 * the react-admin single-page app. Only built output is served; a missing build is skipped with a
 * log line so the API alone still runs (tests, `pnpm dev`).
 */
export interface FrontEndDirs {
  /** apps/admin/dist (index.html, login.html, login-eager.html + assets/). */
  admin: string;
  /** apps/public-site/dist (client/ + server/entry.mjs). */
  publicSite: string;
}

export const frontEndDirs = (repoRoot: string): FrontEndDirs => ({
  admin: join(repoRoot, 'apps/admin/dist'),
  publicSite: join(repoRoot, 'apps/public-site/dist'),
});

/** What an Astro page may call to read the API in-process (see apps/public-site/src/env.d.ts). */
export interface PublicSiteLocals {
  apiGet(path: string): Promise<{ status: number; body: unknown }>;
}

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void, locals: PublicSiteLocals) => Promise<void>;

/** Paths of the react-admin app; every one answers its index.html. */
const ADMIN_ROUTES = ADMIN_ROOTS;
/** Paths of the public site rendered or prerendered by Astro. */
const PUBLIC_SITE_ROUTES = ['/', '/privacy-policy', '/terms-and-services', '/pricing', '/shop/*', '/store/*'];

/** A file under root for a URL path (exact, `.html`, or `/index.html`), never outside root. */
function staticFile(root: string, urlPath: string): string | null {
  const clean = normalize(decodeURIComponent(urlPath.split('?')[0] ?? '/')).replace(/^([/\\])+/, '');
  for (const candidate of [clean, `${clean}.html`, join(clean, 'index.html')]) {
    const full = join(root, candidate);
    if (!full.startsWith(root + sep) && full !== root) continue;
    if (existsSync(full) && statSync(full).isFile()) return full;
  }
  return null;
}

function sendFile(reply: FastifyReply, root: string, file: string, cache: 'immutable' | 'revalidate') {
  reply.header('cache-control', cache === 'immutable' ? 'public, max-age=31536000, immutable' : 'no-cache');
  return reply.sendFile(file.slice(root.length + 1), root, { cacheControl: false });
}

// The routes below are pages and files, not the API: they are left out of the API reference.
export async function registerFrontEnds(app: FastifyInstance, dirs: FrontEndDirs, options: { googleSignIn: boolean }) {
  const adminIndex = join(dirs.admin, 'index.html');
  const publicClient = join(dirs.publicSite, 'client');
  const astroEntry = join(dirs.publicSite, 'server', 'entry.mjs');
  const hasAdmin = existsSync(adminIndex);
  const hasPublicSite = existsSync(astroEntry);
  if (!hasAdmin) app.log.warn(`Back office not built (${adminIndex} missing): run \`pnpm build\`.`);
  if (!hasPublicSite) app.log.warn(`Public site not built (${astroEntry} missing): run \`pnpm build\`.`);
  if (!hasAdmin && !hasPublicSite) return;

  // Decorates reply.sendFile only; every route below decides which file is answered. The build
  // writes a .br and a .gz copy next to each text file (scripts/precompress.mjs): the copy the
  // client accepts is sent as it is, so files are never compressed per request (`compress: false`).
  await app.register(fastifyStatic, { root: hasAdmin ? dirs.admin : publicClient, serve: false, preCompressed: true });

  if (hasAdmin) {
    const assets = join(dirs.admin, 'assets');
    app.get('/assets/*', { schema: { hide: true }, compress: false }, (req: FastifyRequest<{ Params: { '*': string } }>, reply) => {
      const file = staticFile(assets, req.params['*']);
      return file ? sendFile(reply, assets, file, 'immutable') : reply.callNotFound();
    });
    const index = (_req: FastifyRequest, reply: FastifyReply) => sendFile(reply, dirs.admin, adminIndex, 'revalidate');
    // The sign-in page, built with its HTML already in the page (the same app, another entry):
    // the form shows and works before the scripts have loaded, which load when the visitor first
    // touches the page. With Google sign-in the app is loaded at once (its button is drawn by the
    // app): login-eager.html. Its sub-paths and the other pages answer index.html.
    const loginPage = join(dirs.admin, options.googleSignIn ? 'login-eager.html' : 'login.html');
    const login = existsSync(loginPage)
      ? (_req: FastifyRequest, reply: FastifyReply) => sendFile(reply, dirs.admin, loginPage, 'revalidate')
      : index;
    for (const route of ADMIN_ROUTES) {
      app.get(route, { config: { page: 'admin' }, schema: { hide: true }, compress: false }, route === ADMIN_PATHS.login ? login : index);
      app.get(`${route}/*`, { config: { page: 'admin' }, schema: { hide: true }, compress: false }, index);
    }
  }

  if (hasPublicSite) {
    const { handler } = (await import(pathToFileURL(astroEntry).href)) as { handler: AstroHandler };
    const locals: PublicSiteLocals = {
      async apiGet(path) {
        const res = await app.inject({ method: 'GET', url: path });
        let body: unknown = null;
        try {
          body = res.json();
        } catch {
          body = res.body;
        }
        return { status: res.statusCode, body };
      },
    };
    const render = (request: FastifyRequest, reply: FastifyReply) => {
      const file = staticFile(publicClient, request.url);
      if (file) return sendFile(reply, publicClient, file, file.includes(`${sep}_astro${sep}`) ? 'immutable' : 'revalidate');
      reply.hijack();
      return handler(request.raw, reply.raw, (err) => {
        if (err) request.log.error({ err }, 'public site failed to render');
        if (!reply.raw.headersSent) reply.raw.writeHead(err ? 500 : 404, { 'content-type': 'text/plain; charset=utf-8' });
        reply.raw.end(err ? 'Something went wrong on our side. Please try again later.' : 'Not found.');
      }, locals);
    };
    for (const route of PUBLIC_SITE_ROUTES) app.get(route, { config: { page: 'public-site' }, schema: { hide: true }, compress: false }, render);
    app.get('/_astro/*', { schema: { hide: true }, compress: false }, render);
    // Files of the site's public/ folder (favicon, robots.txt...) at the root.
    if (existsSync(publicClient)) {
      for (const name of readdirSync(publicClient)) {
        if (name.startsWith('_') || !statSync(join(publicClient, name)).isFile() || name === 'index.html') continue;
        app.get(`/${name}`, { schema: { hide: true }, compress: false }, render);
      }
    }
  }
}
