// Puts the sign-in page's HTML into dist/login.html, so /login shows its form before any script
// has run: renders the server build of src/prerender/login-page.tsx (dist/.prerender, written by
// `vite build --ssr`) and removes that build afterwards (it is not served).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const DIST = join(import.meta.dirname, '..', 'dist');
const SERVER_BUILD = join(DIST, '.prerender');
const PLACEHOLDER = '<!--prerendered-login-->';

const page = join(DIST, 'login.html');
const html = readFileSync(page, 'utf8');
if (!html.includes(PLACEHOLDER)) throw new Error(`${page} has no ${PLACEHOLDER} to fill`);
const { renderLoginPage } = await import(pathToFileURL(join(SERVER_BUILD, 'login-page.js')).href);
const body = renderLoginPage();
if (!body.includes('Welcome back')) throw new Error('The prerendered sign-in page has no heading');
writeFileSync(page, html.replace(PLACEHOLDER, () => body));
rmSync(SERVER_BUILD, { recursive: true, force: true });
console.log(`prerendered /login into dist/login.html (${body.length} characters)`);
