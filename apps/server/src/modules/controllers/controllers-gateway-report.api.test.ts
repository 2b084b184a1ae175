import { once } from 'node:events';
import http, { type IncomingMessage } from 'node:http';
import type http2 from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { type ComputerController, MINIMUM_GATEWAY_VERSION } from '@portal/contract';
import {
  acceptServerLink,
  acceptServerSession,
  CLOSE_CODES,
  DIRECT_UPGRADE,
  GATEWAY_CHECK_HEADER,
  GATEWAY_VERSION_HEADER,
  type GatewayReport,
  gatewayAuthorization,
  REPORTS_PATH,
  reportLine,
  TUNNEL_PATH,
} from '@portal/tunnel';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';

const t = useTestApp();
const demo = demoClient(t);
let controller: number;
let key: string;
let tunnelUrl: string;

const LIST = '/api/v1/controller/computer';
const REPORT: GatewayReport = {
  version: MINIMUM_GATEWAY_VERSION,
  uptimeSeconds: 3_725,
  board: {
    reachable: true,
    firmware: { name: 'RepRapFirmware', version: '3.5.2', dsfVersion: '3.5.2' },
    latencyMs: 8.4,
  },
};

beforeAll(async () => {
  controller = (await demo.group('Prusa linea 1')).computerControllerId;
  key = (await demo.call('admin@demo.test', 'POST', `${LIST}/${controller}/key`)).json<{ key: string }>().key;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  tunnelUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${TUNNEL_PATH}`;
});

/** A gateway's end of a real tunnel to the test app: the stream the portal opens for reports is the test's. */
async function dialIn(version: string) {
  const socket = new WebSocket(tunnelUrl, {
    headers: { authorization: gatewayAuthorization(controller, key), [GATEWAY_VERSION_HEADER]: version },
  });
  // The session starts in the 'open' event itself, as the gateway's does: the portal speaks HTTP/2 at once, and
  // its first stream may come in the same tick as the upgrade, so it is listened for there too.
  const [reports, headers] = await new Promise<[http2.ServerHttp2Stream, http2.IncomingHttpHeaders]>(
    (resolve) =>
      socket.once('open', () =>
        acceptServerSession(socket).once('stream', (stream, streamHeaders) =>
          resolve([stream, streamHeaders]),
        ),
      ),
  );
  expect(headers[':path']).toBe(REPORTS_PATH);
  reports.on('error', () => undefined);
  return {
    reports,
    async leave() {
      const closed = once(socket, 'close');
      socket.terminate();
      await closed;
      await expect.poll(() => t.modules.gateway.registry.isOnline(controller)).toBe(false);
    },
  };
}

const gatewayOf = async (email: string) => {
  const response = await demo.call(email, 'GET', `${LIST}/${controller}`);
  expect(response.statusCode).toBe(200);
  return response.json<ComputerController>().gateway;
};

describe("a computer controller's gateway report", () => {
  it('is shown as the gateway sent it, with when it came, and kept once the gateway has left', async () => {
    const gateway = await dialIn(MINIMUM_GATEWAY_VERSION);
    gateway.reports.respond({ ':status': 200, 'content-type': 'application/x-ndjson' });
    gateway.reports.write(reportLine(REPORT));
    await expect.poll(async () => (await gatewayOf('admin@demo.test')).report).not.toBeNull();
    const seen = t.clock.now().toISOString();
    expect(await gatewayOf('admin@demo.test')).toEqual({
      connected: true,
      lastSeenAt: seen,
      version: MINIMUM_GATEWAY_VERSION,
      outdated: false,
      report: { reportedAt: seen, uptimeSeconds: 3_725, board: REPORT.board },
    });
    // Technicians of the machine see it as they see the controller.
    expect((await gatewayOf('tech@demo.test')).report?.board.firmware?.version).toBe('3.5.2');

    t.clock.advance(60_000);
    gateway.reports.write(
      reportLine({ ...REPORT, uptimeSeconds: 3_785, board: { ...REPORT.board, latencyMs: 9 } }),
    );
    await expect.poll(async () => (await gatewayOf('admin@demo.test')).report?.uptimeSeconds).toBe(3_785);
    const later = await gatewayOf('admin@demo.test');
    expect(later.report).toMatchObject({ reportedAt: t.clock.now().toISOString(), board: { latencyMs: 9 } });

    t.clock.advance(60_000);
    await gateway.leave();
    const gone = await gatewayOf('admin@demo.test');
    expect(gone).toMatchObject({ connected: false, lastSeenAt: t.clock.now().toISOString() });
    expect(gone.report).toEqual(later.report);
  });

  it('marks a gateway older than the minimum version as outdated', async () => {
    const gateway = await dialIn('0.0.9');
    gateway.reports.respond({ ':status': 200 });
    gateway.reports.write(reportLine({ ...REPORT, version: '0.0.9' }));
    await expect.poll(async () => (await gatewayOf('admin@demo.test')).version).toBe('0.0.9');
    expect((await gatewayOf('admin@demo.test')).outdated).toBe(true);
    await gateway.leave();
  });

  it('keeps the version of a gateway too old to report, and ignores what is no report', async () => {
    const before = (await gatewayOf('admin@demo.test')).report;
    const old = await dialIn('0.0.5');
    old.reports.respond({ ':status': 404 });
    old.reports.end();
    await expect.poll(async () => (await gatewayOf('admin@demo.test')).version).toBe('0.0.5');
    await old.leave();

    const confused = await dialIn(MINIMUM_GATEWAY_VERSION);
    confused.reports.respond({ ':status': 200 });
    confused.reports.write(`${JSON.stringify({ ...REPORT, uptimeSeconds: -1 })}\n`);
    const closed = once(confused.reports, 'close');
    await closed; // the portal stops reading a gateway that sends no report
    expect((await gatewayOf('admin@demo.test')).report).toEqual(before);
    await confused.leave();
  });

  it('answers 404 to another business, as for a missing controller', async () => {
    const response = await demo.call('manager2@demo.test', 'GET', `${LIST}/${controller}`);
    expect(response.statusCode).toBe(404);
  });
});

describe("a gateway's check", () => {
  it('is accepted with its key and closed at once, leaving the running tunnel; a wrong key gets 401', async () => {
    const running = await dialIn(MINIMUM_GATEWAY_VERSION);
    const check = (withKey: string) =>
      new WebSocket(tunnelUrl, {
        headers: { authorization: gatewayAuthorization(controller, withKey), [GATEWAY_CHECK_HEADER]: '1' },
      });
    const passed = check(key);
    const [code] = (await once(passed, 'close')) as [number];
    expect(code).toBe(CLOSE_CODES.checked);
    expect(t.modules.gateway.registry.isOnline(controller)).toBe(true);
    expect(running.reports.destroyed).toBe(false);
    await running.leave();

    const refused = check('wrong');
    refused.on('error', () => undefined);
    const [, response] = (await once(refused, 'unexpected-response')) as [unknown, { statusCode: number }];
    expect(response.statusCode).toBe(401);
    refused.terminate();
  });
});

/** The gateway's direct upgrade: what the portal answers, and the connection when it switched. */
async function directUpgrade(headers: Record<string, string>) {
  const request = http.request(tunnelUrl.replace(/^ws:/, 'http:'), {
    headers: { ...headers, connection: 'Upgrade', upgrade: DIRECT_UPGRADE },
  });
  request.end();
  return new Promise<{ status: number; upgrade?: string; socket?: Socket; head?: Buffer }>((resolve) => {
    request.once('upgrade', (response: IncomingMessage, socket: Socket, head: Buffer) =>
      resolve({ status: 101, upgrade: response.headers.upgrade, socket, head }),
    );
    request.once('response', (response: IncomingMessage) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
  });
}

/** A gateway's end of a direct tunnel: the link, and the reports stream the portal opened on it. */
async function dialDirectly() {
  const { status, upgrade, socket, head } = await directUpgrade({
    authorization: gatewayAuthorization(controller, key),
    [GATEWAY_VERSION_HEADER]: MINIMUM_GATEWAY_VERSION,
  });
  expect([status, upgrade]).toEqual([101, DIRECT_UPGRADE]);
  if (!socket || !head) throw new Error('no connection');
  const link = acceptServerLink({ socket, head }, { onDead: () => undefined });
  const [reports, headers] = (await once(link.session, 'stream')) as [
    http2.ServerHttp2Stream,
    http2.IncomingHttpHeaders,
  ];
  expect(headers[':path']).toBe(REPORTS_PATH);
  reports.on('error', () => undefined);
  return { link, reports };
}

describe("the tunnel's direct transport", () => {
  it('puts the gateway online, tells a replaced tunnel why it ends, and takes it offline when it leaves', async () => {
    const first = await dialDirectly();
    expect(first.link.transport).toBe('http2');
    expect(t.modules.gateway.registry.isOnline(controller)).toBe(true);
    const replaced = once(first.link, 'closed');
    const second = await dialDirectly();
    expect(await replaced).toEqual([CLOSE_CODES.replaced, 'replaced by a newer tunnel']);
    expect(t.modules.gateway.registry.isOnline(controller)).toBe(true);
    second.link.terminate();
    await expect.poll(() => t.modules.gateway.registry.isOnline(controller)).toBe(false);
  });

  it("answers a check's direct upgrade and ends it at once; a wrong key gets 401", async () => {
    const running = await dialDirectly();
    const passed = await directUpgrade({
      authorization: gatewayAuthorization(controller, key),
      [GATEWAY_CHECK_HEADER]: '1',
    });
    expect(passed.status).toBe(101);
    passed.socket?.resume();
    if (passed.socket) await once(passed.socket, 'end');
    expect(t.modules.gateway.registry.isOnline(controller)).toBe(true);
    expect(running.reports.destroyed).toBe(false);
    running.link.terminate();

    const refused = await directUpgrade({
      authorization: gatewayAuthorization(controller, 'wrong'),
      [GATEWAY_CHECK_HEADER]: '1',
    });
    expect(refused.status).toBe(401);
  });
});
