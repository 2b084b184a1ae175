import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import { Readable } from 'node:stream';
import { DEADLINE_HEADER, gatewayAuthorization, TUNNEL_PATH } from '@portal/tunnel';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildMachineOrigin } from '../../machine-origin.ts';
import { useTestApp } from '../../test/api-test.ts';
import {
  answerJson,
  connectFakeGateway,
  type FakeGateway,
  type StreamHandler,
} from '../../test/fake-gateway.ts';
import { bearer } from '../../test/test-app.ts';
import { ERROR_TEXTS } from './machine-error-page.ts';

// The proxy's wait for a board: long enough that a busy machine never makes a relayed answer late, short enough
// that the tests of a stalled board wait for it.
const PROXY_WAIT_MS = 2000;
const t = useTestApp({ proxyTimeoutMs: PROXY_WAIT_MS });
let origin: FastifyInstance;
const gateways: FakeGateway[] = [];
/** Controllers of demo groups: A's with a valid licence (customer@ assigned), A's expired one, and B's. */
const controller = { valid: 0, expired: 0, other: 0 };
let tokens: Record<'admin' | 'manager' | 'customer' | 'customer2', string>;

const gateway = async (controllerId: number, handler: StreamHandler) => {
  const fake = await connectFakeGateway(t.modules.gateway.registry, controllerId, handler);
  gateways.push(fake);
  return fake;
};

beforeAll(async () => {
  origin = await buildMachineOrigin(t.modules);
  Object.assign(controller, await t.demoControllers());
  tokens = await t.sessionsFor('admin', 'manager', 'customer', 'customer2');
});

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((fake) => fake.disconnect()));
});

afterAll(async () => {
  await origin.close();
});

const proxied = (token: string, url: string, init: { method?: 'GET' | 'POST'; payload?: Buffer } = {}) =>
  t.app.inject({ method: init.method ?? 'GET', url, headers: bearer(token), payload: init.payload });

