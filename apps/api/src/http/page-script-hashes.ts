import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FrontEndDirs } from './front-ends.js';

/**
 * The Content-Security-Policy hashes ('sha256-…') of the inline scripts each front end puts in its
 * pages, computed when the server starts from the built files, so the policy allows exactly the
 * scripts that were built and no other inline script.
 */
export interface PageScriptHashes {
  /** Inline scripts of the back office's pages (index.html and the prerendered login.html and login-eager.html). */
  admin: string[];
  /** Inline scripts of the public site: its prerendered pages and Astro's island hydration scripts. */
  publicSite: string[];
}

export const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** The text of every `<script>` without a `src` in an HTML document. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    scripts.push(body);
  }
  return scripts;
}

function htmlFilesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The scripts Astro writes inline into pages it renders on request: one per hydration directive
 * (client:load, client:idle...) from the built manifest, and the <astro-island> element from the
 * Astro runtime the site was built with (production and development builds of it).
 */
async function astroRuntimeScripts(publicSiteDist: string): Promise<string[]> {
  const serverDir = join(publicSiteDist, 'server');
  const manifestFile = existsSync(serverDir) ? readdirSync(serverDir).find((name) => /^manifest_.*\.mjs$/.test(name)) : undefined;
  if (!manifestFile) return [];
  const { manifest } = (await import(pathToFileURL(join(serverDir, manifestFile)).href)) as {
    manifest: { clientDirectives: Map<string, string> };
  };
  const scripts = [...manifest.clientDirectives.values()];
  const requireFromSite = createRequire(join(dirname(publicSiteDist), 'package.json'));
  for (const name of ['astro-island.prebuilt.js', 'astro-island.prebuilt-dev.js']) {
    const file = requireFromSite.resolve(`astro/runtime/server/${name}`);
    const island = (await import(pathToFileURL(file).href)) as { default: string };
    scripts.push(island.default);
  }
  return scripts;
}

export async function pageScriptHashes(dirs: FrontEndDirs | undefined): Promise<PageScriptHashes> {
  if (!dirs) return { admin: [], publicSite: [] };
  const admin = ['index.html', 'login.html', 'login-eager.html']
    .map((name) => join(dirs.admin, name))
    .flatMap((file) => (existsSync(file) ? inlineScripts(readFileSync(file, 'utf8')) : []));
  const prerendered = htmlFilesUnder(join(dirs.publicSite, 'client')).flatMap((file) => inlineScripts(readFileSync(file, 'utf8')));
  const publicSite = [...prerendered, ...(await astroRuntimeScripts(dirs.publicSite))];
  const unique = (scripts: string[]) => [...new Set(scripts.map(cspHash))].sort();
  return { admin: unique(admin), publicSite: unique(publicSite) };
}
