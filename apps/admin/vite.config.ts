import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModules } from './chunk-modules';

// The API server serves dist/ on the same origin; in development the dev server forwards the
// API and uploaded images to it so relative URLs behave the same in both.
const apiTarget = 'http://localhost:3000';
const REACT_RUNTIME = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), chunkModules()],
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  base: '/',
  // The manifest (dist/.vite/manifest.json, not served) lists each chunk's imports: the bench and
  // the chunk tests read which modules /login and /dashboard load first.
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rollupOptions: {
      // Two pages: index.html for every back-office path, login.html for /login, whose HTML holds
      // the prerendered sign-in page (scripts/prerender-login.mjs). The build of the prerender
      // (`vite build --ssr`) has its own entry.
      input: isSsrBuild ? undefined : { index: 'index.html', login: 'login.html' },
      output: {
        // The React runtime and the router, which every page needs and which change only with an
        // upgrade, in one chunk of their own: a new release of the app's code leaves it cached.
        // The rest is split where the app loads screens on demand (React.lazy).
        manualChunks: isSsrBuild ? undefined : (id) => (REACT_RUNTIME.test(id) ? 'react' : undefined),
      },
      // The shared package only declares schemas, constants and pure helpers: a page leaves out
      // the modules it does not use (the package has no "sideEffects" flag of its own).
      treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/]shared[\\/]/.test(id) },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
}));
