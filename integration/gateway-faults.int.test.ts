import { randomBytes } from 'node:crypto';
import type { RunningBoard, RunningWebcam } from '@portal/board-sim';
import { boardProxyPath, type ComputerController } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import GATEWAY_PACKAGE from '../apps/gateway/package.json' with { type: 'json' };
import type { GatewayConfig } from '../apps/gateway/src/index.ts';
import type { GatewayProcess } from '../test-kit/gateway-process.ts';
import { type RunningPortal, startPortal } from '../test-kit/portal.ts';
import { api, controllerOf, issueGatewayKey, logIn, type Session } from '../test-kit/portal-api.ts';
import { countFrames, exchange, within } from '../test-kit/streams.ts';
import { Rig } from './support/rig.ts';

/**
 * Faults of the gateway itself, run as the real CLI process an installer runs: killed in the middle of a
 * transfer, frozen with its connection left open (half-open TCP), restarted.
 */

/** Every fault must end in a clear answer or a recovery within this long. */
const CLEAR_WITHIN_MS = 10_000;
/** docs/design.md §5: the portal finds a silent tunnel within 25 s. */
const HALF_OPEN_FOUND_WITHIN_MS = 25_000;

let portal: RunningPortal;
const rig = new Rig();
let customer: Session;
let board: RunningBoard;
let webcam: RunningWebcam;
let config: GatewayConfig;
/** The gateway process of the current test. */
let gateway: GatewayProcess;

beforeAll(async () => {
  portal = await startPortal({ PROXY_TIMEOUT: '5' });
  const admin = await logIn(portal, 'admin@demo.test');
  customer = await logIn(portal, 'customer@demo.test');
  const controller = await controllerOf(portal, admin, 'Prusa linea 1');
  [board, webcam] = await Promise.all([rig.board({ name: 'Prusa linea 1' }), rig.webcam()]);
  const key = await issueGatewayKey(portal, admin, controller);
  config = { server: portal.url, controller, key, board: board.url, webcam: webcam.url };
});

afterEach(async () => {
  await gateway?.stop();
});

afterAll(async () => {
  await rig.close();
  await portal?.stop();
});

const auth = () => ({ authorization: `Bearer ${customer.token}` });
const boardUrl = (rest: string) =>
  `${portal.url}${boardProxyPath('3.6', 'customer', config.controller, rest)}`;
const proxiedStatus = async (rest = 'rr_model?key=state') =>
  (await fetch(boardUrl(rest), { headers: auth() })).status;

/** The portal answers 502 GATEWAY_OFFLINE at once: it is up and knows the gateway is gone. */
async function expectGatewayOffline(): Promise<void> {
  const response = await fetch(boardUrl('rr_model?key=state'), { headers: auth() });
  expect({ status: response.status, body: await response.json() }).toMatchObject({
    status: 502,
    body: { code: 'GATEWAY_OFFLINE' },
  });
}

