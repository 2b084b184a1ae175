import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { gatewayAuthorization, TUNNEL_PATH } from '@portal/tunnel';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { machineGroups } from '../../db/schema.ts';
import { buildMachineOrigin } from '../../machine-origin.ts';
import {
  answerJson,
  connectFakeGateway,
  type FakeGateway,
  type StreamHandler,
} from '../../test/fake-gateway.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let origin: FastifyInstance;
const gateways: FakeGateway[] = [];
/** Controllers of demo groups: A's with a valid licence (customer@ assigned), A's expired one, and B's. */
const controller = { valid: 0, expired: 0, other: 0 };
let tokens: Record<'admin' | 'manager' | 'customer' | 'customer2', string>;

const controllerOf = async (name: string) => {
  const [row] = await t.database.db.select().from(machineGroups).where(eq(machineGroups.name, name));
  if (!row) throw new Error(`no demo group ${name}`);
  return row.computerControllerId;
};

const gateway = async (controllerId: number, handler: StreamHandler) => {
  const fake = await connectFakeGateway(t.modules.gateway.registry, controllerId, handler);
  gateways.push(fake);
  return fake;
};

beforeAll(async () => {
  t = await createTestApp({ proxyTimeoutMs: 300 });
  origin = await buildMachineOrigin(t.modules);
  controller.valid = await controllerOf('Prusa linea 1');
  controller.expired = await controllerOf('Voron prototipi');
  controller.other = await controllerOf('RatRig produzione');
  tokens = {
    admin: await t.tokenFor('admin@demo.test'),
    manager: await t.tokenFor('manager@demo.test'),
    customer: await t.tokenFor('customer@demo.test'),
    customer2: await t.tokenFor('customer2@demo.test'),
  };
});

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((fake) => fake.disconnect()));
});

afterAll(async () => {
  await origin.close();
  await t.close();
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
      `/proxy/duet/3.6/customer/${controller.valid}/rr_delete?name=x`,
    );
    expect([first.statusCode, first.json()]).toEqual([200, { err: 1 }]);
    const second = await proxied(tokens.customer, `/proxy/duet/3.6/customer/${controller.valid}/rr_model`);
    expect(second.statusCode).toBe(503);
    expect(second.body).toBe('');
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

  it('answers 502 GATEWAY_OFFLINE at once when the tunnel breaks before the board answers', async () => {
    const fake = await connectFakeGateway(t.modules.gateway.registry, controller.valid, () => {
      void fake.disconnect();
    });
    const response = await proxied(tokens.customer, `/proxy/duet/3.6/customer/${controller.valid}/rr_model`);
    expect([response.statusCode, response.json().code]).toEqual([502, 'GATEWAY_OFFLINE']);
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
    const body = Buffer.alloc(3 * 1024 * 1024, 1);
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

describe('the machine origin', () => {
  const ticketFor = async (token: string, controllerId: number, path = 'customer') => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/machines/${controllerId}/panel`,
      headers: bearer(token),
      payload: { path, firmware: '3.6' },
    });
    return response;
  };

  it('trades a ticket for a cookie scoped to the machine, then relays with it (never with the cookie)', async () => {
    const fake = await gateway(controller.valid, (stream, headers) => {
      stream.respond({
        ':status': 200,
        'content-type': 'text/html',
        'x-saw-cookie': String(Boolean(headers.cookie)),
      });
      stream.end('<html>board</html>');
    });
    const ticket = await ticketFor(tokens.customer, controller.valid);
    expect(ticket.statusCode).toBe(200);
    const url = new URL(ticket.json().url);
    const entry = await origin.inject(`${url.pathname}${url.search}`);
    expect(entry.statusCode).toBe(303);
    expect(entry.headers.location).toBe(`/proxy/duet/3.6/customer/${controller.valid}/`);
    const cookie = String(entry.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(new RegExp(`Path=/proxy/duet/3.6/customer/${controller.valid}/`));
    const page = await origin.inject({
      url: String(entry.headers.location),
      headers: { cookie: cookie.split(';')[0] },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<html>board</html>');
    expect(page.headers['x-saw-cookie']).toBe('false');
    expect(fake.paths).toEqual(['/board/']);
  });

  it('refuses requests without the cookie, tickets of another machine, and ended sessions', async () => {
    await gateway(controller.valid, answerJson({}));
    const bare = await origin.inject(`/proxy/duet/3.6/customer/${controller.valid}/rr_model`);
    expect(bare.statusCode).toBe(401);
    const elsewhere = await ticketFor(tokens.customer, controller.valid);
    const ticket = new URL(elsewhere.json().url).searchParams.get('ticket');
    const misused = await origin.inject(`/proxy/duet/3.6/customer/${controller.expired}/?ticket=${ticket}`);
    expect(misused.statusCode).toBe(401);
    const token = await t.tokenFor('customer@demo.test');
    const entry = await origin.inject(
      new URL((await ticketFor(token, controller.valid)).json().url).pathname +
        new URL((await ticketFor(token, controller.valid)).json().url).search,
    );
    const cookie = String(entry.headers['set-cookie']).split(';')[0] ?? '';
    await t.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: bearer(token) });
    const afterLogout = await origin.inject({
      url: `/proxy/duet/3.6/customer/${controller.valid}/`,
      headers: { cookie },
    });
    expect(afterLogout.statusCode).toBe(401);
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
  it('lets the SPA frame board pages and show webcams from the machine origin only', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { host: 'portal.test:8080' } });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("frame-src 'self' http://portal.test:0");
    expect(policy).toContain("img-src 'self' data: blob: http://portal.test:0");
  });
});
