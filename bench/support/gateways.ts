/**
 * Gateways for the bench: the one in front of the board under test runs as the real CLI in a process of its own
 * (`spawnGateway` of test-kit/gateway-process.ts: its memory and CPU are measured); the idle fleet runs in the
 * bench's process, as the demo fleet does.
 */
import { once } from 'node:events';
import { type GatewayTuning, type RunningGateway, startGateway } from '@portal/gateway';

/** Calls `probe` until it resolves, at most `timeoutMs`; throws naming `what` if it never does. */
export async function waitUntil(
  probe: () => Promise<unknown>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      await probe();
      return;
    } catch (error) {
      if (performance.now() > deadline) throw new Error(`${what}: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Time allowed for one gateway of the idle fleet to get its tunnel. */
const CONNECT_TIMEOUT_MS = 30_000;

/** Gateways running in this process, one per controller, in the order of the controllers they were given. */
export interface Fleet {
  readonly gateways: readonly RunningGateway[];
  /** Stops the index-th gateway (its tunnel closes: the machine's gateway goes offline). */
  takeOffline(index: number): Promise<void>;
  /** Starts the index-th gateway again, after takeOffline; it dials at once. */
  bringOnline(index: number): RunningGateway;
  close(): Promise<void>;
}

/**
 * What the deployment benches give their thousand gateways sharing one process: no board keep-alive. It is traffic
 * between a gateway and its board only, never the portal's, and every real gateway has a computer of its own for
 * it; here its 250 board connections a second would take the CPU the gateways need to answer the portal.
 */
export const SHARED_PROCESS_TUNING: Partial<GatewayTuning> = { sessionKeepAliveMs: 3_600_000 };

/**
 * Connects one in-process gateway per controller, `parallel` connecting at a time, and resolves once all are
 * online. Their boards are `board` (an address where nothing answers keeps the tunnels idle).
 */
export async function connectFleet(
  server: string,
  controllers: readonly { controller: number; key: string }[],
  board: string,
  parallel: number,
  tuning: Partial<GatewayTuning> = {},
): Promise<Fleet> {
  const gateways: RunningGateway[] = [];
  const start = (index: number) => {
    const { controller, key } = controllers[index] as { controller: number; key: string };
    const gateway = startGateway({ server, controller, key, board }, { tuning });
    gateways[index] = gateway;
    return gateway;
  };
  const close = async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
  };
  try {
    for (let first = 0; first < controllers.length; first += parallel) {
      const batch = controllers.slice(first, first + parallel).map(async (_, offset) => {
        const gateway = start(first + offset);
        await once(gateway, 'connected', { signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) });
      });
      await Promise.all(batch);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    gateways,
    takeOffline: (index) => (gateways[index] as RunningGateway).close(),
    bringOnline: start,
    close,
  };
}
