import type { InputType } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { fleetShellChunk } from './src/app/fleet-shell-chunk.ts';
import { catalogParts } from './src/locales/catalog-parts-plugin.ts';

/**
 * gzip by Zopfli: any gzip reader reads it, and it comes out about 4 % smaller than zlib's best, which is the
 * login page's margin under its budget (docs/benchmarks.md). More iterations than 5 gain almost nothing more.
 */
const zopfliGzip = defineAlgorithm(async (input: InputType) => {
  const bytes = ArrayBuffer.isView(input)
    ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
    : new Uint8Array(typeof input === 'string' ? Buffer.from(input) : input);
  return Buffer.from(await gzipAsync(bytes, { numiterations: 5 }));
});

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
      algorithms: ['brotliCompress', zopfliGzip],
      skipIfLargerOrEqual: false,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            fleetShellChunk(),
            // Everything the entry imports statically, which every page runs before its first render, in one
            // chunk with the entry rather than in dozens of small ones shared with the screens: gzip compresses
            // them better together and a page waits on fewer requests (docs/benchmarks.md, `bench:web`). Unlike
            // the module graph (the contract's index reaches every schema), the bundler's `$initial` tag follows
            // what the entry's code uses, so zod and the screens' own modules stay apart.
            { name: 'startup', tags: ['$initial'] },
          ],
        },
      },
    },
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
