import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../bench/js-bytes.js';
import { ADMIN_ROUTE_MODULES, chunkKey, type AdminManifest } from '../bench/front-end-weight.js';
import { REPO_ROOT } from '../src/config/env.js';

// What the first pages download, read from the built front ends (`pnpm build`): the public
// pages' islands carry no zod and none of the shared package's schemas (they check replies with
// small shape checks), and the back office's sign-in pages carry neither react-admin nor recharts.
// Which code is in which file, not how large it is or how fast it loads.

const PUBLIC_ASSETS = join(REPO_ROOT, 'apps/public-site/dist/client/_astro');
const ADMIN_DIST = join(REPO_ROOT, 'apps/admin/dist');

function built(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`pnpm build\` before this test.`);
  return path;
}

/** An island's chunk and every chunk it imports statically, as file name → code. */
function islandScripts(island: string): Map<string, string> {
  const names = readdirSync(built(PUBLIC_ASSETS));
  const start = names.find((name) => name.startsWith(`${island}.`) && name.endsWith('.js'));
  if (!start) throw new Error(`No chunk of the ${island} island in ${PUBLIC_ASSETS}`);
  // Astro's renderer (Preact) hydrates every island: it is part of each page's JavaScript.
  const queue = [start, ...names.filter((name) => /^client\.[\w-]+\.js$/.test(name))];
  const scripts = new Map<string, string>();
  while (queue.length > 0) {
    const name = queue.shift() ?? '';
    if (scripts.has(name)) continue;
    const code = readFileSync(join(PUBLIC_ASSETS, name), 'utf8');
    scripts.set(name, code);
    for (const spec of importsOf(code)) if (spec.startsWith('./')) queue.push(posix.basename(spec));
  }
  return scripts;
}

/** React DOM's production build points every error at react.dev; Preact has no such text. */
const REACT_DOM_MARKER = /react\.dev\/errors/;
/** zod's classes keep their names in a minified bundle ("$ZodObject", "$ZodString"…). */
const ZOD_MARKER = /\$Zod[A-Z]\w+/;
/** Messages only the shared schemas hold (the sign-up and settings contracts). */
const SHARED_SCHEMA_MARKERS = ['Please enter a valid email address.', 'The password must be at least 8 characters long.'];

describe('public pages JavaScript', () => {
  for (const island of ['ShopApp', 'DisplayBoard', 'TicketApp']) {
    it(`${island} is rendered by Preact, without React DOM`, () => {
      const scripts = islandScripts(island);
      for (const [name, code] of scripts) expect(REACT_DOM_MARKER.test(code), `${name} contains React DOM`).toBe(false);
      expect([...scripts.keys()].some((name) => name.startsWith('preact.module.')), 'no Preact chunk').toBe(true);
    });

    it(`${island} (with its imports and the React renderer) carries no zod and no shared schema`, () => {
      const scripts = islandScripts(island);
      expect(scripts.size).toBeGreaterThan(1);
      for (const [name, code] of scripts) {
        expect(ZOD_MARKER.exec(code)?.[0], `${name} contains zod`).toBeUndefined();
        for (const marker of SHARED_SCHEMA_MARKERS) expect(code.includes(marker), `${name} contains "${marker}"`).toBe(false);
      }
    });
  }
});

describe('back office first JavaScript', () => {
  const manifest = () => JSON.parse(readFileSync(built(join(ADMIN_DIST, '.vite/manifest.json')), 'utf8')) as AdminManifest;
  const chunkModules = () =>
    JSON.parse(readFileSync(built(join(ADMIN_DIST, '.vite/chunk-modules.json')), 'utf8')) as Record<string, string[]>;

  /** The chunk files of manifest keys and of everything they import statically. */
  function closure(m: AdminManifest, keys: readonly string[]): Set<string> {
    const files = new Set<string>();
    const queue = [...keys];
    while (queue.length > 0) {
      const key = queue.shift() ?? '';
      const chunk = m[key];
      if (!chunk) throw new Error(`${key} is not in the back office's manifest`);
      if (files.has(chunk.file)) continue;
      files.add(chunk.file);
      queue.push(...(chunk.imports ?? []));
    }
    return files;
  }

  function modulesOf(route: keyof typeof ADMIN_ROUTE_MODULES): string[] {
    const m = manifest();
    const { entry, lazy } = ADMIN_ROUTE_MODULES[route];
    if (!m[entry]?.isEntry) throw new Error(`${entry} is not an entry of the back office's build`);
    const modules = chunkModules();
    const routeKeys = (lazy as readonly string[]).map((module) => chunkKey(m, module));
    return [...closure(m, [entry, ...routeKeys])].flatMap((file) => modules[file] ?? []);
  }

  const heavy = (modules: string[], names: string[]) => modules.filter((m) => names.some((n) => m === n || m.startsWith(`${n}/`)));

  // The HTTP client reports failures with react-admin's HttpError class (a few lines of ra-core);
  // nothing else of react-admin may come with the sign-in pages.
  const SIGN_IN_ALLOWED = new Set(['ra-core/dist/dataProvider/HttpError.js']);

  it('/login loads neither react-admin nor recharts', () => {
    const modules = modulesOf('/login');
    expect(modules).toContain('apps/admin/src/auth/LoginPage.tsx');
    const reactAdmin = heavy(modules, ['react-admin', 'ra-core', 'ra-ui-materialui', 'ra-i18n-polyglot', 'ra-language-english']);
    expect(reactAdmin.filter((m) => !SIGN_IN_ALLOWED.has(m))).toEqual([]);
    expect(heavy(modules, ['recharts'])).toEqual([]);
  });

  it('/dashboard loads react-admin but not recharts (Home fetches its charts alongside its figures)', () => {
    const modules = modulesOf('/dashboard');
    expect(heavy(modules, ['ra-ui-materialui'])).not.toEqual([]);
    expect(heavy(modules, ['recharts'])).toEqual([]);
  });

  it('the entries carry no reply schema of the shared package', () => {
    const m = manifest();
    const entries = Object.entries(m).filter(([, chunk]) => chunk.isEntry).map(([key]) => key);
    expect(entries.sort()).toEqual(['index.html', 'login.html']);
    for (const entry of entries) {
      const modules = [...closure(m, [entry])].flatMap((file) => chunkModules()[file] ?? []);
      expect(modules.filter((id) => id.startsWith('packages/shared/src/schemas/')), entry).toEqual([]);
    }
  });
});
