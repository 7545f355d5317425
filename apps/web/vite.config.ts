import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on 3000; in development Vite serves the SPA on 5173 and forwards
// API calls, product images and the realtime socket to it, so the browser sees one origin.
// REBOUND_API_ORIGIN points the dev server at another API (e.g. a second server on another port).
const API_ORIGIN = process.env.REBOUND_API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/media': { target: API_ORIGIN, changeOrigin: false },
      '/ws': { target: API_ORIGIN, ws: true, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
