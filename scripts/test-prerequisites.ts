/**
 * `npm test`'s first step (and `npm run test:quick`'s, with `--quick`): checks what the suites need of the machine
 * beyond `npm install` before any test starts. Run as root on a Debian-like system (apt-get), it installs and
 * starts what is missing, one line each; elsewhere, or with TEST_PREREQUISITES=check, it stops at once naming the
 * command that fixes each part. Then it runs the command it was given (`vitest run …`) with DATABASE_URL and
 * REDIS_URL defaulting to the servers it checked, so that a newcomer's `npm test` runs what CI runs.
 *
 *   node scripts/test-prerequisites.ts [--quick] [command args…]
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import pg from 'pg';
import {
  assess,
  type Cluster,
  DEFAULT_CHROMIUM_PATH,
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  type Facts,
  hbaFile,
  isLocal,
  type Missing,
  parseClusters,
  parseInstalled,
  redisStartArgs,
  type Scope,
  type ServerState,
  SYSTEM_NODE,
  shown,
  TRUST_LINES,
} from './prerequisites.ts';

const COMMANDS = [
  'apt-get',
  'dpkg',
  'dpkg-deb',
  'systemd-analyze',
  'haproxy',
  'redis-server',
  'pg_ctlcluster',
  'pg_lsclusters',
];
/** Debian installs HAProxy and some of dpkg's tools in the sbin folders, which a user's PATH may lack. */
const EXTRA_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

function findCommands(): Set<string> {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...EXTRA_DIRS];
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  return new Set(COMMANDS.filter((name) => dirs.some((dir) => executable(path.join(dir, name)))));
}

// biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own field syntax, not a template
const DPKG_FORMAT = '${Package} ${db:Status-Abbrev}\n';

const commandPath = (name: string) => EXTRA_DIRS.map((dir) => path.join(dir, name)).find(existsSync) ?? name;

async function probeRedis(url: string): Promise<ServerState> {
  const { hostname, port, password, protocol } = new URL(url);
  const options = { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 6379) };
  return new Promise((resolve) => {
    const socket =
      protocol === 'rediss:' ? tls.connect({ ...options, servername: options.host }) : net.connect(options);
    const done = (state: ServerState) => {
      socket.destroy();
      resolve(state);
    };
    socket.setTimeout(2_000, () => done({ error: 'no answer within 2 s' }));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'ECONNREFUSED' ? 'down' : { error: error.message }),
    );
    socket.once(protocol === 'rediss:' ? 'secureConnect' : 'connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      const line = data.toString().split('\r\n')[0] ?? '';
      if (line === '+PONG' || (line.startsWith('-NOAUTH') && password)) done('up');
      else done({ error: line.startsWith('-NOAUTH') ? 'asks for a password: put it in REDIS_URL' : line });
    });
  });
}

async function probePostgres(url: string): Promise<ServerState> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return 'up';
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ECONNREFUSED') return 'down';
    if (code === '3D000') return 'no-database';
    if (code === '28P01' || /password/i.test(message)) return 'password';
    return { error: message };
  } finally {
    await client.end().catch(() => {});
  }
}

function findCluster(commands: Set<string>, databaseUrl: string): Cluster | null {
  if (!commands.has('pg_lsclusters') || !isLocal(databaseUrl)) return null;
  const listed = spawnSync(commandPath('pg_lsclusters'), ['--no-header'], { encoding: 'utf8' });
  const port = Number(new URL(databaseUrl).port || 5432);
  return parseClusters(listed.stdout ?? '').find((cluster) => cluster.port === port) ?? null;
}

async function probe(): Promise<Facts> {
  const commands = findCommands();
  const chromiumPath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
  const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const listed = commands.has('dpkg')
    ? spawnSync('dpkg-query', ['--show', '--showformat', DPKG_FORMAT, 'nodejs', 'adduser'], {
        encoding: 'utf8',
      }).stdout
    : '';
  const [redis, postgres] = await Promise.all([probeRedis(redisUrl), probePostgres(databaseUrl)]);
  return {
    root: process.getuid?.() === 0,
    commands,
    chromiumPath,
    chromium: existsSync(chromiumPath),
    packages: parseInstalled(listed ?? ''),
    systemNode: existsSync(SYSTEM_NODE),
    redisUrl,
    redis,
    databaseUrl,
    postgres,
    cluster: findCluster(commands, databaseUrl),
  };
}

