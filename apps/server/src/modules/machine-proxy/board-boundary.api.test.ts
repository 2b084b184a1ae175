import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BoardMode } from '@portal/duet/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildMachineOrigin } from '../../machine-origin.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';
import { connectSimulatedBoard, type TunnelledBoard } from '../../test/simulated-board.ts';
import { bearer } from '../../test/test-app.ts';

/**
 * The board boundary as an attacker tries it (docs/board-access.md §1): a request is read once, as the board will
 * read it, and what a board could read otherwise never reaches one, on the admin path too; consent holds however a
 * change is spelled; a file of the card never runs as a page on a machine's origin.
 */

const t = useTestApp({ proxyTimeoutMs: 5000 });
let origin: FastifyInstance;
let controllerId = 0;
let businessId = 0;
let tokens: Record<'admin' | 'manager' | 'customer', string>;
let board: TunnelledBoard | undefined;

beforeAll(async () => {
  origin = await buildMachineOrigin(t.modules);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  await origin.listen({ host: '127.0.0.1', port: 0 });
  const group = await demoClient(t).group('Prusa linea 1');
  controllerId = group.computerControllerId;
  businessId = group.businessId;
  tokens = await t.sessionsFor('admin', 'manager', 'customer');
});

afterEach(async () => {
  await setConsent(false);
  await board?.close();
  board = undefined;
});

afterAll(async () => {
  await origin.close();
});

async function startBoard(mode: BoardMode) {
  board = await connectSimulatedBoard(t.modules.gateway.registry, controllerId, { mode, firmware: '3.6' });
  // A standalone board serves a client that logged in from its address (the gateway's own session, here).
  if (mode === 'standalone') await portal('customer', 'rr_connect?password=reprap');
  board.requests.length = 0;
  return board;
}

interface RawAnswer {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): { code?: string };
}

/**
 * A request sent as written, byte for byte, the way an attacker's client or a browser's navigation sends it (the
 * test's `inject` would normalise `./` and `%2e` away before the portal saw them).
 */