describe('a gateway killed mid-transfer', () => {
  it('ends an upload with an error, and the board keeps no half-written file', async () => {
    gateway = await rig.gatewayProcess(config);
    const size = 8 * 1024 * 1024;
    const upload = exchange(boardUrl(`rr_upload?name=${encodeURIComponent('0:/gcodes/cut.gcode')}`), {
      method: 'POST',
      headers: auth(),
      length: size,
    });
    // G-code text: the customer path checks each line of what it uploads into 0:/gcodes.
    upload.request.write(Buffer.from('G1 X10 Y10 E0.5\n'.repeat(size / 4 / 16)));
    await vi.waitFor(() => expect(board.sd.stat('0:/gcodes/cut.gcode.part')).toBeDefined());

    gateway.signal('SIGKILL');
    const end = await within(CLEAR_WITHIN_MS, 'the upload', upload.ended);
    // The portal's 502 as soon as the tunnel breaks, unless the connection it could not read to the end broke first.
    expect([502, null]).toContain(end.status);
    upload.request.destroy();
    await expectGatewayOffline();
    await vi.waitFor(() => {
      expect(board.sd.stat('0:/gcodes/cut.gcode.part')).toBeUndefined();
      expect(board.sd.stat('0:/gcodes/cut.gcode')).toBeUndefined();
    });
  });

  it('cuts a download short, visibly to the client', async () => {
    gateway = await rig.gatewayProcess(config);
    const size = 32 * 1024 * 1024;
    board.sd.write('0:/gcodes/large.gcode', randomBytes(size));
    const download = exchange(boardUrl(`rr_download?name=${encodeURIComponent('0:/gcodes/large.gcode')}`), {
      headers: auth(),
    });
    expect((await download.response).statusCode).toBe(200);
    // A reader that stops: the portal, the tunnel and the gateway fill up behind it.
    download.pause();
    await vi.waitFor(() => expect(download.received()).toBeGreaterThan(0));

    gateway.signal('SIGKILL');
    download.resume();
    const end = await within(CLEAR_WITHIN_MS, 'the download', download.ended);
    expect(end.complete).toBe(false);
    expect(end.received).toBeLessThan(size);
    await expectGatewayOffline();
  });

  it('ends an MJPEG stream, and the next viewer gets 502', async () => {
    gateway = await rig.gatewayProcess(config);
    const streamUrl = `${portal.machineUrl(config.controller)}/proxy/webcam/${config.controller}/?action=stream&token=${customer.videoToken}`;
    const viewer = exchange(streamUrl);
    const frames = countFrames(viewer);
    expect((await viewer.response).statusCode).toBe(200);
    await vi.waitFor(() => expect(frames()).toBeGreaterThanOrEqual(2));

    gateway.signal('SIGKILL');
    const end = await within(CLEAR_WITHIN_MS, 'the MJPEG stream', viewer.ended);
    expect(end.complete).toBe(false);
    const next = await fetch(streamUrl);
    expect(next.status).toBe(502);
    await vi.waitFor(() => expect(webcam.viewers).toBe(0));
  });
});

describe('a gateway that stops answering without closing (half-open TCP)', () => {
  it('is marked offline within 25 s, and comes back when it answers again', async () => {
    gateway = await rig.gatewayProcess(config);
    expect(await proxiedStatus()).toBe(200);

    gateway.signal('SIGSTOP');
    // Meanwhile a request waits for the frozen gateway until the proxy time-out (504); then the tunnel is dropped.
    await expect.poll(() => proxiedStatus(), { timeout: HALF_OPEN_FOUND_WITHIN_MS, interval: 500 }).toBe(502);

    gateway.signal('SIGCONT');
    await gateway.untilConnects(2, CLEAR_WITHIN_MS);
    expect(await proxiedStatus()).toBe(200);
  });
});

describe('a gateway restarted', () => {
  it('serves requests again once its new process has connected', async () => {
    gateway = await rig.gatewayProcess(config);
    expect(await proxiedStatus()).toBe(200);
    expect(await gateway.stop()).toBe(0);
    await expectGatewayOffline();

    gateway = await rig.gatewayProcess(config);
    expect(await proxiedStatus()).toBe(200);
  });
});

describe("a controller's page", () => {
  it('shows whether its gateway is connected, when it was last seen and the version it reported', async () => {
    const admin = await logIn(portal, 'admin@demo.test');
    const controller = () =>
      api<ComputerController>(portal, admin, 'GET', `/api/v1/controller/computer/${config.controller}`);
    gateway = await rig.gatewayProcess(config);
    const online = await controller();
    expect(online.gateway).toMatchObject({ connected: true, version: GATEWAY_PACKAGE.version });
    const connectedAt = Date.parse(online.gateway.lastSeenAt ?? '');
    expect(connectedAt).toBeGreaterThan(Date.now() - 60_000);

    expect(await gateway.stop()).toBe(0);
    await expectGatewayOffline();
    await vi.waitFor(async () => {
      const offline = await controller();
      expect(offline.gateway.connected).toBe(false);
      expect(Date.parse(offline.gateway.lastSeenAt ?? '')).toBeGreaterThanOrEqual(connectedAt);
      expect(offline.gateway.version).toBe(GATEWAY_PACKAGE.version);
    });
  });
});