describe('the machine proxy on the portal origin', () => {
  it('answers 502 GATEWAY_OFFLINE while the gateway has no tunnel', async () => {
    const response = await proxied(tokens.customer, `/proxy/duet/3.6/customer/${controller.valid}/rr_model`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'GATEWAY_OFFLINE' });
  });

  it("passes the board's answer through, sandboxed, with the path and query the board expects", async () => {
    const fake = await gateway(controller.valid, answerJson({ key: 'state', result: { status: 'idle' } }));
    const response = await proxied(
      tokens.customer,
      `/proxy/duet/3.6/customer/${controller.valid}/rr_model?key=state&flags=d99fn`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ key: 'state', result: { status: 'idle' } });
    expect(response.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(fake.paths).toEqual(['/board/rr_model?key=state&flags=d99fn']);
    // The board's time to answer through the tunnel is measured for the metrics, by target and outcome.
    const metrics = await t.metrics.registry.getSingleMetricAsString('portal_tunnel_answer_seconds');
    expect(metrics).toMatch(/portal_tunnel_answer_seconds_count\{target="board",outcome="2xx"\} [1-9]/);
  });

  it("keeps the board's own errors: {err:1} with 200, and its bare 503", async () => {
    let calls = 0;
    await gateway(controller.valid, (stream) => {
      calls += 1;
      if (calls === 1) return answerJson({ err: 1 })(stream, {});
      stream.respond({ ':status': 503 });
      stream.end();
    });
    const first = await proxied(
      tokens.customer,
      `/proxy/duet/3.6/customer/${controller.valid}/rr_delete?name=0:/gcodes/x`,
    );
    expect([first.statusCode, first.json()]).toEqual([200, { err: 1 }]);
    const second = await proxied(tokens.customer, `/proxy/duet/3.6/customer/${controller.valid}/rr_model`);
    expect(second.statusCode).toBe(503);
    expect(second.body).toBe('');
  });

  it("drops the board's identity, CORS and cookies, and keeps what describes the content", async () => {
    await gateway(controller.valid, (stream) => {
      stream.respond({
        ':status': 200,
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="x.gcode"',
        'content-encoding': 'gzip',
        etag: '"abc"',
        'last-modified': 'Tue, 01 Jul 2025 10:00:00 GMT',
        server: 'RepRapFirmware',
        'x-powered-by': 'DSF',
        'access-control-allow-origin': '*',
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': 'etag',
        'set-cookie': 'sid=1',
        'alt-svc': 'h3=":443"',
      });
      stream.end('bytes');
    });
    const response = await proxied(
      tokens.customer,
      `/proxy/duet/3.6/customer/${controller.valid}/rr_download?name=0:/gcodes/a.gcode`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="x.gcode"',
      'content-encoding': 'gzip',
      etag: '"abc"',
      'last-modified': 'Tue, 01 Jul 2025 10:00:00 GMT',
    });
    for (const name of Object.keys(response.headers)) {
      expect(name).not.toMatch(/^(server|x-powered-by|access-control-.*|set-cookie|alt-svc)$/);
    }
  });

  it("maps the gateway's own answers to board offline (503) and board time-out (504)", async () => {
    const answers = ['board-unreachable', 'board-timeout'];
    await gateway(controller.valid, (stream) => {
      stream.respond({ ':status': 503, 'x-gateway-answer': answers.shift() ?? 'board-unreachable' });
      stream.end();
    });
    const offline = await proxied(tokens.customer, `/proxy/duet/3.6/customer/${controller.valid}/rr_model`);
    expect([offline.statusCode, offline.json().code]).toEqual([503, 'BOARD_OFFLINE']);
    const timeout = await proxied(tokens.customer, `/proxy/duet/3.6/customer/${controller.valid}/rr_model`);
    expect([timeout.statusCode, timeout.json().code]).toEqual([504, 'BOARD_TIMEOUT']);
  });

  it('answers 504 when the board stalls, and cancels the stream so the gateway can drop it', async () => {
    let cancelled = false;
    await gateway(controller.valid, (stream) => {
      stream.on('close', () => {
        cancelled = stream.rstCode !== 0;
      });
    });
    const response = await proxied(tokens.customer, `/proxy/duet/3.6/customer/${controller.valid}/rr_model`);
    expect([response.statusCode, response.json().code]).toEqual([504, 'BOARD_TIMEOUT']);
    await expect.poll(() => cancelled).toBe(true);
  });

  it("waits for the board's answer from the end of an upload, however long the upload itself takes", async () => {
    await gateway(controller.valid, (stream, headers) => {
      stream.resume();
      stream.on('end', () => answerJson({ err: 0 })(stream, headers));
    });
    // Sent over about twice the proxy's wait: each line follows the last one's arrival by a third of it.
    const lines = Array.from({ length: 6 }, (_, i) => `G1 X${i}\n`);
    const body = Readable.from(
      (async function* () {
        for (const line of lines) {
          await new Promise((resolve) => setTimeout(resolve, PROXY_WAIT_MS / 3));
          yield Buffer.from(line);
        }
      })(),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/proxy/duet/3.6/customer/${controller.valid}/rr_upload?name=0:/gcodes/slow.gcode`,
      headers: { ...bearer(tokens.customer), 'content-length': String(lines.join('').length) },
      payload: body,
    });
    expect(response.json()).toEqual({ err: 0 });
  });

  it('answers 502 GATEWAY_OFFLINE at once when the tunnel breaks before the board answers', async () => {
    const fake = await connectFakeGateway(t.modules.gateway.registry, controller.valid, () => {
      void fake.disconnect();
    });
    const response = await proxied(tokens.customer, `/proxy/duet/3.6/customer/${controller.valid}/rr_model`);
    expect([response.statusCode, response.json().code]).toEqual([502, 'GATEWAY_OFFLINE']);
  });

  it("carries the client's session key to its gateway, which tells its clients apart by it, and no other header", async () => {
    const seen: Record<string, unknown>[] = [];
    await gateway(controller.valid, (stream, headers) => {
      seen.push({ ...headers });
      answerJson({ key: 'state', result: {} })(stream, headers);
    });
    const url = `/proxy/duet/3.6/customer/${controller.valid}/rr_model?key=state`;
    await t.app.inject({
      url,
      headers: {
        ...bearer(tokens.customer),
        'x-session-key': '3735928559',
        cookie: 'a=b',
        'user-agent': 'DWC',
      },
    });
    await proxied(tokens.customer, url);
    expect(seen.map((headers) => headers['x-session-key'])).toEqual(['3735928559', undefined]);
    expect(Object.keys(seen[0] ?? {}).filter((name) => !name.startsWith(':'))).toEqual([
      'x-session-key',
      DEADLINE_HEADER,
    ]);
  });

  it('streams an upload to the board with its Content-Length', async () => {
    let received = 0;
    let length: string | undefined;
    await gateway(controller.valid, (stream, headers) => {
      length = headers['content-length'] as string;
      stream.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      stream.on('end', () => answerJson({ err: 0 })(stream, headers));
    });
    // G-code text: the customer path checks the lines of what it uploads into the customer folders.
    const body = Buffer.from('G1 X10 Y10 E0.5\n'.repeat(200_000));
    const response = await proxied(
      tokens.customer,
      `/proxy/duet/3.6/customer/${controller.valid}/rr_upload?name=0:/gcodes/a.gcode`,
      { method: 'POST', payload: body },
    );
    expect(response.json()).toEqual({ err: 0 });
    expect([received, length]).toEqual([body.length, String(body.length)]);
  });

  it('enforces access: 401 without a token, 404 for another business, 403 for an expired licence', async () => {
    await gateway(controller.expired, answerJson({}));
    await gateway(controller.other, answerJson({}));
    const anonymous = await t.app.inject(`/proxy/duet/3.6/customer/${controller.valid}/rr_model`);
    expect(anonymous.statusCode).toBe(401);
    const other = await proxied(tokens.customer, `/proxy/duet/3.6/customer/${controller.other}/rr_model`);
    expect(other.statusCode).toBe(404);
    const manager = await proxied(tokens.manager, `/proxy/duet/3.6/customer/${controller.other}/rr_model`);
    expect(manager.statusCode).toBe(404);
    const expired = await proxied(tokens.manager, `/proxy/duet/3.6/customer/${controller.expired}/rr_model`);
    expect([expired.statusCode, expired.json().code]).toEqual([403, 'LICENSE_EXPIRED']);
    const admin = await proxied(tokens.admin, `/proxy/duet/3.6/customer/${controller.expired}/rr_model`);
    expect(admin.statusCode).toBe(200);
  });

  it('keeps the admin path for administrators, licence or not', async () => {
    await gateway(controller.expired, answerJson({ ok: true }));
    const manager = await proxied(tokens.manager, `/proxy/duet/3.6/admin/${controller.expired}/rr_model`);
    expect(manager.statusCode).toBe(403);
    const admin = await proxied(tokens.admin, `/proxy/duet/3.6/admin/${controller.expired}/rr_model`);
    expect(admin.json()).toEqual({ ok: true });
  });

  it('refuses unknown firmware segments and paths with 400', async () => {
    for (const url of [`/proxy/duet/9.9/customer/${controller.valid}/x`, `/proxy/duet/3.6/owner/1/x`]) {
      expect((await proxied(tokens.admin, url)).statusCode).toBe(400);
    }
  });
});

describe("the machines' own origins", () => {
  const ticketFor = async (token: string, controllerId: number, path = 'customer') => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/machines/${controllerId}/panel`,
      headers: bearer(token),
      payload: { path, firmware: '3.6' },
    });
    return response;
  };
  /** A request to the machine origin server as the browser sends it: to the host of `url`. */
  const visit = (url: string, headers: Record<string, string> = {}) => {
    const { host, pathname, search } = new URL(url, 'https://unused.example.test');
    return origin.inject({ url: `${pathname}${search}`, headers: { host, ...headers } });
  };
  const machineUrl = (controllerId: number, path: string) =>
    `https://m${controllerId}.machines.example.test${path}`;
  const enter = async (token: string, controllerId: number, path = 'customer') => {
    const entry = await visit((await ticketFor(token, controllerId, path)).json().url);
    expect(entry.statusCode).toBe(303);
    return String(entry.headers['set-cookie']).split(';')[0] ?? '';
  };

  it("trades a ticket for a cookie of the machine's own host, then relays with it (never with the cookie)", async () => {
    const fake = await gateway(controller.valid, (stream, headers) => {
      stream.respond({
        ':status': 200,
        'content-type': String(headers[':path']).startsWith('/board/rr_') ? 'application/json' : 'text/html',
        'x-saw-cookie': String(Boolean(headers.cookie)),
      });
      stream.end(String(headers[':path']).startsWith('/board/rr_') ? '{}' : '<html>board</html>');
    });
    const ticket = await ticketFor(tokens.customer, controller.valid);
    expect(ticket.statusCode).toBe(200);
    const url = new URL(ticket.json().url);
    expect(url.origin).toBe(`https://m${controller.valid}.machines.example.test`);
    const entry = await visit(url.href);
    expect(entry.statusCode).toBe(303);
    expect(entry.headers.location).toBe(`/proxy/duet/3.6/customer/${controller.valid}/`);
    const cookie = String(entry.headers['set-cookie']);
    // Host-only (no Domain), https only, and `__Host-`: no other machine's page can plant or read it.
    expect(cookie).toMatch(/^__Host-machine_\d+_customer=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    const page = await visit(machineUrl(controller.valid, String(entry.headers.location)), {
      cookie: cookie.split(';')[0] ?? '',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<html>board</html>');
    expect(page.headers['x-saw-cookie']).toBe('false');
    // Only the portal may frame a board page; the board's own API answers never run as a page.
    expect(page.headers['content-security-policy']).toBe('frame-ancestors https://portal.example.test');
    const model = await visit(
      machineUrl(controller.valid, `/proxy/duet/3.6/customer/${controller.valid}/rr_model`),
      {
        cookie: cookie.split(';')[0] ?? '',
      },
    );
    expect(model.statusCode).toBe(200);
    expect(model.headers['content-security-policy']).toBe(
      "sandbox; default-src 'none'; frame-ancestors https://portal.example.test",
    );
    expect(fake.paths).toEqual(['/board/', '/board/rr_model']);
  });

  it('lets a ticket work once', async () => {
    await gateway(controller.valid, answerJson({}));
    const { url } = (await ticketFor(tokens.customer, controller.valid)).json();
    expect((await visit(url)).statusCode).toBe(303);
    const again = await visit(url);
    expect([again.statusCode, again.json().code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it("answers 404 on one machine's origin for another machine, and for hosts that are no machine's", async () => {
    await gateway(controller.valid, answerJson({}));
    await gateway(controller.other, answerJson({}));
    const admin = await enter(tokens.admin, controller.valid, 'admin');
    // The reproduction of the probe: a page on B's origin asking for A through the admin path.
    const path = `/proxy/duet/3.6/admin/${controller.valid}/rr_model`;
    const fromOther = await visit(machineUrl(controller.other, path), { cookie: admin });
    expect([fromOther.statusCode, fromOther.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await visit(machineUrl(controller.valid, path), { cookie: admin })).statusCode).toBe(200);
    const { url } = (await ticketFor(tokens.admin, controller.valid, 'admin')).json();
    const ticket = new URL(url).search;
    for (const host of [
      `m${controller.other}.machines.example.test`,
      'machines.example.test',
      'portal.example.test',
      `m0${controller.valid}.machines.example.test`,
      `m${controller.valid}.machines.example.test.evil.test`,
    ]) {
      const response = await origin.inject({ url: `${new URL(url).pathname}${ticket}`, headers: { host } });
      expect(response.statusCode, host).toBe(404);
    }
    // None of these spent the ticket.
    expect((await visit(url)).statusCode).toBe(303);
  });

  it("lets only the machine's own pages call its board: another machine's page is same-site, not same-origin", async () => {
    const fake = await gateway(controller.valid, answerJson({}));
    const cookie = await enter(tokens.admin, controller.valid, 'admin');
    const own = machineUrl(controller.valid, '').replace(/\/$/, '');
    const at = (rest: string) =>
      machineUrl(controller.valid, `/proxy/duet/3.6/admin/${controller.valid}/${rest}`);
    const refused: { url: string; headers: Record<string, string> }[] = [
      // An <img> or no-cors fetch on another machine's page, a frame it navigates, a form it posts.
      {
        url: at('rr_gcode?gcode=M117'),
        headers: { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' },
      },
      {
        url: at('rr_gcode?gcode=M117'),
        headers: { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
      },
      { url: at('machine/code'), headers: { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' } },
      {
        url: at('rr_gcode?gcode=M117'),
        headers: { origin: `https://m${controller.other}.machines.example.test` },
      },
    ];
    for (const { url, headers } of refused) {
      const response = await visit(url, { cookie, ...headers });
      // A frame navigated there gets the refusal as a page (machine-error-page.ts), anything else as a body.
      const refusal =
        headers['sec-fetch-mode'] === 'navigate'
          ? response.body.includes(ERROR_TEXTS.it.FORBIDDEN) && 'FORBIDDEN'
          : response.json().code;
      expect([response.statusCode, refusal], JSON.stringify(headers)).toEqual([403, 'FORBIDDEN']);
    }
    expect(fake.paths).toEqual([]);
    const allowed: { url: string; headers: Record<string, string> }[] = [
      // The board's own page, a client that is no browser, and the portal's frame opening a page.
      { url: at('rr_gcode?gcode=M117'), headers: { 'sec-fetch-site': 'same-origin', origin: own } },
      { url: at('rr_model'), headers: {} },
      { url: at('index.html'), headers: { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' } },
    ];
    for (const { url, headers } of allowed) {
      expect((await visit(url, { cookie, ...headers })).statusCode, JSON.stringify(headers)).toBe(200);
    }
    expect(fake.paths).toHaveLength(3);
  });

  it("refuses a machine's cookie on another machine's origin, requests without it, and ended sessions", async () => {
    await gateway(controller.valid, answerJson({}));
    await gateway(controller.other, answerJson({}));
    const bare = await visit(
      machineUrl(controller.valid, `/proxy/duet/3.6/customer/${controller.valid}/rr_model`),
    );
    expect(bare.statusCode).toBe(401);
    const cookieOfA = await enter(tokens.admin, controller.valid, 'admin');
    const onB = await visit(
      machineUrl(controller.other, `/proxy/duet/3.6/admin/${controller.other}/rr_model`),
      {
        cookie: cookieOfA,
      },
    );
    expect(onB.statusCode).toBe(401);
    const elsewhere = await ticketFor(tokens.customer, controller.valid);
    const ticket = new URL(elsewhere.json().url).searchParams.get('ticket');
    const misused = await visit(
      machineUrl(controller.expired, `/proxy/duet/3.6/customer/${controller.expired}/?ticket=${ticket}`),
    );
    expect(misused.statusCode).toBe(401);
    const token = await t.tokenFor('customer@demo.test');
    const cookie = await enter(token, controller.valid);
    await t.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: bearer(token) });
    const afterLogout = await visit(
      machineUrl(controller.valid, `/proxy/duet/3.6/customer/${controller.valid}/`),
      {
        cookie,
      },
    );
    expect(afterLogout.statusCode).toBe(401);
  });

  it('redirects to the path still encoded, whatever characters it names, and refuses unusable ones', async () => {
    await gateway(controller.valid, answerJson({}));
    for (const rest of ['x%E2%80%A8y', '%C3%A8.html', 'caf%C3%A9%20menu.html']) {
      const { url } = (await ticketFor(tokens.customer, controller.valid)).json();
      const entry = new URL(url);
      const response = await origin.inject({
        url: `${entry.pathname}${rest}?a=%0a&${entry.search.slice(1)}&b=2`,
        headers: { host: entry.host },
      });
      expect(response.statusCode, rest).toBe(303);
      expect(response.headers.location).toBe(`${entry.pathname}${rest}?a=%0a&b=2`);
    }
    // A line break or an encoded query mark in the path is no page a board serves the same way: 400.
    for (const rest of ['a%0ab', 'a%0d%0ab', 'p%3Fq%23r']) {
      const { url } = (await ticketFor(tokens.customer, controller.valid)).json();
      const entry = new URL(url);
      const response = await origin.inject({
        url: `${entry.pathname}${rest}${entry.search}`,
        headers: { host: entry.host },
      });
      expect([rest, response.statusCode]).toEqual([rest, 400]);
    }
    // A byte outside printable ASCII, sent raw: refused with a 4xx, never a 500.
    const { url } = (await ticketFor(tokens.customer, controller.valid)).json();
    const entry = new URL(url);
    await origin.listen({ host: '127.0.0.1', port: 0 });
    const socket = connect((origin.server.address() as AddressInfo).port, '127.0.0.1');
    socket.end(
      Buffer.from(
        `GET ${entry.pathname}\u00e8${entry.search} HTTP/1.1\r\nHost: ${entry.host}\r\n\r\n`,
        'latin1',
      ),
    );
    const [head] = (await once(socket, 'data')) as [Buffer];
    expect(head.toString('latin1')).toMatch(/^HTTP\/1\.1 4\d\d /);
  });

  it("answers a page's navigation with an error page in the frame's language, and scripts with the error body", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/machines/${controller.valid}/panel`,
      headers: bearer(tokens.customer),
      payload: { path: 'customer', firmware: '3.6', language: 'en' },
    });
    const entryUrl = new URL(response.json().url);
    expect(entryUrl.searchParams.get('lang')).toBe('en');
    const navigate = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe', 'accept-language': 'it-IT' };
    // No gateway: the frame's first page is the portal's page, in English as the portal page asked.
    const entry = await visit(entryUrl.href, navigate);
    expect(entry.statusCode).toBe(303);
    expect(entry.headers.location).toBe(`/proxy/duet/3.6/customer/${controller.valid}/`);
    const cookies = [entry.headers['set-cookie']].flat().map((cookie) => String(cookie).split(';')[0]);
    expect(cookies[1]).toBe('machine_lang=en');
    const cookie = cookies.join('; ');
    const offline = await visit(machineUrl(controller.valid, String(entry.headers.location)), {
      ...navigate,
      cookie,
    });
    expect(offline.statusCode).toBe(502);
    expect(offline.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(offline.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; .*frame-ancestors https:\/\/portal\.example\.test$/,
    );
    expect(offline.body).toContain('<html lang="en">');
    expect(offline.body).toContain('The gateway of this machine is offline.');
    expect(offline.body).toContain(`href="/proxy/duet/3.6/customer/${controller.valid}/"`);
    expect(offline.body).not.toContain('GATEWAY_OFFLINE');
    // The board's page asking for data gets the error body, as every API client.
    const fetched = await visit(
      machineUrl(controller.valid, `/proxy/duet/3.6/customer/${controller.valid}/rr_model`),
      { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin', cookie },
    );
    expect([fetched.statusCode, fetched.json().code]).toEqual([502, 'GATEWAY_OFFLINE']);
    // A spent ticket: the language its address names, and no retry that cannot work.
    const spent = await visit(entryUrl.href, navigate);
    expect(spent.statusCode).toBe(401);
    expect(spent.body).toContain('Reload the panel from the portal.');
    expect(spent.body).not.toContain('href=');
    // Neither an entry address nor the cookie: the browser's language.
    const bare = await visit(machineUrl(controller.valid, String(entry.headers.location)), navigate);
    expect(bare.statusCode).toBe(401);
    expect(bare.body).toContain('<html lang="it">');
    expect(bare.body).toContain('Ricarica il pannello dal portale.');
  });

  it('gives no ticket for a machine the user may not open', async () => {
    expect((await ticketFor(tokens.customer, controller.other)).statusCode).toBe(404);
    expect((await ticketFor(tokens.manager, controller.valid, 'admin')).statusCode).toBe(403);
  });
});

describe('the tunnel endpoint', () => {
  it('accepts a gateway with its key, refuses a wrong key, and ends its tunnel when the key is replaced', async () => {
    const keyAnswer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/controller/computer/${controller.other}/key`,
      headers: bearer(tokens.admin),
    });
    const { key } = keyAnswer.json() as { key: string };
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${TUNNEL_PATH}`;

    const refused = new WebSocket(url, {
      headers: { authorization: gatewayAuthorization(controller.other, 'wrong') },
    });
    const [, response] = (await once(refused, 'unexpected-response')) as [unknown, { statusCode: number }];
    expect(response.statusCode).toBe(401);
    refused.on('error', () => undefined);
    refused.terminate();

    const accepted = new WebSocket(url, {
      headers: { authorization: gatewayAuthorization(controller.other, key) },
    });
    await once(accepted, 'open');
    await expect.poll(() => t.modules.gateway.registry.isOnline(controller.other)).toBe(true);
    // A new key ends the tunnel the old one opened.
    const closed = once(accepted, 'close');
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/controller/computer/${controller.other}/key`,
      headers: bearer(tokens.admin),
    });
    await closed;
    await expect.poll(() => t.modules.gateway.registry.isOnline(controller.other)).toBe(false);
  });
});

describe("the portal's content security policy", () => {
  it("lets the SPA frame board pages and show webcams from the machines' origins only", async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { host: 'portal.test:8080' } });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("frame-src 'self' https://*.machines.example.test;");
    expect(policy).toContain("img-src 'self' data: blob: https://*.machines.example.test;");
  });
});
