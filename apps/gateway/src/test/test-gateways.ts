import type http2 from 'node:http2';
import { expect, vi } from 'vitest';
import { type GatewayTuning, type RunningGateway, startGateway } from '../gateway.ts';
import { type FakePortal, request } from './fake-portal.ts';
import { captureLogs } from './logs.ts';

/** The key every test gateway is given, and the board password of every recorded board of the tests. */
export const TEST_GATEWAY_KEY = 'gateway-key';
export const TEST_BOARD_PASSWORD = 'secret';

/** The fake portal's table of gateway keys for controllers 1 to `count`. */
export function testGatewayKeys(count: number): Map<number, string> {
  return new Map(Array.from({ length: count }, (_, i) => [i + 1, TEST_GATEWAY_KEY] as [number, string]));
}

/**
 * Gateways started against one fake portal, each as a new controller: `connect` gives it connected (logged in
 * to its board, its firmware read, unless told not to wait) with the portal's session to it; `closeAll` closes every one.
 */
export class TestGateways {
  readonly #portal: () => FakePortal;
  readonly #started: RunningGateway[] = [];
  #nextController = 1;

  /** `portal`: read at each connect, so a suite may start its portal in `beforeAll`. */
  constructor(portal: () => FakePortal) {
    this.#portal = portal;
  }

  async connect(boardUrl: string, tuning: Partial<GatewayTuning> = {}, { waitForLogin = true } = {}) {
    const portal = this.#portal();
    const controller = this.#nextController++;
    const logs = captureLogs();
    const ready = portal.nextSession(controller);
    const gateway = startGateway(
      {
        server: portal.url,
        controller,
        key: TEST_GATEWAY_KEY,
        board: boardUrl,
        boardPassword: TEST_BOARD_PASSWORD,
      },
      { logger: logs.logger, tuning: { sessionKeepAliveMs: 60_000, retryDelaysMs: [1, 2, 4], ...tuning } },
    );
    this.#started.push(gateway);
    const session = await ready;
    // The gateway's own first request of the session (its firmware read) is made before a test's requests can
    // meet it in the board's queue or among its answers.
    if (waitForLogin) await vi.waitFor(() => expect(gateway.stats.boardFirmware).not.toBeNull());
    return { gateway, session, logs };
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.#started.splice(0).map((gateway) => gateway.close()));
  }
}

/** A client's `rr_connect` through the gateway: the key it was given. */
export async function loginAsClient(session: http2.ClientHttp2Session): Promise<string> {
  const answer = await request(session, '/board/rr_connect?password=&sessionKey=yes');
  return String((JSON.parse(answer.body.toString()) as { sessionKey: number }).sessionKey);
}
