import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server serves dist/ on the same origin; in development the dev server forwards the
// API and uploaded images to it so relative URLs behave the same in both.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  base: '/',
  build: { outDir: 'dist', assetsDir: 'assets', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
});
