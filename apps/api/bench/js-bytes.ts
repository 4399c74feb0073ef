import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a page loads: its inline scripts, its <script src>, module preloads, Astro island
 * components and renderers under /_astro/, and every static import of those, each gzipped.
 */
export interface PageJs {
  files: { url: string; bytes: number; gzip: number }[];
  inlineGzip: number;
  totalGzip: number;
}

const TAGS = /<(?:script|link|astro-island)\b[^>]*>/g;
const URL_ATTRIBUTES = /\b(?:src|href|component-url|renderer-url)="([^"]+)"/g;
const INLINE_SCRIPTS = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const STATIC_IMPORTS = /(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g;
const FROM_IMPORTS = /\bfrom\s*["']([^"']+\.m?js)["']/g;

const isScript = (url: URL, pageOrigin: string) => url.origin === pageOrigin && /\.m?js$/.test(url.pathname);

/** The modules a script imports statically (dynamic `import()` is not followed). */
export function importsOf(code: string): string[] {
  const found = new Set<string>();
  for (const re of [STATIC_IMPORTS, FROM_IMPORTS]) {
    for (const m of code.matchAll(re)) if (m[1]) found.add(m[1]);
  }
  return [...found];
}

/**
 * `extraScripts`: scripts the page loads at once that its HTML does not name (a route's lazy
 * chunk), measured with their static imports.
 */
export async function measurePageJs(pageUrl: string, extraScripts: readonly string[] = []): Promise<PageJs> {
  const page = await fetch(pageUrl);
  if (!page.ok) throw new Error(`${pageUrl} answered ${page.status}`);
  const html = await page.text();
  const origin = new URL(pageUrl).origin;
  const queue: URL[] = extraScripts.map((src) => new URL(src, pageUrl));
  let inlineGzip = 0;
  for (const tag of html.matchAll(TAGS)) {
    for (const m of tag[0].matchAll(URL_ATTRIBUTES)) {
      if (m[1]) queue.push(new URL(m[1].replaceAll('&amp;', '&'), pageUrl));
    }
  }
  for (const m of html.matchAll(INLINE_SCRIPTS)) {
    const code = m[1] ?? '';
    if (code.trim() === '' || /^\s*\{/.test(code)) continue; // JSON data blocks are not code
    inlineGzip += gzipSync(code).length;
    for (const spec of importsOf(code)) queue.push(new URL(spec, pageUrl));
  }
  const seen = new Set<string>();
  const files: PageJs['files'] = [];
  while (queue.length > 0) {
    const url = queue.shift();
    if (!url || !isScript(url, origin) || seen.has(url.href)) continue;
    seen.add(url.href);
    const res = await fetch(url);
    if (!res.ok) continue;
    const code = await res.text();
    files.push({ url: url.pathname, bytes: Buffer.byteLength(code), gzip: gzipSync(code).length });
    for (const spec of importsOf(code)) queue.push(new URL(spec, url));
  }
  return { files, inlineGzip, totalGzip: inlineGzip + files.reduce((sum, f) => sum + f.gzip, 0) };
}
