import { BOOT_MS, type RunningBoard, startBoard } from '@portal/board-sim';
import { type GatewayReport, REPORTS_PATH, readReports } from '@portal/tunnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import GATEWAY_PACKAGE from '../package.json' with { type: 'json' };
import { type RunningGateway, startGateway } from './gateway.ts';
import { FakePortal, openStream } from './test/fake-portal.ts';

const KEY = 'gateway-key';
let portal: FakePortal;
let board: RunningBoard;
let gateway: RunningGateway;

beforeAll(async () => {
  portal = await new FakePortal(new Map([[1, KEY]])).listen();
  board = await startBoard({ firmware: '3.5', release: '3.5.2', password: 'secret' });
  board.advance(BOOT_MS);
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all([portal.close(), board.close()]);
});

describe("the gateway's reports", () => {
  it('come at once, when the board firmware is known, and then every interval', async () => {
    const connected = portal.nextSession(1);
    gateway = startGateway(
      { server: portal.url, controller: 1, key: KEY, board: board.url, boardPassword: 'secret' },
      { tuning: { reportIntervalMs: 300 } },
    );
    const stream = openStream(await connected, REPORTS_PATH);
    const reports: GatewayReport[] = [];
    const reading = (async () => {
      for await (const reading of readReports(stream)) {
        if (!reading.ok) throw new Error(reading.reason);
        reports.push(reading.report);
      }
    })();

    await expect.poll(() => reports.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    expect(reports[0]).toMatchObject({ version: GATEWAY_PACKAGE.version, uptimeSeconds: 0 });
    const known = reports.find((report) => report.board.firmware !== null);
    expect(known?.board).toEqual({
      reachable: true,
      firmware: { name: 'RepRapFirmware', version: '3.5.2', dsfVersion: null },
      latencyMs: expect.any(Number),
    });
    stream.close();
    await reading;
  });
});
