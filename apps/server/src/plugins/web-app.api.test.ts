import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const page = (marker: string) =>
  `<!doctype html>\n<html lang="it" data-bs-theme="dark">\n<head><title>${marker}</title></head><body></body></html>\n`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
  await writeFile(path.join(webDist, 'index.html'), page('first build'));
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

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
});
