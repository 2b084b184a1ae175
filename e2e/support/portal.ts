import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../../apps/server/src/server.ts', import.meta.url));
/** `npm start`: the portal plus the demo fleet's simulated boards, webcams and gateways. */
const demoEntry = fileURLToPath(new URL('../../scripts/start.ts', import.meta.url));

export interface PortalOptions {
  /** Environment over the test defaults. */
  env?: Record<string, string>;
  /** Run `npm start`'s entry, so the demo machines are online and printing (for the machine screens). */
  demoFleet?: boolean;
}

export interface RunningPortal {
  url: string;
  /** The portal's data folder (its outbox of mails is `outbox/` inside). */
  dataDir: string;
  stop(): Promise<void>;
}

/** A loopback port free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // The demo fleet starts eight gateways and boards beside the portal: on a busy machine that takes a while.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}:\n${output()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`portal did not become ready:\n${output()}`);
}

export interface PortalProcess {
  child: ChildProcess;
  url: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Spawns the real server on a free port (or on `env.PORT`) with `env` over the test defaults; does not wait
 * for it.
 */
export async function spawnPortal(
  dataDir: string,
  env: Record<string, string> = {},
  demoFleet = false,
): Promise<PortalProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [demoFleet ? demoEntry : serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      MACHINE_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => log, exited };
}

export const newDataDir = () => mkdtemp(path.join(tmpdir(), 'portal-e2e-'));

/** Asks the server to shut down, as a service manager would, and waits until it has. */
export async function terminate(portal: PortalProcess): Promise<number | null> {
  if (portal.child.exitCode === null) portal.child.kill('SIGTERM');
  return portal.exited;
}

/**
 * The real server, as `npm start` runs it: its own embedded database in a fresh folder, the demo fleet,
 * and the built web app.
 */
export async function startPortal(
  env: Record<string, string> = {},
  { demoFleet = false }: Omit<PortalOptions, 'env'> = {},
): Promise<RunningPortal> {
  const dataDir = await newDataDir();
  const portal = await spawnPortal(dataDir, env, demoFleet);
  try {
    await waitUntilReady(portal.url, portal.child, portal.output);
  } catch (error) {
    // A portal that missed its start must not outlive the failed suite.
    await terminate(portal);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: portal.url,
    dataDir,
    async stop() {
      await terminate(portal);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
