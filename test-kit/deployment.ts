/**
 * One deployment of several portal instances, as deploy/README.md's "Running several instances" sets it up, for
 * one test file: a fresh PostgreSQL database on the machine's server, a Redis of its own (so a test may restart it without
 * disturbing other files on the shared one), HAProxy running `deploy/haproxy.cfg` with this deployment's ports,
 * and N portal processes sharing the database, Redis, namespace and signing secret.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  freePort,
  type PortalProcess,
  spawnPortal,
  terminate,
  waitUntilReady,
  watchChild,
} from './portal.ts';

const haproxyTemplate = fileURLToPath(new URL('../deploy/haproxy.cfg', import.meta.url));
/** Debian installs HAProxy in /usr/sbin, which a user's PATH may lack. */
const haproxyCommand = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';

/** The PostgreSQL server the deployment's database is made on: DATABASE_URL's, or the local one. */
const postgresServerUrl = () => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface DeploymentOptions {
  /** How many portal instances (3 by default). */
  instances?: number;
  /** Environment of every instance over the deployment's own. */
  env?: Record<string, string>;
}

export interface DeploymentInstance {
  /** `portal1`, `portal2`, …: its `server` name in HAProxy's configuration. */
  readonly name: string;
  /** The instance's own portal origin, past HAProxy. */
  readonly url: string;
  /** Its `/metrics` (METRICS_PORT). */
  readonly metricsUrl: string;
  /** The running process (replaced by `start`). */
  readonly process: PortalProcess;
  output(): string;
  /** SIGTERM, as systemd stops it; resolves with the exit code once it has stopped. */
  terminate(): Promise<number | null>;
  /** Starts it again on the same ports after it stopped, and waits until it is ready. */
  start(): Promise<void>;
}

export interface Deployment {
  /** The portal's origin through HAProxy. */
  readonly url: string;
  /** A machine's origin through HAProxy (`http://m{id}.portal.localhost:…`). */
  machineUrl(controllerId: number): string;
  readonly instances: readonly DeploymentInstance[];
  /** DRAIN_SECONDS of every instance: HAProxy's fall × inter from the configuration, plus 2 s. */
  readonly drainSeconds: number;
  /** A query on the deployment's database. */
  query<Row extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  readonly redis: TestRedis;
  /** HAProxy's view of each server of a backend (`portal`, `machines`, …): `UP`, `DOWN`, `MAINT`, … by name. */
  serverStates(backend: string): Promise<Record<string, string>>;
  /** Stops everything and drops the database. */
  stop(): Promise<void>;
}

export interface TestRedis {
  readonly url: string;
  /** Kills the server (SIGKILL: nothing saved, connections cut) and starts a fresh one on the same port. */
  restart(): Promise<void>;
  /** Kills the server. */
  kill(): Promise<void>;
  /** Starts it again on its port after `kill`. */
  start(): Promise<void>;
}

/** Polls `check` every 100 ms until it holds; throws with `what` after `timeoutMs`, or what `check` throws. */
async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} within ${timeoutMs} ms`);
}

function missing(command: string, error: NodeJS.ErrnoException, packageName: string): Error {
  return error.code === 'ENOENT'
    ? new Error(`The several-instances tests need ${command} (Debian: apt-get install -y ${packageName})`)
    : error;
}

/** Whether a Redis server answers PING on the port, without a client library. */
function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

/** A `redis-server` of the test's own on a free loopback port, keeping nothing on disk. */
async function startTestRedis(): Promise<TestRedis & { stop(): Promise<void> }> {
  const port = await freePort();
  let current: { child: ChildProcess; exited: Promise<number | null>; output: () => string } | undefined;
  const start = async () => {
    const child = spawn(
      'redis-server',
      ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const spawned = new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) => reject(missing('redis-server', error, 'redis-server')));
    });
    await spawned;
    current = { child, ...watchChild(child) };
    const started = current;
    await until('redis-server did not answer', 10_000, async () => {
      if (started.child.exitCode !== null) throw new Error(`redis-server exited:\n${started.output()}`);
      return redisAnswers(port);
    });
  };
  const kill = async () => {
    if (!current) return;
    if (current.child.exitCode === null) current.child.kill('SIGKILL');
    await current.exited;
    current = undefined;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    kill,
    async restart() {
      await kill();
      await start();
    },
    stop: kill,
  };
}

/** The deployment's database: created empty on the server, dropped (its connections ended) by `drop`. */
async function createDatabase() {
  const name = `portal_${randomBytes(8).toString('hex')}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresServerUrl() });
    await client.connect().catch((error: Error) => {
      throw new Error(
        `The several-instances tests need PostgreSQL at ${postgresServerUrl()} (${error.message}): start one or set DATABASE_URL`,
      );
    });
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => undefined);
  return {
    /** The database's address for an instance, its connections named after it (pg_stat_activity, tests). */
    urlFor(instance: string) {
      const named = new URL(url);
      named.searchParams.set('application_name', instance);
      return named.toString();
    },
    pool,
    async drop() {
      await pool.end();
      await onServer(`drop database if exists ${name} with (force)`);
    },
  };
}

