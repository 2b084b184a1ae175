import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import {
  freePort,
  newDataDir,
  type PortalProcess,
  seededDataDir,
  spawnPortal,
  terminate,
  waitUntilReady,
} from '../test-kit/portal.ts';

const folders: string[] = [];
const processes: PortalProcess[] = [];

/** An empty data folder: the portal's first start, which migrates and seeds it. */
async function folder() {
  const dataDir = await newDataDir();
  folders.push(dataDir);
  return dataDir;
}
/**
 * A copy of the seeded demo data folder, for tests about a later start: a first start migrates and seeds the
 * embedded database, about twice the CPU of a start on it (docs/benchmarks.md), and the global set-up's template
 * already took that path.
 */
async function seededFolder() {
  const dataDir = await seededDataDir();
  folders.push(dataDir);
  return dataDir;
}
async function start(dataDir: string, env: Record<string, string> = {}, demoFleet = false) {
  const portal = await spawnPortal(dataDir, env, demoFleet);
  processes.push(portal);
  return portal;
}
async function startReady(dataDir: string, env: Record<string, string> = {}) {
  const portal = await start(dataDir, env);
  await waitUntilReady(portal.url, portal.child, portal.output);
  return portal;
}
/** The processes whose parent is `parentPid` and whose command line mentions `name` (Linux's /proc). */
async function childProcesses(parentPid: number, name: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [stat, command] = await Promise.all([
      readFile(`/proc/${entry}/stat`, 'utf8'),
      readFile(`/proc/${entry}/cmdline`, 'utf8'),
    ]).catch(() => ['', '']);
    // The parent's pid is the second field after the command name in parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === parentPid && command.includes(name)) found.push(Number(entry));
  }
  return found;
}

const isRunning = (pid: number) => existsSync(`/proc/${pid}`);

/** `npm run activity:verify` on a data folder: its exit code and what it printed. */
async function verifyActivity(dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('../scripts/activity-verify.ts', import.meta.url))],
    {
      // As the portal itself ran: on its embedded database, whatever the tests' own environment points at.
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

async function login(url: string, email: string, password: string) {
  return fetch(`${url}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

afterEach(async () => {
  await Promise.all(processes.splice(0).map(terminate));
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the server process', () => {
  it('shuts down cleanly on SIGTERM and starts again on the same data, sessions included', async () => {
    const dataDir = await seededFolder();
    const first = await startReady(dataDir);
    const token = (
      (await (await login(first.url, 'admin@demo.test', DEMO_PASSWORD)).json()) as { access_token: string }
    ).access_token;
    // The activity record's check from the command line waits for the portal to let go of its database.
    expect(await verifyActivity(dataDir)).toMatchObject({
      code: 2,
      output: expect.stringContaining('stop it first'),
    });
    expect(await terminate(first)).toBe(0);
    expect(existsSync(path.join(dataDir, '.lock'))).toBe(false);
    expect(await verifyActivity(dataDir)).toMatchObject({
      code: 0,
      output: expect.stringContaining('The activity record is whole'),
    });

    const second = await startReady(dataDir);
    const id = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).id;
    const me = await fetch(`${second.url}/api/v1/users/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
  });

  it('refuses a second server on the same data folder', async () => {
    const dataDir = await seededFolder();
    const first = await startReady(dataDir);
    const second = await start(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Another portal server is using ${dataDir}`);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  });

  it('without the demo, will not start on an empty database without a first administrator', async () => {
    const portal = await start(await folder(), { DEMO: 'off' });
    expect(await portal.exited).toBe(1);
    expect(portal.output()).toContain('set ADMIN_EMAIL and ADMIN_PASSWORD');
  });

  it('without the demo, creates the first administrator from the environment', async () => {
    const env = { DEMO: 'off', ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Str0ng!pass' };
    const portal = await startReady(await folder(), env);
    expect((await login(portal.url, 'boss@example.com', 'Str0ng!pass')).status).toBe(200);
    expect((await login(portal.url, 'admin@demo.test', DEMO_PASSWORD)).status).toBe(401);
  });

  it('stops at start with a message naming each bad setting', async () => {
    const portal = await start(await folder(), { PORT: 'eighty', SESSION_TTL: '2' });
    expect(await portal.exited).toBe(1);
    expect(portal.output()).toMatch(
      /Invalid configuration:\n {2}PORT: .*\n {2}SESSION_TTL: must be at least 10 seconds/,
    );
  });

  it('runs the demo hardware in a process of its own, which stops with the portal even when it is killed', async () => {
    const portal = await start(await seededFolder(), { LOG_LEVEL: 'info' }, true);
    await waitUntilReady(portal.url, portal.child, portal.output);
    const pid = portal.child.pid ?? 0;
    await expect
      .poll(() => childProcesses(pid, 'demo-hardware-process'), { timeout: 30_000 })
      .toHaveLength(1);
    const [hardware = 0] = await childProcesses(pid, 'demo-hardware-process');
    // The machines dial in from that process through the tunnel, as installed gateways do.
    await expect
      .poll(() => portal.output(), { timeout: 30_000 })
      .toMatch(/demo hardware: \d+ machines dialling in/);
    portal.child.kill('SIGKILL');
    await portal.exited;
    await expect.poll(() => isRunning(hardware), { timeout: 15_000 }).toBe(false);
  });

  it('serves Prometheus metrics on METRICS_PORT only, never on the public port', async () => {
    const metricsPort = await freePort();
    const portal = await startReady(await seededFolder(), { METRICS_PORT: String(metricsPort) });
    expect((await fetch(`${portal.url}/livez`)).status).toBe(200);
    // The public port has no metrics: that path is the web app's, like any unknown page.
    expect(await (await fetch(`${portal.url}/metrics`)).text()).not.toContain('portal_http_requests_total');
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await metrics.text();
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="\/livez",status="200"\} 1/);
    expect(text).toContain('process_resident_memory_bytes');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/anything-else`)).status).toBe(404);
  });

  it('stops at start with a message naming REDIS_URL when Redis cannot be reached, the database untouched', async () => {
    const unused = await freePort();
    const portal = await start(await folder(), {
      REDIS_URL: `redis://:secret@127.0.0.1:${unused}`,
      DATABASE_URL: `postgres://127.0.0.1:${unused}/nowhere`,
      INSTANCE_SECRET: 'i'.repeat(32),
      ACTIVITY_KEY: 'k'.repeat(32),
    });
    expect(await portal.exited).toBe(1);
    expect(portal.output()).toContain(`REDIS_URL: cannot reach Redis at redis://:***@127.0.0.1:${unused}`);
    expect(portal.output()).not.toContain('secret');
  });

  it('stops at start with a message naming INSTANCE_SECRET when several instances would share no secret', async () => {
    const unused = await freePort();
    const portal = await start(await folder(), {
      REDIS_URL: `redis://127.0.0.1:${unused}`,
      DATABASE_URL: `postgres://127.0.0.1:${unused}/nowhere`,
    });
    expect(await portal.exited).toBe(1);
    expect(portal.output()).toContain('INSTANCE_SECRET: needs to be set with REDIS_URL');
  });
});
