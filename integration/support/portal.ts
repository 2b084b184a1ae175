import { cp, rm } from 'node:fs/promises';
import { inject } from 'vitest';
import {
  freePort,
  newDataDir,
  type PortalProcess,
  spawnPortal,
  terminate,
  waitUntilReady,
} from '../../e2e/support/portal.ts';

/** A real portal process on its own copy of the seeded demo database, with its machine origin. */
export interface TestPortal {
  /** The portal's origin, e.g. http://127.0.0.1:40001. */
  readonly url: string;
  /** The machine origin, where board pages and webcams are served. */
  readonly machineUrl: string;
  /** The running process (replaced by `start`). */
  readonly process: PortalProcess;
  /** Everything the current process printed. */
  output(): string;
  /** Asks the process to shut down (SIGTERM) and resolves with its exit code. */
  stop(): Promise<number | null>;
  /** Starts it again on the same data folder and ports, and waits until it is ready. */
  start(): Promise<void>;
  /** Stops it and deletes its data folder. */
  close(): Promise<void>;
}

/** Starts the portal (demo database, no demo hardware) with `env` over the defaults, and waits until it is ready. */
export async function startTestPortal(env: Record<string, string> = {}): Promise<TestPortal> {
  const dataDir = await newDataDir();
  await cp(inject('templateDataDir'), dataDir, { recursive: true });
  const [port, machinePort] = [await freePort(), await freePort()];
  const fullEnv = { ...env, PORT: String(port), MACHINE_PORT: String(machinePort) };
  let current: PortalProcess;
  const launch = async () => {
    current = await spawnPortal(dataDir, fullEnv);
    await waitUntilReady(current.url, current.child, current.output);
  };
  await launch();
  return {
    url: `http://127.0.0.1:${port}`,
    machineUrl: `http://127.0.0.1:${machinePort}`,
    get process() {
      return current;
    },
    output: () => current.output(),
    stop: () => terminate(current),
    start: launch,
    async close() {
      await terminate(current);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
