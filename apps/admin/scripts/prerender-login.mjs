// Puts the sign-in page's HTML into dist/login.html, so /login shows its form before any script
// has run: renders the server build of src/prerender/login-page.tsx (dist/.prerender, written by
// `vite build --ssr`) and removes that build afterwards (it is not served).
//
// The page's scripts are not requested by the <script> and module preloads Vite writes into <head>:
// the form is plain HTML that works on its own until the app takes it over, so the app is loaded
// when the visitor first touches the page (a tap, a key, the pointer moved, a field filled in by a
// password manager; not the email field's own autofocus), not while a slow phone is still drawing
// it: loading and hydrating React and MUI costs such a phone half a second of a blocked page,
// which nobody then waits for. It is loaded at once when the page
// has something to show that only the app can: a signed-in visitor (sent on to the dashboard), a
// kept email address (filled in), or Google sign-in (its button). Google sign-in is known to the
// server only, so the build writes a second page, login-eager.html, that the server answers
// instead when Google is configured.
// Until the sign-in page has taken what was typed (src/auth/held-submit.ts), what is typed is noted:
// the fields themselves keep it through hydration, but not if React has to draw them again. Until
// React listens to the page, a submitted form is held (never sent as a plain GET with the password
// in the address) and sent again by the sign-in page once hydrated.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const DIST = join(import.meta.dirname, '..', 'dist');
const SERVER_BUILD = join(DIST, '.prerender');
const PLACEHOLDER = '<!--prerendered-login-->';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/login-[\w-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="\/assets\/[\w-]+\.js">/g;
/** On the root element of login-eager.html: the app is loaded at once. */
const EAGER = 'data-load-at-once';

/** Inline (its hash goes into the Content-Security-Policy when the server starts). */
const loader = (entry, keys) =>
  '<script>' +
  'window.chairlineTyped={};' +
  'addEventListener("input",function(e){var t=e.target,typed=window.chairlineTyped;if(typed&&t&&t.name)typed[t.name]=t.value},true);' +
  'addEventListener("submit",function(e){if(!window.chairlineHydrating){e.preventDefault();window.chairlinePendingSubmit=e.target}},true);' +
  `var started=0,load=function(){if(!started){started=1;import(${JSON.stringify(entry)})}};` +
  'var kept=function(k){try{return localStorage.getItem(k)}catch(e){return null}};' +
  `if(document.getElementById("root").hasAttribute(${JSON.stringify(EAGER)})||${keys.map((k) => `kept(${JSON.stringify(k)})`).join('||')})requestAnimationFrame(function(){setTimeout(load)});` +
  'else["pointerdown","pointermove","touchstart","keydown","input"].forEach(function(n){addEventListener(n,load,{capture:true,passive:true})});' +
  '</script>';

const page = join(DIST, 'login.html');
let html = readFileSync(page, 'utf8');
if (!html.includes(PLACEHOLDER)) throw new Error(`${page} has no ${PLACEHOLDER} to fill`);
const entry = ENTRY_SCRIPT.exec(html)?.[1];
if (!entry) throw new Error(`${page} has no entry script`);
html = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');

const { renderLoginPage, keysThatLoadTheAppAtOnce } = await import(pathToFileURL(join(SERVER_BUILD, 'login-page.js')).href);
const body = renderLoginPage();
if (!body.includes('Welcome back')) throw new Error('The prerendered sign-in page has no heading');
html = html.replace(PLACEHOLDER, () => body).replace('</body>', () => `  ${loader(entry, keysThatLoadTheAppAtOnce)}\n  </body>`);
writeFileSync(page, html);
// The inline script is the same in both pages (one Content-Security-Policy hash).
writeFileSync(join(DIST, 'login-eager.html'), html.replace('<div id="root">', `<div id="root" ${EAGER}>`));
rmSync(SERVER_BUILD, { recursive: true, force: true });
console.log(`prerendered /login into dist/login.html (${body.length} characters)`);
