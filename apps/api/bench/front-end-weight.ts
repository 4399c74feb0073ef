import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/config/env.js';
import { measurePageJs, type PageJs } from './js-bytes.js';
import { startServer, stopServer } from './servers.js';

/**
 * `pnpm bench js-bytes`: the gzipped JavaScript each kind of page downloads before it can show
 * itself, on the built app, next to its goal:
 * - the public shop page /shop/demo: its scripts, island components and renderers, and their
 *   static imports;
 * - the back office at /login and /dashboard: the page's entry and module preloads with their
 *   static imports, plus the lazy chunks of the route itself (the back-office shell and Home),
 *   which the entry requests at once (/login's: the app with the sign-in page in it). Chunks a screen loads later (another
 *   screen, Home's charts, which load alongside Home's first figures) are not counted.
 */
export const KB = 1024;
export const GOALS = { publicPage: 80 * KB, login: 300 * KB, dashboard: 300 * KB, ratio: 1 / 5 };

/**
 * The page each back-office route is answered with and the lazy modules it needs first (keys of
 * Vite's manifest). /login has a page of its own (login.html, the sign-in page prerendered), whose
 * entry requests the app with the sign-in page at once (src/login-app.tsx).
 */
export const ADMIN_ROUTE_MODULES = {
  '/login': { entry: 'login.html', lazy: ['src/login-app.tsx'] },
  '/dashboard': { entry: 'index.html', lazy: ['src/dashboard/DashboardApp.tsx', 'src/home/index.ts'] },
} as const satisfies Record<string, { entry: string; lazy: readonly string[] }>;

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
export type AdminManifest = Record<string, ManifestChunk>;

export const ADMIN_MANIFEST = join(REPO_ROOT, 'apps/admin/dist/.vite/manifest.json');

export function readAdminManifest(): AdminManifest {
  return JSON.parse(readFileSync(ADMIN_MANIFEST, 'utf8')) as AdminManifest;
}

/**
 * The manifest key of a module loaded on demand: the module itself, or the chunk named after it
 * when Rollup merged the module into a chunk shared with its importer's other lazy modules.
 */
export function chunkKey(manifest: AdminManifest, module: string): string {
  if (manifest[module]) return module;
  const name = module.split('/').pop()?.replace(/\.tsx?$/, '');
  const key = Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k]?.name === name);
  if (!key) throw new Error(`${module} is not a chunk of the back office's build (apps/admin/dist/.vite/manifest.json)`);
  return key;
}

/** A back-office route's lazy chunks, as URLs from the site root. */
export function routeChunkUrls(manifest: AdminManifest, route: keyof typeof ADMIN_ROUTE_MODULES): string[] {
  const lazy: readonly string[] = ADMIN_ROUTE_MODULES[route].lazy;
  return lazy.map((module) => `/${manifest[chunkKey(manifest, module)]?.file}`);
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

function detail(js: PageJs): string[] {
  return js.files.map((f) => `    ${f.url}  ${f.bytes} B, ${f.gzip} B gzip`);
}

export interface FrontEndWeight {
  shop: PageJs;
  login: PageJs;
  dashboard: PageJs;
  /** The public page's JavaScript over the back office's (/dashboard). */
  ratio: number;
}

/** The built pages' first JavaScript, or null when the front ends are not built. */
export async function measureFrontEndWeight(): Promise<FrontEndWeight | null> {
  if (!existsSync(join(REPO_ROOT, 'apps/public-site/dist/server/entry.mjs')) || !existsSync(ADMIN_MANIFEST)) return null;
  const manifest = readAdminManifest();
  const s = await startServer('pglite');
  try {
    const shop = await measurePageJs(`${s.url}/shop/demo`);
    const login = await measurePageJs(`${s.url}/login`, routeChunkUrls(manifest, '/login'));
    const dashboard = await measurePageJs(`${s.url}/dashboard`, routeChunkUrls(manifest, '/dashboard'));
    return { shop, login, dashboard, ratio: shop.totalGzip / dashboard.totalGzip };
  } finally {
    await stopServer(s);
  }
}

function frontEndWeightLines(w: FrontEndWeight | null): string[] {
  if (!w) return ['Front-end weight: front ends not built (run `pnpm build`).'];
  const { shop, login, dashboard, ratio } = w;
  return [
    `public shop page JS ${kb(shop.totalGzip)} gzip in ${shop.files.length} files (goal ≤ 80 KB) ${mark(shop.totalGzip <= GOALS.publicPage)}`,
    ...detail(shop),
    `back office /login initial JS ${kb(login.totalGzip)} gzip in ${login.files.length} files (goal ≤ 300 KB) ${mark(login.totalGzip <= GOALS.login)}`,
    ...detail(login),
    `back office /dashboard initial JS ${kb(dashboard.totalGzip)} gzip in ${dashboard.files.length} files (goal ≤ 300 KB) ${mark(dashboard.totalGzip <= GOALS.dashboard)}`,
    ...detail(dashboard),
    `public / back office (/dashboard) ratio 1/${(1 / ratio).toFixed(1)} (goal ≤ 1/5) ${mark(ratio <= GOALS.ratio)}`,
  ];
}

export async function printFrontEndWeight(): Promise<void> {
  for (const line of frontEndWeightLines(await measureFrontEndWeight())) console.log(line);
}
