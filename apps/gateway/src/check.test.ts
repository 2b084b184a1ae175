import { BOOT_MS, type RunningBoard, type RunningWebcam, startBoard, startWebcam } from '@portal/board-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadUrl } from '../../../test-kit/portal.ts';
import { formatCheckLine, runChecks } from './check.ts';
import { gatewayConfigSchema, type ValidGatewayConfig } from './config.ts';
import { checkBoard } from './relay/upstream-checks.ts';
import { FakePortal } from './test/fake-portal.ts';

const KEY = 'gateway-key';
const PASSWORD = 'secret';
let portal: FakePortal;
let board: RunningBoard;
let dsfBoard: RunningBoard;
let webcam: RunningWebcam;
let config: ValidGatewayConfig;

beforeAll(async () => {
  portal = await new FakePortal(new Map([[5, KEY]])).listen();
  [board, dsfBoard, webcam] = await Promise.all([
    startBoard({ firmware: '3.5', release: '3.5.2', password: PASSWORD }),
    startBoard({ firmware: '3.6', mode: 'sbc', password: PASSWORD }),
    startWebcam(),
  ]);
  board.advance(BOOT_MS);
  dsfBoard.advance(BOOT_MS);
  config = gatewayConfigSchema.parse({
    server: portal.url,
    controller: 5,
    key: KEY,
    board: board.url,
    webcam: webcam.url,
    boardPassword: PASSWORD,
  });
});

afterAll(async () => {
  await Promise.all([portal.close(), board.close(), dsfBoard.close(), webcam.close()]);
});

const check = async (changes: Partial<ValidGatewayConfig>) =>
  (await runChecks({ ...config, ...changes }, 2_000)).map(formatCheckLine);

describe('portal-gateway --check', () => {
  it('passes every line when all is well, naming the firmware and how fast the board answers', async () => {
    const lines = await check({});
    expect(lines).toEqual([
      expect.stringMatching(/^ok {4}configuration: valid, controller 5, gateway \d+\.\d+\.\d+$/),
      expect.stringMatching(
        new RegExp(
          `^ok {4}board ${board.url}: reachable, password accepted, RepRapFirmware 3\\.5\\.2, answers in [\\d.]+ ms$`,
        ),
      ),
      `ok    webcam ${webcam.url}: answers a picture (image/jpeg)`,
      `ok    portal ${portal.url}: reachable, the key of controller 5 accepted`,
    ]);
  });

  it('says when the portal was reached only over a WebSocket (a proxy refusing the direct upgrade)', async () => {
    const oldPortal = await new FakePortal(new Map([[5, KEY]]), { direct: false }).listen();
    try {
      const [, , , portalLine] = await check({ server: oldPortal.url, webcam: undefined });
      expect(portalLine).toBe(
        `ok    portal ${oldPortal.url}: reachable, the key of controller 5 accepted ` +
          '(over a WebSocket: the way refused the direct tunnel)',
      );
      expect(oldPortal.upgrades.map((upgrade) => upgrade.upgrade)).toEqual(['portal-tunnel-h2', 'websocket']);
    } finally {
      await oldPortal.close();
    }
  });

  it("logs out of the board, so checking again and again never uses up the board's 8 sessions", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await checkBoard(board.url, PASSWORD, 2_000)).outcome).toBe('pass');
    }
  });

  it('names DSF on a board with a single-board computer, and skips a webcam that is not configured', async () => {
    const lines = await check({ board: dsfBoard.url, webcam: undefined });
    expect(lines[1]).toMatch(
      /: reachable, password accepted, RepRapFirmware 3\.6\.1 \/ DSF 3\.6\.1, answers in/,
    );
    expect(lines[2]).toBe('skip  webcam: none configured (--webcam)');
  });

  it('says a wrong key fails, and how to fix it', async () => {
    const [, , , portalLine] = await check({ key: 'wrong-key' });
    expect(portalLine).toBe(
      `FAIL  portal ${portal.url}: refused controller 5 with this key (401). Fix: check --controller, and put the key ` +
        "generated on the controller's page in the portal in PORTAL_GATEWAY_KEY (a new key ends the old one).",
    );
  });

  it('says a board that is down, a wrong password, a webcam that is none and a portal that is gone fail', async () => {
    const dead = await deadUrl();
    const [, boardDown, noWebcam, portalGone] = await check({ board: dead, webcam: board.url, server: dead });
    expect(boardDown).toMatch(
      new RegExp(
        `^FAIL  board ${dead}: cannot be reached \\(.*ECONNREFUSED.*\\)\\. Fix: check that the board is on`,
      ),
    );
    expect(noWebcam).toMatch(
      /^FAIL {2}webcam .*: answered \d+ .*, not a JPEG picture\. Fix: set --webcam to/,
    );
    expect(portalGone).toMatch(
      /^FAIL {2}portal .*: cannot be reached \(.*ECONNREFUSED.*\)\. Fix: check --server/,
    );
    const [, refused] = await check({ boardPassword: 'wrong' });
    expect(refused).toBe(
      `FAIL  board ${board.url}: refused the machine password. Fix: set --board-password ` +
        "(PORTAL_GATEWAY_BOARD_PASSWORD) to the board's password (M551 in config.g).",
    );
  });
});