function raw(
  server: FastifyInstance,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawAnswer> {
  const { port } = server.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path, headers, agent: false },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          text += chunk;
        });
        answer.on('end', () =>
          resolve({
            statusCode: answer.statusCode ?? 0,
            headers: answer.headers,
            body: text,
            json: () => JSON.parse(text),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const setConsent = (required: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/business/${businessId}/service-consent`,
    headers: bearer(tokens.manager),
    payload: { required },
  });

const portal = (path: 'admin' | 'customer', rest: string, method = 'GET', payload?: string) =>
  raw(
    t.app,
    method,
    `/proxy/duet/3.6/${path}/${controllerId}/${rest}`,
    {
      ...bearer(path === 'admin' ? tokens.admin : tokens.customer),
      ...(payload !== undefined && { 'content-length': String(Buffer.byteLength(payload)) }),
    },
    payload,
  );

const machineHost = () => `m${controllerId}.machines.example.test`;

/** The panel's cookie of `path` on the machine's own origin, as its frame gets it. */
async function panelCookie(path: 'admin' | 'customer'): Promise<string> {
  const ticket = await t.app.inject({
    method: 'POST',
    url: `/api/v1/machines/${controllerId}/panel`,
    headers: bearer(path === 'admin' ? tokens.admin : tokens.customer),
    payload: { path, firmware: '3.6' },
  });
  const url = new URL(ticket.json().url);
  const entry = await origin.inject({ url: `${url.pathname}${url.search}`, headers: { host: url.host } });
  return String(entry.headers['set-cookie']).split(';')[0] ?? '';
}

/** A request another machine's page makes the browser send: a navigation of a frame, same site, with the cookie. */
const framedByAnotherMachine = (path: 'admin' | 'customer', rest: string, cookie: string) =>
  raw(origin, 'GET', `/proxy/duet/3.6/${path}/${controllerId}/${rest}`, {
    host: machineHost(),
    cookie,
    'sec-fetch-site': 'same-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'iframe',
  });

describe.each<BoardMode>(['standalone', 'sbc'])('the board boundary on a %s board', (mode) => {
  it("keeps another machine's page from running G-code through an administrator's panel", async () => {
    const tunnelled = await startBoard(mode);
    const cookie = await panelCookie('admin');
    for (const rest of [
      '..%2Frr_gcode?gcode=M117%20pwned',
      '%2E%2E/rr_gcode?gcode=M117%20pwned',
      '.%2Frr_gcode?gcode=M117%20pwned',
      'x/%2e%2e/rr_gcode?gcode=M98%20P%220:/sys/config.g%22',
      '..%2Fgcodes%2Fevil.html',
    ]) {
      const response = await framedByAnotherMachine('admin', rest, cookie);
      // A navigation gets the origin's error page: never the board's.
      expect([rest, response.statusCode]).toEqual([rest, 400]);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(tunnelled.requests).toEqual([]);
  });

  it('refuses changes under consent however they are spelled, DSF plugins and packages included', async () => {
    const tunnelled = await startBoard(mode);
    expect((await setConsent(true)).statusCode).toBe(200);
    for (const [method, rest] of [
      ['POST', 'machine/./code'],
      ['POST', 'machine/%2e/code'],
      ['GET', '..%2Frr_gcode?gcode=M117%20x'],
      ['GET', 'rr_gcode?gcode=M117%20a&GCODE=M997'],
    ] as const) {
      const response = await portal('admin', rest, method, method === 'POST' ? 'M997' : undefined);
      expect([rest, response.statusCode]).toEqual([rest, 400]);
    }
    for (const [method, rest] of [
      ['PUT', 'machine/plugin'],
      ['POST', 'machine/startPlugin'],
      ['POST', 'machine/stopPlugin'],
      ['PUT', 'machine/systemPackage'],
      ['DELETE', 'machine/systemPackage'],
      ['POST', 'machine/SomePlugin/endpoint'],
      ['POST', 'machine/code'],
      ['GET', 'rr_gcode?gcode=M117%20x'],
    ] as const) {
      const response = await portal('admin', rest, method, method === 'GET' ? undefined : 'x');
      expect([rest, response.statusCode, response.json().code]).toEqual([
        rest,
        403,
        'SERVICE_SESSION_REQUIRED',
      ]);
    }
    expect(tunnelled.requests).toEqual([]);
  });

  it('answers a path a board could read otherwise with 400 on the admin path, gateway or not', async () => {
    for (const rest of ['%0a', 'a%0d%0ab', 'rr_model%3Fkey=x', '/rr_model', 'rr_model?key=a&KEY=b']) {
      const response = await portal('admin', rest);
      expect([rest, response.statusCode, response.json().code]).toEqual([rest, 400, 'BAD_REQUEST']);
    }
    const tunnelled = await startBoard(mode);
    expect((await portal('admin', '%0a')).statusCode).toBe(400);
    expect(tunnelled.requests).toEqual([]);
  });

  it("serves a file of the card as a download on the machine's origin, never as a page", async () => {
    const tunnelled = await startBoard(mode);
    // An HTML file the G-code check lets through (no command in it): what matters is how it is served.
    const page = '<html><body><h1>pwned</h1></body></html>';
    const upload =
      mode === 'sbc'
        ? await portal('customer', 'machine/file/0%3A%2Fgcodes%2Fevil.html', 'PUT', page)
        : await portal('customer', 'rr_upload?name=0:/gcodes/evil.html', 'POST', page);
    expect(upload.statusCode).toBeLessThan(300);
    const cookie = await panelCookie('customer');
    const read = (rest: string) =>
      origin.inject({
        url: `/proxy/duet/3.6/customer/${controllerId}/${rest}`,
        headers: {
          host: machineHost(),
          cookie,
          'sec-fetch-site': 'same-origin',
          'sec-fetch-mode': 'navigate',
        },
      });
    for (const rest of [
      'rr_download?name=0:/gcodes/evil.html',
      ...(mode === 'sbc' ? ['machine/file/0%3A%2Fgcodes%2Fevil.html'] : []),
    ]) {
      const response = await read(rest);
      expect([rest, response.statusCode]).toEqual([rest, 200]);
      expect(response.body).toBe(page);
      expect(response.headers['content-disposition']).toBe('attachment');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toMatch(/^sandbox; /);
    }
    expect(tunnelled.requests.length).toBeGreaterThan(0);
  });
});

describe("the panel's cookie on an http deployment", () => {
  it("reads past a cookie another page planted for the parent domain, and never takes someone else's", async () => {
    await startBoard('standalone');
    const own = await panelCookie('customer');
    const [name] = own.split('=');
    const visit = (cookie: string) =>
      origin.inject({
        url: `/proxy/duet/3.6/customer/${controllerId}/rr_model?key=state`,
        headers: { host: machineHost(), cookie, 'sec-fetch-site': 'same-origin' },
      });
    // A planted value of the same name, sent first, neither breaks the panel nor opens it for someone else.
    expect((await visit(`${name}=planted; ${own}`)).statusCode).toBe(200);
    expect((await visit(`${own}; ${name}=planted`)).statusCode).toBe(200);
    const others = await panelCookie('customer');
    expect((await visit(`${others}; ${own}`)).statusCode).toBe(200);
    // Two different grants: whose panel it is cannot be told, so it is no one's.
    const manager = await t.app.inject({
      method: 'POST',
      url: `/api/v1/machines/${controllerId}/panel`,
      headers: bearer(tokens.manager),
      payload: { path: 'customer', firmware: '3.6' },
    });
    const url = new URL(manager.json().url);
    const entry = await origin.inject({ url: `${url.pathname}${url.search}`, headers: { host: url.host } });
    const planted = String(entry.headers['set-cookie']).split(';')[0] ?? '';
    expect((await visit(`${planted}; ${own}`)).statusCode).toBe(401);
  });
});
