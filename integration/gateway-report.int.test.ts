import type { RunningBoard } from '@portal/board-sim';
import { type ComputerController, MINIMUM_GATEWAY_VERSION } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import GATEWAY_PACKAGE from '../apps/gateway/package.json' with { type: 'json' };
import type { GatewayConfig } from '../apps/gateway/src/index.ts';
import { type GatewayProcess, runGatewayCheck } from '../test-kit/gateway-process.ts';
import { deadUrl, type RunningPortal, startPortal } from '../test-kit/portal.ts';
import { api, controllerOf, issueGatewayKey, logIn, type Session } from '../test-kit/portal-api.ts';
import { Rig } from './support/rig.ts';

/**
 * The gateway as an installer runs it, against the real portal: what it reports shows on the controller's API, and
 * `portal-gateway --check` says what works and how to fix what does not.
 */

const BOARD_PASSWORD = 'machine-secret';
let portal: RunningPortal;
const rig = new Rig();
let admin: Session;
let board: RunningBoard;
let config: GatewayConfig;
/** The installed gateway, running from the first test on. */
let gatewayProcess: GatewayProcess;

beforeAll(async () => {
  portal = await startPortal();
  admin = await logIn(portal, 'admin@demo.test');
  const controller = await controllerOf(portal, admin, 'Prusa linea 1');
  const [simulated, webcam] = await Promise.all([
    rig.board({ firmware: '3.5', release: '3.5.2', password: BOARD_PASSWORD }),
    rig.webcam(),
  ]);
  board = simulated;
  const key = await issueGatewayKey(portal, admin, controller);
  config = {
    server: portal.url,
    controller,
    key,
    board: board.url,
    webcam: webcam.url,
    boardPassword: BOARD_PASSWORD,
  };
});

afterAll(async () => {
  await rig.close();
  await portal?.stop();
});

const gatewayOf = async () =>
  (await api<ComputerController>(portal, admin, 'GET', `/api/v1/controller/computer/${config.controller}`))
    .gateway;

describe("the gateway's report", () => {
  it('reaches the portal: its version, uptime, the board firmware and latency, and when it was last seen', async () => {
    // This repository's gateway is the oldest the portal supports: a portal and its gateway are released together.
    expect(MINIMUM_GATEWAY_VERSION).toBe(GATEWAY_PACKAGE.version);
    const startedAt = Date.now();
    gatewayProcess = await rig.gatewayProcess(config);
    await expect
      .poll(async () => (await gatewayOf()).report?.board.firmware ?? null, { timeout: 20_000 })
      .toEqual({ name: 'RepRapFirmware', version: '3.5.2', dsfVersion: null });
    const gateway = await gatewayOf();
    expect(gateway).toMatchObject({ connected: true, version: GATEWAY_PACKAGE.version, outdated: false });
    expect(gateway.report?.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(gateway.report?.uptimeSeconds).toBeLessThan((Date.now() - startedAt) / 1000 + 1);
    expect(gateway.report?.board).toMatchObject({ reachable: true, latencyMs: expect.any(Number) });
    expect(Date.parse(gateway.lastSeenAt ?? '')).toBeGreaterThanOrEqual(startedAt - 1_000);
    expect(gateway.lastSeenAt).toBe(gateway.report?.reportedAt);
  });
});

describe('portal-gateway --check', () => {
  it('passes every line against a working board, webcam and portal, and exits 0', async () => {
    const { code, lines } = await runGatewayCheck(config);
    expect(lines).toEqual([
      expect.stringMatching(/^ok {4}configuration: valid/),
      expect.stringMatching(
        /^ok {4}board .*: reachable, password accepted, RepRapFirmware 3\.5\.2, answers in/,
      ),
      expect.stringMatching(/^ok {4}webcam .*: answers a picture/),
      `ok    portal ${portal.url}: reachable, the key of controller ${config.controller} accepted`,
    ]);
    expect(code).toBe(0);
  });

  it('fails the portal line on a wrong key, with the fix, and exits 1', async () => {
    const { code, lines } = await runGatewayCheck({ ...config, key: 'not-the-key' });
    expect(lines[3]).toBe(
      `FAIL  portal ${portal.url}: refused controller ${config.controller} with this key (401). Fix: check ` +
        "--controller, and put the key generated on the controller's page in the portal in PORTAL_GATEWAY_KEY " +
        '(a new key ends the old one).',
    );
    expect(lines.slice(0, 3).every((line) => line.startsWith('ok '))).toBe(true);
    expect(code).toBe(1);
  });

  it('fails the board line when the board is down, and when the machine password is wrong', async () => {
    const down = await runGatewayCheck({ ...config, board: await deadUrl() });
    expect(down.lines[1]).toMatch(
      /^FAIL {2}board .*: cannot be reached \(.*\)\. Fix: check that the board is on/,
    );
    expect(down.code).toBe(1);
    const refused = await runGatewayCheck({ ...config, boardPassword: 'wrong' });
    expect(refused.lines[1]).toBe(
      `FAIL  board ${board.url}: refused the machine password. Fix: set --board-password ` +
        "(PORTAL_GATEWAY_BOARD_PASSWORD) to the board's password (M551 in config.g).",
    );
    expect(refused.code).toBe(1);
  });

  it('leaves the running gateway its tunnel', async () => {
    await runGatewayCheck(config);
    expect((await gatewayOf()).connected).toBe(true);
    expect(gatewayProcess.connects()).toBe(1);
    expect(gatewayProcess.output()).not.toContain('disconnected from the portal');
  });
});
