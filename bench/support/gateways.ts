/**
 * Gateways for the bench: the one in front of the board under test runs as the real CLI in a process of its own
 * (its memory and CPU are measured); the idle fleet runs in the bench's process, as the demo fleet does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { type RunningGateway, startGateway } from '@portal/gateway';

const cliEntry = fileURLToPath(new URL('../../apps/gateway/src/cli.ts', import.meta.url));

export interface GatewaySettings {
  server: string;
  controller: number;
  key: string;
  board: string;
  webcam?: string;
}

export interface GatewayProcess {
  pid: number;
  stop(): Promise<void>;
}

/** `portal-gateway` as an installer runs it, configured through its environment variables. */
export function spawnGateway(settings: GatewaySettings): GatewayProcess {
  const child: ChildProcess = spawn(process.execPath, [cliEntry], {
    env: {
      ...process.env,
      PORTAL_GATEWAY_SERVER: settings.server,
      PORTAL_GATEWAY_CONTROLLER: String(settings.controller),
      PORTAL_GATEWAY_KEY: settings.key,
      PORTAL_GATEWAY_BOARD: settings.board,
      PORTAL_GATEWAY_WEBCAM: settings.webcam ?? '',
      PORTAL_GATEWAY_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(child, 'exit');
  // Unlike the forked processes, the CLI cannot see the bench go away: a bench that fails must end it itself.
  const endWithBench = () => child.kill();
  process.once('exit', endWithBench);
  return {
    pid: child.pid as number,
    async stop() {
      process.off('exit', endWithBench);
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

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

/**
 * Connects one in-process gateway per controller, `parallel` connecting at a time, and resolves once all are
 * online. Their boards are `board` (an address where nothing answers keeps the tunnels idle).
 */
export async function connectFleet(
  server: string,
  controllers: readonly { id: number; key: string }[],
  board: string,
  parallel: number,
): Promise<{ close(): Promise<void> }> {
  const gateways: RunningGateway[] = [];
  const close = async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
  };
  try {
    for (let first = 0; first < controllers.length; first += parallel) {
      const batch = controllers.slice(first, first + parallel).map(async ({ id, key }) => {
        const gateway = startGateway({ server, controller: id, key, board });
        gateways.push(gateway);
        await once(gateway, 'connected', { signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) });
      });
      await Promise.all(batch);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}
