import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/api-test.ts';
import { bearer, createTestApp } from '../test/test-app.ts';

const page = (marker: string) =>
  `<!doctype html>\n<html lang="it" data-bs-theme="dark">\n<head><title>${marker}</title></head><body></body></html>\n`;

/** A hashed script as the build writes it: the file, its brotli copy and its gzip copy. */
const SCRIPT = 'console.log("the app");\n'.repeat(50);
const SCRIPT_URL = '/assets/index-C0ffee12.js';

let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
  await writeFile(path.join(webDist, 'index.html'), page('first build'));
  await mkdir(path.join(webDist, 'assets'));
  const script = path.join(webDist, SCRIPT_URL);
  await writeFile(script, SCRIPT);
  await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${script}.gz`, gzipSync(SCRIPT));
  await writeFile(path.join(webDist, 'theme-init.js'), 'document.documentElement.dataset.x = "1";\n');
});
afterAll(async () => {
  await rm(webDist, { recursive: true, force: true });
});
const t = useTestApp(() => ({ webDist }));

const htmlTag = (body: string) => body.match(/<html[^>]*>/)?.[0];

describe('the web app shell', () => {
  it('serves every page in the language of its prefix, before any script runs', async () => {
    const english = await t.app.inject({ url: '/en/login' });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(htmlTag(english.body)).toBe('<html lang="en" data-bs-theme="dark">');
    expect(htmlTag((await t.app.inject({ url: '/en' })).body)).toBe('<html lang="en" data-bs-theme="dark">');
    expect(htmlTag((await t.app.inject({ url: '/it/settings?x=1#roles' })).body)).toBe(
      '<html lang="it" data-bs-theme="dark">',
    );
  });

  it('serves bare paths and unknown prefixes in the default language, Italian', async () => {
    for (const url of ['/', '/dashboard', '/english/login', '/enx']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(htmlTag(response.body), url).toBe('<html lang="it" data-bs-theme="dark">');
    }
  });

  it('revalidates the page every time and sends the security headers with it', async () => {
    const { headers } = await t.app.inject({ url: '/en/dashboard' });
    expect(headers['cache-control']).toBe('no-cache');
    expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('serves a rebuilt index.html without a restart', async () => {
    expect((await t.app.inject({ url: '/en/login' })).body).toContain('first build');
    const file = path.join(webDist, 'index.html');
    await writeFile(file, page('second build'));
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    const rebuilt = await t.app.inject({ url: '/en/login' });
    expect(rebuilt.body).toContain('second build');
    expect(htmlTag(rebuilt.body)).toBe('<html lang="en" data-bs-theme="dark">');
  });

  it('never answers a missing file or an API path with the page', async () => {
    expect((await t.app.inject({ url: '/en/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends a hashed asset as its brotli copy when the browser accepts brotli, cached for a year', async () => {
    const response = await t.app.inject({
      url: SCRIPT_URL,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const response = await t.app.inject({ url: SCRIPT_URL, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await t.app.inject({ url: SCRIPT_URL, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('never lets a browser keep index.html or an unhashed file without asking again', async () => {
    for (const url of ['/', '/en/login', '/index.html', '/theme-init.js']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('the local portal name', () => {
  it('sends browsers that come by localhost or a loopback address to portal.localhost, pages only', async () => {
    const local = await createTestApp({ webDist, publicUrl: 'http://portal.localhost:8080' });
    try {
      for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080']) {
        const response = await local.app.inject({ url: '/it/machines?x=1', headers: { host } });
        expect([response.statusCode, response.headers.location], host).toEqual([
          302,
          'http://portal.localhost:8080/it/machines?x=1',
        ]);
      }
      const there = await local.app.inject({ url: '/it/login', headers: { host: 'portal.localhost:8080' } });
      expect(there.statusCode).toBe(200);
      // Tools and gateways keep using whatever address they were given.
      for (const url of [
        '/healthz',
        '/livez',
        '/readyz',
        '/api/v1/feed',
        '/api/v1/gateway/tunnel',
        '/proxy/duet/3.6/customer/1/rr_model',
      ]) {
        const response = await local.app.inject({ url, headers: { host: 'localhost:8080' } });
        expect(response.statusCode, url).not.toBe(302);
      }
    } finally {
      await local.close();
    }
  });

  it('leaves the address alone when the portal has a public address of its own', async () => {
    const response = await t.app.inject({ url: '/it/login', headers: { host: 'localhost:8080' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('caching of the API beside the app', () => {
  it('marks every API answer no-store, errors included, and leaves the pages and assets their own', async () => {
    const token = await t.tokenFor('customer@demo.test');
    const id = await t.idOf('customer@demo.test');
    const answers = await Promise.all([
      t.app.inject({ url: `/api/v1/users/${id}`, headers: bearer(token) }),
      t.app.inject({ url: '/api/v1/machines/status', headers: bearer(token) }),
      t.app.inject({ url: '/api/v1/machines/status' }),
      t.app.inject({ url: '/api/v1/no-such-route' }),
      t.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { email: 'x' } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 404, 400]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');

    expect((await t.app.inject({ url: SCRIPT_URL })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await t.app.inject({ url: '/en/login' })).headers['cache-control']).toBe('no-cache');
  });
});
