import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import type { GatewayConfig } from '../../apps/gateway/src/index.ts';

const cli = fileURLToPath(new URL('../../apps/gateway/src/cli.ts', import.meta.url));

/** The gateway CLI running as its own process, as an installed gateway runs. */
export interface GatewayProcess {
  readonly child: ChildProcess;
  /** Everything it printed (JSON log lines). */
  output(): string;
  /** How many times it has logged connecting to the portal. */
  connects(): number;
  /** Resolves once it has connected `count` times in all. */
  untilConnects(count: number, timeoutMs?: number): Promise<void>;
  /** Sends a signal (SIGKILL to cut it dead, SIGSTOP/SIGCONT to freeze and thaw it). */
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code or signal once it has ended. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
  /** Thaws it if frozen and stops it (SIGTERM), waiting until it has ended. */
  stop(): Promise<unknown>;
}

/** Starts `portal-gateway` with its settings in the environment (the key stays off the command line). */
export function spawnGateway(config: GatewayConfig): GatewayProcess {
  const child = spawn(process.execPath, [cli], {
    env: {
      ...process.env,
      PORTAL_GATEWAY_SERVER: config.server,
      PORTAL_GATEWAY_CONTROLLER: String(config.controller),
      PORTAL_GATEWAY_KEY: config.key,
      PORTAL_GATEWAY_BOARD: config.board,
      PORTAL_GATEWAY_WEBCAM: config.webcam ?? '',
      PORTAL_GATEWAY_LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const connects = () => log.split('"msg":"connected to the portal"').length - 1;
  return {
    child,
    exited,
    output: () => log,
    connects,
    async untilConnects(count, timeoutMs = 15_000) {
      await vi.waitFor(
        () => {
          if (child.exitCode !== null || child.signalCode !== null) {
            throw new Error(`the gateway exited:\n${log}`);
          }
          if (connects() < count) throw new Error(`the gateway has connected ${connects()} times:\n${log}`);
        },
        { timeout: timeoutMs, interval: 50 },
      );
    },
    signal: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
      }
      return exited;
    },
  };
}