/** Runs a system command as part of a fix; its output is shown only when it fails. */
function system(command: string, args: string[]): void {
  const result = spawnSync(commandPath(command), args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`,
    );
  }
}

async function waitFor(check: () => Promise<boolean>, seconds: number): Promise<void> {
  for (let tries = 0; tries < seconds * 4 && !(await check()); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Installs the packages the missing parts need, then starts (and for a fresh PostgreSQL, opens) the servers. */
async function install(missing: Missing[], before: Facts): Promise<void> {
  const packages = [...new Set(missing.flatMap((entry) => entry.install))];
  for (const entry of missing.filter((each) => each.install.length > 0)) {
    console.log(
      `Installing ${entry.part} for ${entry.neededFor} (apt-get install ${entry.install.join(' ')})`,
    );
  }
  if (packages.length > 0) {
    system('apt-get', ['update', '-qq']);
    system('apt-get', ['install', '-y', '-qq', ...packages]);
  }
  let facts = await probe();
  const { cluster, databaseUrl } = facts;
  if (facts.postgres === 'down' && cluster && isLocal(databaseUrl)) {
    console.log(`Starting PostgreSQL ${cluster.version}/${cluster.name}`);
    system('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start']);
    await waitFor(async () => (await probePostgres(databaseUrl)) !== 'down', 30);
    facts = await probe();
  }
  // Only a cluster installed just now is opened: one that was here keeps the authentication its owner chose.
  if (facts.postgres === 'password' && cluster && packages.includes('postgresql') && !before.cluster) {
    console.log(
      `Letting postgres in without a password on loopback (${hbaFile(cluster)}, installed just now)`,
    );
    writeFileSync(hbaFile(cluster), `${TRUST_LINES.join('\n')}\n${readFileSync(hbaFile(cluster), 'utf8')}`);
    system('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'reload']);
    await waitFor(async () => (await probePostgres(databaseUrl)) !== 'password', 10);
    facts = await probe();
  }
  if (facts.postgres === 'no-database') {
    const url = new URL(databaseUrl);
    const database = url.pathname.slice(1);
    console.log(`Creating the database ${database} on ${shown(databaseUrl)}`);
    url.pathname = '/postgres';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(`create database "${database.replaceAll('"', '""')}"`).finally(() => client.end());
  }
  if (facts.redis === 'down' && isLocal(facts.redisUrl) && facts.commands.has('redis-server')) {
    console.log(`Starting Redis at ${shown(facts.redisUrl)}`);
    system('redis-server', redisStartArgs(facts.redisUrl));
    await waitFor(async () => (await probeRedis(facts.redisUrl)) === 'up', 10);
  }
}

/** Why nothing was installed, or null when this step may install and start things. */
function whyNotInstalling(facts: Facts): string | null {
  if (process.env.TEST_PREREQUISITES === 'check') return 'TEST_PREREQUISITES=check';
  if (!facts.root) return 'not root';
  if (!facts.commands.has('apt-get')) return 'no apt-get';
  return null;
}

/** Runs the given command to its end, with the defaults set, and exits as it did. */
function run([command, ...args]: string[], scope: Scope): void {
  if (!command) return;
  const env: NodeJS.ProcessEnv = { ...process.env, REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS_URL };
  if (scope === 'full') env.DATABASE_URL = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const child = spawn(command, args, { stdio: 'inherit', env });
  // Ctrl-C reaches the whole process group: the command decides how to stop, and this process waits for it.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? os.constants.signals[signal] : 0)));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const scope: Scope = args[0] === '--quick' ? 'quick' : 'full';
  if (scope === 'quick') args.shift();
  let facts = await probe();
  let missing = assess(facts, scope);
  const why = whyNotInstalling(facts);
  if (missing.length > 0 && why === null) {
    await install(missing, facts);
    facts = await probe();
    missing = assess(facts, scope);
  }
  if (missing.length > 0) {
    const npmCommand = scope === 'quick' ? 'npm run test:quick' : 'npm test';
    console.error(`The tests need what this machine lacks${why ? ` (nothing installed: ${why})` : ''}:`);
    for (const entry of missing) console.error(`  ${entry.part}, for ${entry.neededFor}: ${entry.fix}`);
    if (why === 'not root' && facts.commands.has('apt-get')) {
      console.error(`Run as root (sudo ${npmCommand}), this step installs and starts what it can itself.`);
    }
    process.exit(1);
  }
  run(args, scope);
}

await main();
