import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In development the portal server runs beside Vite; everything but the SPA itself is its business. */
const SERVER = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: SERVER, ws: true },
      '/proxy': { target: SERVER, ws: true },
      '/healthz': SERVER,
    },
  },
});
