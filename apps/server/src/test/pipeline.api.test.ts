import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './api-test.ts';
import { bearer } from './test-app.ts';

const t = useTestApp();
let base: URL;

beforeAll(async () => {
  base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
});

/** A request over a real socket, with the headers exactly as given (repeated ones included). */
function rawGet(path: string, headers: [string, string][] = []) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const request = httpRequest(
        { host: base.hostname, port: base.port, path, method: 'GET' },
        (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        },
      );
      for (const [name, value] of headers) request.appendHeader(name, value);
      request.on('error', reject).end();
    },
  );
}

/** Bytes sent as they are, for requests no HTTP client would send. */
function rawBytes(text: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(base.port), base.hostname, () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer)).on('error', reject);
  });
}

const expectSecurityHeaders = (headers: Record<string, unknown>) => {
  expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(String(headers['strict-transport-security'])).toContain('max-age=31536000');
};

describe('ids in paths', () => {
  it('answers 400, never 500, for ids beyond the database range', async () => {
    const token = await t.tokenFor('admin@demo.test');
    for (const id of ['2147483648', '9999999999', '99999999999999999999']) {
      const response = await t.app.inject({ url: `/api/v1/users/${id}`, headers: bearer(token) });
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: { id: [expect.any(String)] },
      });
    }
    const largest = await t.app.inject({ url: '/api/v1/users/2147483647', headers: bearer(token) });
    expect(largest.statusCode).toBe(404);
  });

  it('accepts decimal digits only: no sign, leading zero, fraction, exponent or hexadecimal', async () => {
    const token = await t.tokenFor('admin@demo.test');
    const id = await t.idOf('admin@demo.test');
    for (const spelling of ['0x10', '1.0', '%2B1', `0${id}`, '1e1', '0', '-1', `${id}%20`]) {
      const response = await t.app.inject({ url: `/api/v1/users/${spelling}`, headers: bearer(token) });
      expect(response.statusCode, spelling).toBe(400);
    }
    expect((await t.app.inject({ url: `/api/v1/users/${id}`, headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('authentication comes first', () => {
  it('answers 401, not 400, to an anonymous request with invalid input', async () => {
    for (const url of ['/api/v1/users/abc', '/api/v1/business/0x10']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 401 to every authenticated route without a session', async () => {
    const guarded = t.routes.filter((route) => !route.public && route.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const url = route.url.replace(/:\w+/g, '1');
      const response = await t.app.inject({ method: route.method as 'GET', url });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('ambiguous credentials', () => {
  it('refuses a second Authorization header instead of reading only the first', async () => {
    const id = await t.idOf('customer@demo.test');
    const token = await t.tokenFor('customer@demo.test');
    const single = await rawGet(`/api/v1/users/${id}`, [['Authorization', `Bearer ${token}`]]);
    expect(single.status).toBe(200);
    const doubled = await rawGet(`/api/v1/users/${id}`, [
      ['Authorization', `Bearer ${token}`],
      ['Authorization', 'Bearer garbage'],
    ]);
    expect(doubled.status).toBe(400);
    expect(JSON.parse(doubled.body)).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses an Authorization header that is not exactly one bearer token', async () => {
    const id = await t.idOf('customer@demo.test');
    const token = await t.tokenFor('customer@demo.test');
    for (const value of [
      `Bearer ${token} extra`,
      `Basic ${token}`,
      `Bearer  ${token}`,
      `Bearer ${token},x`,
    ]) {
      const response = await t.app.inject({ url: `/api/v1/users/${id}`, headers: { authorization: value } });
      expect(response.statusCode, value).toBe(401);
    }
  });
});

describe('framework errors', () => {
  it('answer a URL that does not decode with the error body and the security headers, echoing nothing', async () => {
    const response = await rawGet('/%c0%ae%c0%ae/x<script>alert(1)</script>');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'BAD_REQUEST',
      message: 'The request is not valid',
    });
    expect(response.body).not.toMatch(/script|%c0/i);
    expectSecurityHeaders(response.headers);
  });

  it('answer a request the HTTP parser rejects with the error body and the security headers', async () => {
    const answer = await rawBytes('GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header<script>\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('content-security-policy: ');
    expect(answer).toContain('"code":"BAD_REQUEST"');
    expect(answer).not.toContain('<script>');
  });

  it('never quote the request in their messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'content-type': 'text/x-evil<script>' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.body).not.toContain('evil');
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expectSecurityHeaders(response.headers);
  });

  it('answer an unknown route with 404 and the security headers', async () => {
    const response = await rawGet('/api/v1/<b>nothing</b>');
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('<b>');
    expectSecurityHeaders(response.headers);
  });
});
