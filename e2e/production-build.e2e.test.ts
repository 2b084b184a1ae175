import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** The build the end-to-end set-up made (scripts/web-build.ts), which every browser test here runs against. */
const DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

describe('the production build the browser tests run against', () => {
  it('has React built for production even under the NODE_ENV=test that vitest sets, with compressed copies', () => {
    const assets = readdirSync(path.join(DIST, 'assets'));
    const scripts = assets.filter((file) => file.endsWith('.js'));
    const bundle = scripts.map((file) => readFileSync(path.join(DIST, 'assets', file), 'utf8')).join('\n');
    expect(bundle).not.toContain('jsxDEV');
    expect(bundle).not.toContain('Invalid hook call');
    expect(bundle).toContain('createRoot');

    // The copies the server sends by Accept-Encoding, beside every script and style sheet.
    const served = assets.filter((file) => /\.(js|css)$/.test(file));
    expect(served.some((file) => file.endsWith('.css'))).toBe(true);
    for (const file of served) {
      const original = readFileSync(path.join(DIST, 'assets', file));
      expect(
        brotliDecompressSync(readFileSync(path.join(DIST, 'assets', `${file}.br`))).equals(original),
        file,
      ).toBe(true);
      expect(gunzipSync(readFileSync(path.join(DIST, 'assets', `${file}.gz`))).equals(original), file).toBe(
        true,
      );
    }
  });
});
