import { feedItemSchema } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, SessionExpiredError } from '../api-client';
import { clearSession, storeSession } from '../session-store';
import { answer, answerBlob, asBytes, bearer, createApiClient } from './client';

const BASE = 'http://portal.test';
const api = createApiClient(BASE, { authenticated: true });
const publicApi = createApiClient(BASE, { authenticated: false });

/** The requests sent, each answered with `status` and `body` (JSON, or text as it is). */
function serverAnswering(status: number, body?: unknown) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request);
      const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
      return new Response(status === 204 ? null : text, { status });
    }),
  );
  return requests;
}

function signIn(exp: number) {
  storeSession({
    token: 'session-token',
    videoToken: null,
    claims: { id: 3, role: 2, business: 1, exp },
    receivedAt: 0,
  });
}

afterEach(() => {
  clearSession('LOGGED_OUT');
  vi.unstubAllGlobals();
});

const feedItem = { id: 4, title: 'News', content: 'Text', datetime: '2026-11-21T09:00:00.000Z' };

describe('the typed API client', () => {
  it("sends no-cache JSON calls with the session's bearer and validates the answer", async () => {
    signIn(Date.now() / 1000 + 3600);
    const requests = serverAnswering(200, [feedItem]);
    await expect(answer(api.GET('/api/v1/feed'), z.array(feedItemSchema))).resolves.toEqual([feedItem]);
    const [request] = requests;
    expect(request?.url).toBe(`${BASE}/api/v1/feed`);
    expect(request?.headers.get('Authorization')).toBe('Bearer session-token');
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(request?.headers.get('Cache-Control')).toBe('no-cache');
    expect(request?.headers.has('Content-Type')).toBe(false);
  });

  it('writes path and query parameters as the hand-written URLs did, leaving out undefined values', async () => {
    signIn(Date.now() / 1000 + 3600);
    const requests = serverAnswering(204);
    await answer(
      api.DELETE('/api/v1/users/{id}/machines/{machineId}', { params: { path: { id: 3, machineId: 9 } } }),
      null,
    );
    await answer(
      api.GET('/api/v1/activity', { params: { query: { q: 'a b', user: undefined, page: 2 } } }),
      null,
    );
    expect(requests.map((request) => request.url)).toEqual([
      `${BASE}/api/v1/users/3/machines/9`,
      `${BASE}/api/v1/activity?q=a+b&page=2`,
    ]);
  });

  it('sends a JSON body with its type', async () => {
    signIn(Date.now() / 1000 + 3600);
    const requests = serverAnswering(201, feedItem);
    await answer(api.POST('/api/v1/feed', { body: { title: 'News', content: 'Text' } }), feedItemSchema);
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(await requests[0]?.text()).toBe('{"title":"News","content":"Text"}');
  });

  it('sends nothing with an expired session, and no bearer without a session or on the public client', async () => {
    signIn(Date.now() / 1000 - 1);
    const requests = serverAnswering(200, []);
    await expect(answer(api.GET('/api/v1/feed'), null)).rejects.toBeInstanceOf(SessionExpiredError);
    expect(requests).toHaveLength(0);
    await answer(publicApi.GET('/api/v1/operator'), null);
    clearSession('LOGGED_OUT');
    await answer(api.GET('/api/v1/feed'), null);
    expect(requests.map((request) => request.headers.has('Authorization'))).toEqual([false, false]);
  });

  it('carries a token a call names itself, without the local expiry check', async () => {
    signIn(Date.now() / 1000 - 1);
    const requests = serverAnswering(204);
    await answer(api.DELETE('/api/v1/auth', { headers: bearer('old-token') }), null);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer old-token');
  });

  it("turns the portal's error answers into ApiErrors, whatever their body", async () => {
    serverAnswering(404, { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' });
    const notFound = await answer(publicApi.GET('/api/v1/operator'), null).catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(ApiError);
    expect(notFound).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
    serverAnswering(502, 'Bad Gateway');
    await expect(answer(publicApi.GET('/api/v1/operator'), null)).rejects.toMatchObject({
      status: 502,
      code: undefined,
      body: 'Bad Gateway',
    });
    serverAnswering(500);
    await expect(answer(publicApi.GET('/api/v1/operator'), null)).rejects.toMatchObject({
      status: 500,
      message: 'HTTP 500',
      body: undefined,
    });
  });

  it('reads bytes as a Blob, accepting any type', async () => {
    signIn(Date.now() / 1000 + 3600);
    const requests = serverAnswering(200, 'a,b\n');
    const csv = await answerBlob(api.GET('/api/v1/insight/export.csv', { ...asBytes }));
    expect(await csv.text()).toBe('a,b\n');
    expect(requests[0]?.headers.get('Accept')).toBe('*/*');
  });
});
