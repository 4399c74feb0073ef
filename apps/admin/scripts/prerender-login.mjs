// Puts the sign-in page's HTML into dist/login.html, so /login shows its form before any script
// has run: renders the server build of src/prerender/login-page.tsx (dist/.prerender, written by
// `vite build --ssr`) and removes that build afterwards (it is not served).
//
// The page's scripts are requested once the form has been drawn (not by the <script> and module
// preloads Vite writes into <head>): on a slow phone the first paint then waits for the HTML only.
// Until the app takes the page over, what is typed is noted (hydration clears the fields) and a submitted form is held (never sent as a plain GET with the
// password in the address) and sent again by the sign-in page once hydrated (src/auth/held-submit.ts).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const DIST = join(import.meta.dirname, '..', 'dist');
const SERVER_BUILD = join(DIST, '.prerender');
const PLACEHOLDER = '<!--prerendered-login-->';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/login-[\w-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="\/assets\/[\w-]+\.js">/g;

/** Inline (its hash goes into the Content-Security-Policy when the server starts). */
const loader = (entry) =>
  '<script>' +
  'var typed=window.chairlineTyped={};' +
  'addEventListener("input",function(e){var t=e.target;if(!window.chairlineHydrating&&t&&t.name)typed[t.name]=t.value},true);' +
  'addEventListener("submit",function(e){if(!window.chairlineHydrating){e.preventDefault();window.chairlinePendingSubmit=e.target}},true);' +
  `requestAnimationFrame(function(){setTimeout(function(){import(${JSON.stringify(entry)})})});` +
  '</script>';

const page = join(DIST, 'login.html');
let html = readFileSync(page, 'utf8');
if (!html.includes(PLACEHOLDER)) throw new Error(`${page} has no ${PLACEHOLDER} to fill`);
const entry = ENTRY_SCRIPT.exec(html)?.[1];
if (!entry) throw new Error(`${page} has no entry script`);
html = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');

const { renderLoginPage } = await import(pathToFileURL(join(SERVER_BUILD, 'login-page.js')).href);
const body = renderLoginPage();
if (!body.includes('Welcome back')) throw new Error('The prerendered sign-in page has no heading');
html = html.replace(PLACEHOLDER, () => body).replace('</body>', () => `  ${loader(entry)}\n  </body>`);
writeFileSync(page, html);
rmSync(SERVER_BUILD, { recursive: true, force: true });
console.log(`prerendered /login into dist/login.html (${body.length} characters)`);
