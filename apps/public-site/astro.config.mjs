// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import preact from '@astrojs/preact';

// Served by the API process (apps/api/src/http/front-ends.ts): it serves dist/client and hands
// the public-site paths to dist/server/entry.mjs's `handler`.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  // The islands are written against React's API and rendered by Preact through its compatibility
  // layer: the same components, about 60 KB less JavaScript for a customer's phone on the shop page.
  integrations: [preact({ compat: true })],
  // The API owns /api/* and /uploads/*; trailing slashes are the API's habit, pages take both.
  trailingSlash: 'ignore',
  build: { inlineStylesheets: 'always' },
  // Cross-site POSTs are refused by the API's own rules; Astro has no form actions here.
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  vite: {
    // Bundled into the server build so its `react` import resolves to Preact there too (left
    // external, it would load React itself and hand Preact a component it cannot render).
    ssr: { noExternal: ['qrcode.react'] },
    // `astro dev` alone: the islands call /api on their own origin, so hand those to the API.
    server: {
      proxy: Object.fromEntries(
        ['/api', '/uploads'].map((path) => [path, { target: process.env.CHAIRLINE_API_ORIGIN ?? 'http://localhost:3000', changeOrigin: true }]),
      ),
    },
    build: {
      // Page scripts always go out as files (/_astro/*.js), never inlined into a page rendered on
      // request, so a Content-Security-Policy without 'unsafe-inline' lets them run.
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
      rollupOptions: {
        // The shared package only declares schemas, constants and pure helpers: let the islands
        // leave out the modules they do not use (it has no "sideEffects" flag of its own).
        treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/]shared[\\/]/.test(id) },
      },
    },
  },
});
