import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModules } from './chunk-modules';

// The API server serves dist/ on the same origin; in development the dev server forwards the
// API and uploaded images to it so relative URLs behave the same in both.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), chunkModules()],
  base: '/',
  // The manifest (dist/.vite/manifest.json, not served) lists each chunk's imports: the bench and
  // the chunk tests read which modules /login and /dashboard load first.
  build: { outDir: 'dist', assetsDir: 'assets', emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
});
