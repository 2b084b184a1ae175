import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { GatewayConfig } from '../apps/gateway/src/index.ts';

const cli = fileURLToPath(new URL('../apps/gateway/src/cli.ts', import.meta.url));

/** The gateway CLI running as its own process, as an installed gateway runs. */
export interface GatewayProcess {
  readonly child: ChildProcess;
  /** Everything it printed (JSON log lines). */
  output(): string;
  /** How many times it has logged connecting to the portal (needs the log level `info`). */
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

export interface GatewayProcessOptions {
  /** Default `info`, which logs every connection. */
  logLevel?: 'error' | 'warn' | 'info' | 'debug' | 'trace';
  /** Also copy what it prints to this process's output (benchmarks, which have no test report). */
  echo?: boolean;
  /** The command and its arguments; default the CLI from its sources on this process's Node.js. */
  command?: readonly [string, ...string[]];
  /** The environment the settings are added to; default this process's. */
  env?: NodeJS.ProcessEnv;
  /** The user and group it runs as (an installed service's own user). */
  uid?: number;
  gid?: number;
}

/** The environment variables of the settings given (apps/gateway/README.md, "Configure"). */
function settingsEnv(config: Partial<GatewayConfig>): Record<string, string> {
  const settings = {
    PORTAL_GATEWAY_SERVER: config.server,
    PORTAL_GATEWAY_CONTROLLER: config.controller === undefined ? undefined : String(config.controller),
    PORTAL_GATEWAY_KEY: config.key,
    PORTAL_GATEWAY_BOARD: config.board,
    PORTAL_GATEWAY_WEBCAM: config.webcam,
    PORTAL_GATEWAY_BOARD_PASSWORD: config.boardPassword,
  };
  return Object.fromEntries(
    Object.entries(settings).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** `portal-gateway --check` run to its end: its exit code and the lines it printed. */
export async function runGatewayCheck(config: GatewayConfig): Promise<{ code: number; lines: string[] }> {
  const run = promisify(execFile)(process.execPath, [cli, '--check'], {
    env: { ...process.env, ...settingsEnv(config), PORTAL_GATEWAY_LOG_LEVEL: 'info' },
  });
  const { code, stdout } = await run.then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  return { code, lines: stdout.trimEnd().split('\n') };
}

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Starts `portal-gateway` with its settings in the environment (the key stays off the command line); settings
 * left out come from its config file, if the environment names one. It ends with this process at the latest:
 * unlike a forked child, the CLI cannot see its parent go away.
 */
export function spawnGateway(
  config: Partial<GatewayConfig>,
  {
    logLevel = 'info',
    echo = false,
    command = [process.execPath, cli],
    env = process.env,
    uid,
    gid,
  }: GatewayProcessOptions = {},
): GatewayProcess {
  const [file, ...args] = command;
  const child = spawn(file, args, {
    env: { ...env, ...settingsEnv(config), PORTAL_GATEWAY_LOG_LEVEL: logLevel },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(uid === undefined ? {} : { uid }),
    ...(gid === undefined ? {} : { gid }),
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  if (echo) {
    child.stdout?.pipe(process.stdout);
    child.stderr?.pipe(process.stderr);
  }
  const endWithParent = () => child.kill();
  process.once('exit', endWithParent);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', endWithParent);
      resolve(code ?? signal);
    }),
  );
  const connects = () => log.split('"msg":"connected to the portal"').length - 1;
  return {
    child,
    exited,
    output: () => log,
    connects,
    async untilConnects(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (ended(child)) throw new Error(`the gateway exited:\n${log}`);
        if (connects() >= count) return;
        if (Date.now() > deadline) throw new Error(`the gateway has connected ${connects()} times:\n${log}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    signal: (signal) => {
      if (!ended(child)) child.kill(signal);
    },
    async stop() {
      if (!ended(child)) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
      }
      return exited;
    },
  };
}
