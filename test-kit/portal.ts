import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
// The portal's pages live at portal.localhost, its machines at m{id}.portal.localhost: Node (and Playwright's
// request context, which runs in it) resolves them as the browser does.
import './localhost-names.ts';

const serverEntry = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));
/** `npm start`: the portal plus the demo fleet's simulated boards, webcams and gateways. */
const demoEntry = fileURLToPath(new URL('../scripts/start.ts', import.meta.url));

export interface PortalOptions {
  /** Environment over the test defaults. */
  env?: Record<string, string>;
  /** Run `npm start`'s entry, so the demo machines are online and printing (for the machine screens). */
  demoFleet?: boolean;
}

/** A real portal process on its own copy of the seeded demo database, with its machines' origins. */
export interface RunningPortal {
  /** The portal's origin, e.g. http://127.0.0.1:40001. */
  readonly url: string;
  /** A machine's own origin, as the portal names it for browsers (`http://m{id}.portal.localhost:…`). */
  machineUrl(controllerId: number): string;
  /** The portal's data folder (its outbox of mails is `outbox/` inside). */
  readonly dataDir: string;
  /** The running process (replaced by `restart`). */
  readonly process: PortalProcess;
  /** Everything the current process printed. */
  output(): string;
  /** Asks the process to shut down (SIGTERM) and resolves with its exit code; the data folder stays. */
  terminate(): Promise<number | null>;
  /** Starts it again on the same data folder and ports, and waits until it is ready. */
  restart(): Promise<void>;
  /** Stops it and deletes its data folder. */
  stop(): Promise<void>;
}

/** A loopback address where nothing listens (right now): a board or portal that is down. */
export const deadUrl = async (): Promise<string> => `http://127.0.0.1:${await freePort()}`;

/**
 * The ports a test server may take: below the kernel's range for outgoing connections, whose ports it hands out to
 * every client socket. A port picked from inside that range may be taken by some connection before the server that
 * was to use it listens (seen as EADDRINUSE when several test files run at once).
 */
const TEST_PORTS = (() => {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low && low > 10_000) return { from: low - 10_000, to: low };
  } catch {
    // Not Linux: the kernel's choice, below.
  }
  return undefined;
})();

/** Whether a server can listen on `port` of 127.0.0.1 right now; the port it got (0 asks the kernel for one). */
function probe(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/**
 * Each test worker picks from its own sixteenth of TEST_PORTS (by vitest's pool id), so two files running at once
 * rarely pick the same port between probing it and listening on it; a port is handed out once per process.
 */
const WORKER_PORTS = (() => {
  if (!TEST_PORTS) return undefined;
  const slices = 16;
  const width = Math.floor((TEST_PORTS.to - TEST_PORTS.from) / slices);
  const slice = (Number(process.env.VITEST_POOL_ID) || Math.floor(Math.random() * slices)) % slices;
  return { from: TEST_PORTS.from + slice * width, width };
})();
const handedOut = new Set<number>();

/** A loopback port free right now, and not handed out before by this process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; WORKER_PORTS && attempt < 50; attempt++) {
    const candidate = WORKER_PORTS.from + Math.floor(Math.random() * WORKER_PORTS.width);
    if (handedOut.has(candidate)) continue;
    const port = await probe(candidate);
    if (port) {
      handedOut.add(port);
      return port;
    }
  }
  const port = await probe(0);
  if (!port) throw new Error('no free loopback port');
  handedOut.add(port);
  return port;
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
  /** Where the machines' origins listen. */
  machinePort: number;
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
  const machinePort = env.MACHINE_PORT ? Number(env.MACHINE_PORT) : await freePort();
  const child = spawn(process.execPath, [demoFleet ? demoEntry : serverEntry], {
    env: {
      ...process.env,
      // One instance on its embedded database, whatever the tests' own environment points at.
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      MACHINE_PORT: String(machinePort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, url: `http://127.0.0.1:${port}`, machinePort, ...watchChild(child) };
}

/** Collects a child process's output as it comes, and resolves `exited` with its exit code. */
export function watchChild(child: ChildProcess): { output: () => string; exited: Promise<number | null> } {
  let log = '';
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { output: () => log, exited };
}

/** A machine's origin under the default local portal name (docs/machine-origins.md). */
export const machineUrlOf = (machinePort: number, controllerId: number) =>
  `http://m${controllerId}.portal.localhost:${machinePort}`;

export const newDataDir = () => mkdtemp(path.join(tmpdir(), 'portal-test-'));

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding the seeded demo database; each test file's portal starts on a copy of it. */
    templateDataDir: string;
  }
}

/**
 * Seeds the demo database once in a fresh data folder (migrations, demo fleet and hashed passwords take 10 to 15
 * seconds on a busy machine), so that each test file's portal starts on a copy of it in a few.
 */
async function seedTemplateDataDir(): Promise<string> {
  const dataDir = await newDataDir();
  const portal = await spawnPortal(dataDir);
  try {
    await waitUntilReady(portal.url, portal.child, portal.output);
  } catch (error) {
    // A template portal that missed its start must not outlive the failed run, nor its folder stay behind.
    await terminate(portal);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const code = await terminate(portal);
  if (code !== 0) throw new Error(`the template portal exited with ${code}:\n${portal.output()}`);
  return dataDir;
}

/**
 * For a project's global set-up: seeds the template data folder once, provides it as `templateDataDir`, and
 * returns the teardown that removes it.
 */
export async function provideTemplateDataDir(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await seedTemplateDataDir();
  project.provide('templateDataDir', dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}

/**
 * A new data folder holding a copy of the seeded template; outside a test run (benchmarks, which have no global
 * set-up) an empty one, which the portal seeds as it starts.
 */
export async function seededDataDir(): Promise<string> {
  const dataDir = await newDataDir();
  if (!process.env.VITEST) return dataDir;
  // Loaded only under Vitest: importing it anywhere else throws.
  const { inject } = await import('vitest');
  await cp(inject('templateDataDir'), dataDir, { recursive: true });
  return dataDir;
}

/** Asks the server to shut down, as a service manager would, and waits until it has. */
export async function terminate(portal: PortalProcess): Promise<number | null> {
  if (portal.child.exitCode === null) portal.child.kill('SIGTERM');
  return portal.exited;
}

/**
 * The real server, as `npm start` runs it: its own embedded database (a copy of the seeded template), the built
 * web app and, with `demoFleet`, the demo fleet's hardware; waits until it is ready.
 */
export async function startPortal(
  env: Record<string, string> = {},
  { demoFleet = false }: Omit<PortalOptions, 'env'> = {},
): Promise<RunningPortal> {
  const dataDir = await seededDataDir();
  const [port, machinePort] = [await freePort(), await freePort()];
  const fullEnv = { ...env, PORT: String(port), MACHINE_PORT: String(machinePort) };
  let current = await spawnPortal(dataDir, fullEnv, demoFleet);
  try {
    await waitUntilReady(current.url, current.child, current.output);
  } catch (error) {
    // A portal that missed its start must not outlive the failed suite.
    await terminate(current);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    machineUrl: (controllerId) => machineUrlOf(machinePort, controllerId),
    dataDir,
    get process() {
      return current;
    },
    output: () => current.output(),
    terminate: () => terminate(current),
    async restart() {
      current = await spawnPortal(dataDir, fullEnv, demoFleet);
      await waitUntilReady(current.url, current.child, current.output);
    },
    async stop() {
      await terminate(current);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
