import { DEFAULT_OPERATOR_BUSINESS, ERROR_CODES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { exposition } from '../shared/metrics.ts';
import { useTestApp } from './api-test.ts';
import { createTestApp } from './test-app.ts';

const t = useTestApp();

describe('platform routes', () => {
  it('answers /livez, /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  it('is not ready while a dependency does not answer, and never again once draining, yet stays alive', async () => {
    const own = await createTestApp();
    try {
      let databaseDown = true;
      own.modules.health.readiness.require('redis', async () => {
        if (databaseDown) throw new Error('connection refused');
      });
      const down = await own.app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'NOT_READY', message: 'Not ready: redis unreachable' });
      databaseDown = false;
      expect((await own.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      own.modules.health.readiness.drain();
      const draining = await own.app.inject({ url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ message: 'Not ready: draining' });
      expect((await own.app.inject({ url: '/livez' })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('counts requests by route pattern and status for the metrics, never by raw path', async () => {
    await t.app.inject({ url: '/livez' });
    await t.app.inject({ url: '/api/v1/users/123456' });
    await t.app.inject({ url: '/no/such/page/anywhere' });
    const { text } = await exposition(t.metrics);
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="\/livez",status="200"\} [1-9]/);
    expect(text).toMatch(
      /portal_http_requests_total\{method="GET",route="\/api\/v1\/users\/:id",status="401"\} 1/,
    );
    expect(text).not.toContain('123456');
    expect(text).not.toContain('/no/such/page');
    expect(text).toContain('portal_tunnels_held 0');
    expect(text).toContain('portal_status_streams_open 0');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
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

  it('describes every API route in OpenAPI, and marks exactly the public ones as needing no token', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    const documented = Object.entries(spec.paths as Record<string, Record<string, { security?: unknown[] }>>)
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({
          method: method.toUpperCase(),
          // OpenAPI writes `:id` as `{id}` and a trailing wildcard as `{*}`.
          url: path.replace(/\{(\w+)\}/g, ':$1').replace(/\{\*\}$/, '*'),
          public: Array.isArray(operation.security) && operation.security.length === 0,
        })),
      )
      .filter((route) => route.method !== 'HEAD');
    const registered = t.routes.filter((route) => route.method !== 'HEAD');
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    expect(documented.map(key).sort()).toEqual(registered.map(key).sort());
    expect(
      documented
        .filter((route) => route.public)
        .map(key)
        .sort(),
    ).toEqual(
      [
        'GET /api/v1/operator',
        'GET /healthz',
        'GET /livez',
        'GET /readyz',
        'POST /api/v1/auth',
        'POST /api/v1/auth/session',
        // The second step of a sign-in: the challenge a right password earned is the credential.
        'POST /api/v1/auth/two-factor',
        'POST /api/v1/auth/two-factor/setup',
        // Password recovery is for people who cannot log in: the mailed link's token is the credential.
        'POST /api/v1/password/recover',
        'PUT /api/v1/password/recover',
        // A gateway without a key asks for a pairing code and whether it was claimed: the key it made proves it.
        'POST /api/v1/gateway/pairing',
        'POST /api/v1/gateway/pairing/status',
        // A board file's download link: the one-minute ticket in its query is the credential.
        'GET /api/v1/machines/:id/download',
        // Slicers: the slicer token (in the path, or OctoPrint's X-Api-Key) is the credential.
        ...['DELETE', 'GET', 'POST', 'PUT'].map(
          (method) => `${method} /customer/api/v1/duet/:id/:level/:token/*`,
        ),
        ...['library', 'queue'].flatMap((destination) =>
          ['GET', 'POST'].map((method) => `${method} /customer/api/v1/duet/:id/${destination}/:token/*`),
        ),
        ...['connection', 'job', 'printer', 'server', 'version'].map(
          (call) => `GET /customer/api/v1/octoprint/:id/api/${call}`,
        ),
        'POST /customer/api/v1/octoprint/:id/api/files/local',
      ].sort(),
    );
    expect(spec.security).toEqual([{ bearer: [] }]);
    expect(spec.components.schemas ?? {}).toBeDefined();
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it("publishes the error codes of the catalog as the error body's code enum", async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json();
    const unauthorized = spec.paths['/api/v1/users/{id}'].get.responses['401'];
    const schema = unauthorized.content['application/json'].schema;
    expect(schema.properties.code.enum).toEqual(ERROR_CODES);
    expect(unauthorized.description).toContain('SESSION_EXPIRED');
  });
});
