// zod's core holds the one configuration every zod schema reads; importing only it keeps zod's
// classes out of the page that calls this first.
import { config } from 'zod/v4/core';

/**
 * zod builds its fast object parsers with `new Function`, and first probes whether it may; under
 * our Content-Security-Policy (no 'unsafe-eval') that probe is refused and reported as a policy
 * violation. The front ends call this before they parse anything, so zod never tries. Only in a
 * browser: the server (which also renders the public pages) keeps the faster parsers.
 */
export function parseWithoutEvalInBrowser(): void {
  if ('document' in globalThis) config({ jitless: true });
}
