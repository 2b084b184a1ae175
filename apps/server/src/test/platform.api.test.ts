import { DEFAULT_OPERATOR_BUSINESS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform routes', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  it('serves the operator business for the footer without a session', async () => {
    const response = await t.app.inject({ url: '/api/v1/operator' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ cap: 30010, name: DEFAULT_OPERATOR_BUSINESS.name });
  });

  it('answers an unknown API route with a 404 error body', async () => {
    const response = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('answers a body over 1 MiB with 413 and a body of another type with 415, never a 500', async () => {
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.it', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: 'Payload Too Large' });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'content-type': 'application/xml' },
      payload: '<login email="a@b.it"/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('sends a strict CSP, a year of HSTS, nosniff and frame-ancestors limited to the portal', async () => {
    const { headers } = await t.app.inject({ url: '/healthz' });
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(headers['strict-transport-security']).toContain('max-age=31536000');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('describes every route in OpenAPI at /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/auth', '/api/v1/users/{id}', '/api/v1/operator']));
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
  });
});
