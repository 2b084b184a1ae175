import { once } from 'node:events';
import type http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { type ComputerController, MINIMUM_GATEWAY_VERSION } from '@portal/contract';
import {
  acceptServerSession,
  CLOSE_CODES,
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
