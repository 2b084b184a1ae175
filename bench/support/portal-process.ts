/**
 * The real portal (`startServer`, as `npm start` runs it, with the demo data but no demo hardware) in a process
 * of its own, so that its memory and CPU are its own: the bench reads RSS and CPU time from /proc, and asks the
 * process itself for its JavaScript heap after a full garbage collection.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, machineUrlOf } from '../../test-kit/portal.ts';
import { cpuProfileEnv } from './proc.ts';

export interface HeapUse {
  /** V8 heap in use after a full collection, in bytes. */
  heapUsed: number;
  /** Memory of objects outside the V8 heap (buffers) that JavaScript holds, in bytes. */
  external: number;
}

export interface BenchPortal {
  /** The portal's origin, e.g. http://127.0.0.1:40000. */
  url: string;
  /** A machine's own origin, where its board pages and webcam are served. */
  machineUrl(controllerId: number): string;
  pid: number;
  /** Collects garbage in the portal, then reports its heap. */
  heap(): Promise<HeapUse>;
  stop(): Promise<void>;
}

type Request = { type: 'heap' };
type Reply = { type: 'ready'; url: string } | ({ type: 'heap' } & HeapUse);

/** Starts a portal on a fresh data folder; `databaseUrl` puts its data in PostgreSQL instead of the embedded database. */
export async function startBenchPortal(databaseUrl?: string): Promise<BenchPortal> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  const machinePort = await freePort();
  const env = {
    PORT: String(await freePort()),
    MACHINE_PORT: String(machinePort),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    // One instance, whatever the shell's environment says (the several-instances benches start their own).
    REDIS_URL: '',
    DEMO: 'on',
    LOG_LEVEL: 'error',
    ...cpuProfileEnv(process.env.PORTAL_PROFILE),
  };
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, ...env },
    execArgv: ['--expose-gc'],
    stdio: 'inherit',
  });
  const exited = once(child, 'exit');
  const reply = (type: Reply['type']) =>
    Promise.race([
      new Promise<Reply>((resolve) => {
        const listen = (message: Reply) => {
          if (message.type !== type) return;
          child.off('message', listen);
          resolve(message);
        };
        child.on('message', listen);
      }),
      exited.then(([code]) => {
        throw new Error(`the portal process exited with ${code}`);
      }),
    ]);
  const ready = await reply('ready');
  if (ready.type !== 'ready') throw new Error('unexpected answer from the portal process');
  return {
    url: ready.url,
    machineUrl: (controllerId) => machineUrlOf(machinePort, controllerId),
    pid: child.pid as number,
    async heap() {
      child.send({ type: 'heap' } satisfies Request);
      const { heapUsed, external } = (await reply('heap')) as HeapUse;
      return { heapUsed, external };
    },
    async stop() {
      if (child.exitCode === null) {
        child.disconnect();
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  // Imported here, so that the bench's own process never loads the server.
  const { startServer } = await import('../../apps/server/src/server.ts');
  const server = await startServer(process.env);
  const send = (message: Reply) => process.send?.(message);
  send({ type: 'ready', url: server.url });
  process.on('message', (message: Request) => {
    if (message.type !== 'heap') return;
    globalThis.gc?.();
    const { heapUsed, external } = process.memoryUsage();
    send({ type: 'heap', heapUsed, external });
  });
  process.once('disconnect', () => {
    void server.close().then(() => process.exit(0));
  });
}

if (import.meta.main) await main();
