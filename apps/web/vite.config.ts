import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { catalogParts } from './src/locales/catalog-parts-plugin.ts';

/** In development the portal server runs beside Vite; everything but the SPA itself is its business. */
const SERVER = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    // Each catalog in a public and a signed-in part, so the login page downloads only the first.
    catalogParts(),
    // Brotli and gzip copies beside each script, style sheet and image, which the server sends by the
    // request's Accept-Encoding instead of compressing on every request. index.html is excluded: the server
    // rewrites its language per request. A copy is written even when it is not smaller, so the server finds
    // both beside every asset.
    compression({
      include: /\.(js|css|svg)$/,
      algorithms: ['brotliCompress', 'gzip'],
      skipIfLargerOrEqual: false,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: SERVER, ws: true },
      '/proxy': { target: SERVER, ws: true },
      '/healthz': SERVER,
      '/livez': SERVER,
      '/readyz': SERVER,
    },
  },
});