interface HaproxyPorts {
  portal: number;
  machines: number;
  stats: number;
}

/**
 * `deploy/haproxy.cfg` with this deployment's ports: the two public `bind`s and the stats page on loopback, and
 * each backend's `server` lines (three in the file) replaced by one per instance, keeping the file's options.
 * Throws when the file no longer has what it replaces, so the test keeps testing the shipped file.
 */
export function haproxyConfigFor(
  template: string,
  ports: HaproxyPorts,
  instances: readonly { portal: number; machine: number }[],
): string {
  const replaceOnce = (text: string, pattern: RegExp, replacement: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/haproxy.cfg: no ${pattern} to replace`);
    return text.replace(pattern, replacement);
  };
  let config = replaceOnce(template, /^(\s*)bind :8080$/m, `$1bind 127.0.0.1:${ports.portal}`);
  config = replaceOnce(config, /^(\s*)bind :8081$/m, `$1bind 127.0.0.1:${ports.machines}`);
  config = replaceOnce(config, /^(\s*)bind 127\.0\.0\.1:8404$/m, `$1bind 127.0.0.1:${ports.stats}`);
  // Each backend's block of server lines: the first is the pattern of the instances' lines.
  const serverBlock =
    /^(\s*)server portal1 127\.0\.0\.1:(8001|9001)( check(?: port 8001)?.*)\n(?:\s*server .*\n)*/gm;
  const blocks = config.match(serverBlock)?.length ?? 0;
  if (blocks !== 4) throw new Error(`deploy/haproxy.cfg: ${blocks} blocks of server lines, not 4`);
  return config.replace(serverBlock, (_block, indent: string, port: string, options: string) =>
    instances
      .map((instance, index) => {
        const target = port === '8001' ? instance.portal : instance.machine;
        const checked = options.replace(' port 8001', ` port ${instance.portal}`);
        return `${indent}server portal${index + 1} 127.0.0.1:${target}${checked}\n`;
      })
      .join(''),
  );
}

/** `inter` × `fall` of the configuration's `default-server` line, in milliseconds. */
export function checkWindowMs(config: string): number {
  const line = config.match(/^\s*default-server (.*)$/m)?.[1] ?? '';
  const inter = line.match(/\binter (\d+)(ms|s)\b/);
  const fall = line.match(/\bfall (\d+)\b/);
  if (!inter || !fall) throw new Error('deploy/haproxy.cfg: default-server has no inter and fall');
  return Number(inter[1]) * (inter[2] === 's' ? 1000 : 1) * Number(fall[1]);
}

async function startHaproxy(config: string) {
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-haproxy-'));
  const file = path.join(folder, 'haproxy.cfg');
  await writeFile(file, config);
  // -db: in the foreground, not as a daemon, so it stops with this process's kill.
  const child = spawn(haproxyCommand, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) => reject(missing('haproxy', error, 'haproxy')));
  });
  const { output, exited } = watchChild(child);
  return {
    output,
    exitCode: () => child.exitCode,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The value of a Prometheus text exposition's counter, summed over the series whose labels include `labels`. */
export function counterSum(metrics: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of metrics.split('\n')) {
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const series = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => series[key] === value)) sum += Number(match[3]);
  }
  return sum;
}

/**
 * Starts the deployment and waits until HAProxy sees every instance ready. The first instance seeds the demo fleet
 * (DEMO=on) before the others start (DEMO=off, as production instances run), so they never race to seed.
 */
export async function startDeployment({
  instances: count = 3,
  env = {},
}: DeploymentOptions = {}): Promise<Deployment> {
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const database = await createDatabase();
    stops.push(() => database.drop());
    const redis = await startTestRedis();
    stops.push(() => redis.stop());

    const template = await readFile(haproxyTemplate, 'utf8');
    const drainSeconds = Math.ceil(checkWindowMs(template) / 1000) + 2;
    const ports: HaproxyPorts = {
      portal: await freePort(),
      machines: await freePort(),
      stats: await freePort(),
    };
    const instancePorts: { portal: number; machine: number; metrics: number; instance: number }[] = [];
    for (let index = 0; index < count; index++) {
      instancePorts.push({
        portal: await freePort(),
        machine: await freePort(),
        metrics: await freePort(),
        instance: await freePort(),
      });
    }
    const shared = {
      REDIS_URL: redis.url,
      REDIS_NAMESPACE: `deployment-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      INSTANCE_SECRET: randomBytes(32).toString('hex'),
      ACTIVITY_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://portal.localhost:${ports.portal}`,
      MACHINE_ORIGIN: `http://m{id}.portal.localhost:${ports.machines}`,
      TRUST_PROXY: '127.0.0.1',
      DRAIN_SECONDS: String(drainSeconds),
      ...env,
    };

    const instances: DeploymentInstance[] = [];
    for (const [index, own] of instancePorts.entries()) {
      const name = `portal${index + 1}`;
      const dataDir = await mkdtemp(path.join(tmpdir(), `portal-${name}-`));
      stops.push(() => rm(dataDir, { recursive: true, force: true }));
      const instanceEnv = {
        ...shared,
        DATABASE_URL: database.urlFor(name),
        PORT: String(own.portal),
        MACHINE_PORT: String(own.machine),
        METRICS_PORT: String(own.metrics),
        INSTANCE_PORT: String(own.instance),
        DEMO: index === 0 ? 'on' : 'off',
      };
      let current = await spawnPortal(dataDir, instanceEnv);
      stops.push(() => terminate(current));
      const start = async () => {
        current = await spawnPortal(dataDir, instanceEnv);
        await waitUntilReady(current.url, current.child, current.output);
      };
      await waitUntilReady(current.url, current.child, current.output);
      instances.push({
        name,
        url: current.url,
        metricsUrl: `http://127.0.0.1:${own.metrics}/metrics`,
        get process() {
          return current;
        },
        output: () => current.output(),
        terminate: () => terminate(current),
        start,
      });
    }

    const haproxy = await startHaproxy(haproxyConfigFor(template, ports, instancePorts));
    stops.push(() => haproxy.stop());
    const serverStates = async (backend: string) => {
      const csv = await (await fetch(`http://127.0.0.1:${ports.stats}/stats;csv`)).text();
      const [header = '', ...rows] = csv.replace(/^# /, '').trim().split('\n');
      const columns = header.split(',');
      const states: Record<string, string> = {};
      for (const row of rows) {
        const cells = Object.fromEntries(row.split(',').map((cell, index) => [columns[index], cell]));
        const { pxname, svname, status } = cells;
        if (pxname === backend && svname && status && !['FRONTEND', 'BACKEND'].includes(svname)) {
          states[svname] = status;
        }
      }
      return states;
    };
    await until('HAProxy did not see every instance up', 30_000, async () => {
      if (haproxy.exitCode() !== null) throw new Error(`haproxy exited:\n${haproxy.output()}`);
      for (const backend of ['portal', 'machines']) {
        const states = await serverStates(backend).catch(() => ({}) as Record<string, string>);
        if (!instances.every((instance) => states[instance.name] === 'UP')) return false;
      }
      return true;
    });

    return {
      url: `http://127.0.0.1:${ports.portal}`,
      machineUrl: (controllerId) => `http://m${controllerId}.portal.localhost:${ports.machines}`,
      instances,
      drainSeconds,
      async query<Row extends Record<string, unknown>>(text: string, values?: unknown[]) {
        return (await database.pool.query<Row>(text, values)).rows;
      },
      redis,
      serverStates,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** An instance's `/metrics` text. */
export async function metricsOf(instance: DeploymentInstance): Promise<string> {
  const response = await fetch(instance.metricsUrl);
  if (!response.ok) throw new Error(`${instance.metricsUrl} answered ${response.status}`);
  return response.text();
}
