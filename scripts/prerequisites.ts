/**
 * What the test suites need of the machine beyond `npm install`, and what fixes each missing part: the decisions
 * of `scripts/test-prerequisites.ts`, apart from its probes so that they are tested without root or a network.
 */

/** The whole suite (`npm test`), or unit and API tests on PGlite (`npm run test:quick`). */
export type Scope = 'full' | 'quick';

/** Where the tests look for PostgreSQL and Redis unless told otherwise (and what `.ci/run` has always used). */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';
/** The computer's own Node.js, which the installed gateway package runs on. */
export const SYSTEM_NODE = '/usr/bin/node';

/** How a probe found a server: answering, nothing listening, or (PostgreSQL) refusing the tests' user or database. */
export type ServerState = 'up' | 'down' | 'password' | 'no-database' | { error: string };

/** A Debian PostgreSQL cluster, one line of `pg_lsclusters`. */
export interface Cluster {
  version: string;
  name: string;
  port: number;
  running: boolean;
}

export interface Facts {
  root: boolean;
  /** Commands found on PATH (or in /usr/sbin, which a user's PATH may lack). */
  commands: ReadonlySet<string>;
  chromiumPath: string;
  chromium: boolean;
  /** Debian packages installed (`dpkg-query`). */
  packages: ReadonlySet<string>;
  systemNode: boolean;
  redisUrl: string;
  redis: ServerState;
  databaseUrl: string;
  postgres: ServerState;
  /** The Debian cluster on the URL's port, when the URL is this machine's. */
  cluster: Cluster | null;
}

/** One part the suite lacks: for what, the one command that fixes it, and what installing it takes. */
export interface Missing {
  part: string;
  neededFor: string;
  fix: string;
  /** Debian packages that provide it, when installing is the fix. */
  install: string[];
}

/** True for a URL on this machine: the only servers this step may start. */
export function isLocal(url: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
}

/** A URL fit to print: its password replaced. */
export function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString().replace(/\/$/, '');
}

/** The clusters `pg_lsclusters --no-header` lists. */
export function parseClusters(output: string): Cluster[] {
  return output
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 4 && /^\d+$/.test(fields[2] ?? ''))
    .map(([version = '', name = '', port = '', status = '']) => ({
      version,
      name,
      port: Number(port),
      running: status.startsWith('online'),
    }));
}

/** The packages `dpkg-query --show --showformat '${Package} ${db:Status-Abbrev}\n'` lists as installed. */
export function parseInstalled(output: string): Set<string> {
  return new Set(
    output
      .split('\n')
      .map((line) => line.split(' '))
      .filter(([, status]) => status === 'ii')
      .map(([name = '']) => name),
  );
}

/** The command that starts the tests' Redis, as CI always has: loopback only, nothing written to disk. */
export function redisStartArgs(url: string): string[] {
  const port = new URL(url).port || '6379';
  return ['--bind', '127.0.0.1', '--port', port, '--save', '', '--appendonly', 'no', '--daemonize', 'yes'];
}

/** The lines a cluster's pg_hba.conf gets first, so that the tests' `postgres` needs no password on loopback. */
export const TRUST_LINES = [
  '# The tests connect as postgres without a password (scripts/test-prerequisites.ts).',
  'host all postgres 127.0.0.1/32 trust',
  'host all postgres ::1/128 trust',
];

export const hbaFile = (cluster: Cluster) => `/etc/postgresql/${cluster.version}/${cluster.name}/pg_hba.conf`;

function redisMissing(facts: Facts, sudo: string): Missing | null {
  if (facts.redis === 'up') return null;
  const neededFor = 'the API and several-instances tests';
  const where = shown(facts.redisUrl);
  if (typeof facts.redis === 'object' || !isLocal(facts.redisUrl)) {
    const why = typeof facts.redis === 'object' ? facts.redis.error : 'nothing answers';
    return { part: `Redis at ${where} (${why})`, neededFor, fix: 'start it, or set REDIS_URL', install: [] };
  }
  if (!facts.commands.has('redis-server')) {
    return {
      part: `Redis at ${where}`,
      neededFor,
      fix: `${sudo}apt-get install -y redis-server`,
      install: ['redis-server'],
    };
  }
  const args = redisStartArgs(facts.redisUrl).map((arg) => (arg === '' ? "''" : arg));
  return { part: `Redis at ${where}`, neededFor, fix: `redis-server ${args.join(' ')}`, install: [] };
}

function postgresMissing(facts: Facts, sudo: string): Missing | null {
  const state = facts.postgres;
  if (state === 'up') return null;
  const neededFor = 'the API tests on PostgreSQL and the several-instances tests';
  const url = new URL(facts.databaseUrl);
  const part = `PostgreSQL at ${shown(facts.databaseUrl)}`;
  const local = isLocal(facts.databaseUrl);
  const cluster = facts.cluster;
  if (typeof state === 'object')
    return { part: `${part} (${state.error})`, neededFor, fix: 'set DATABASE_URL', install: [] };
  if (state === 'no-database') {
    const database = url.pathname.slice(1);
    const fix = `createdb -h ${url.hostname} -p ${url.port || 5432} -U ${url.username || 'postgres'} ${database}`;
    return { part: `${part}: no database ${database}`, neededFor, fix, install: [] };
  }
  if (state === 'password') {
    const fix =
      local && cluster
        ? `${sudo}sed -i '1i ${TRUST_LINES[1]}' ${hbaFile(cluster)} && ${sudo}pg_ctlcluster ${cluster.version} ${cluster.name} reload`
        : 'set DATABASE_URL with the password';
    return {
      part: `${part}: asks ${url.username || 'postgres'} for a password`,
      neededFor,
      fix,
      install: [],
    };
  }
  if (!local)
    return {
      part: `${part} (nothing answers)`,
      neededFor,
      fix: 'start it, or set DATABASE_URL',
      install: [],
    };
  if (!facts.commands.has('pg_ctlcluster') || !cluster) {
    return { part, neededFor, fix: `${sudo}apt-get install -y postgresql`, install: ['postgresql'] };
  }
  return {
    part,
    neededFor,
    fix: `${sudo}pg_ctlcluster ${cluster.version} ${cluster.name} start`,
    install: [],
  };
}

/** Every part the scope needs that the machine lacks, each with its fix; `sudo` prefixes what needs root. */
export function assess(facts: Facts, scope: Scope): Missing[] {
  const sudo = facts.root ? '' : 'sudo ';
  const redis = redisMissing(facts, sudo);
  if (scope === 'quick') return redis ? [redis] : [];
  const apt = (packages: string) => `${sudo}apt-get install -y ${packages}`;
  const missing: (Missing | null)[] = [
    facts.chromium
      ? null
      : {
          part: `Chromium at ${facts.chromiumPath}`,
          neededFor: 'the end-to-end tests',
          fix:
            facts.chromiumPath === DEFAULT_CHROMIUM_PATH
              ? apt('chromium')
              : 'install it, or set CHROMIUM_PATH',
          install: facts.chromiumPath === DEFAULT_CHROMIUM_PATH ? ['chromium'] : [],
        },
    postgresMissing(facts, sudo),
    redis,
    // Each several-instances test file runs a Redis and an HAProxy of its own (test-kit/deployment.ts).
    facts.commands.has('redis-server') || redis?.install.length
      ? null
      : {
          part: 'the redis-server command',
          neededFor: 'the several-instances tests',
          fix: apt('redis-server'),
          install: ['redis-server'],
        },
    facts.commands.has('haproxy')
      ? null
      : {
          part: 'HAProxy',
          neededFor: 'the several-instances tests',
          fix: apt('haproxy'),
          install: ['haproxy'],
        },
  ];
  const gatewayTest = "the gateway's Debian package test";
  if (!facts.commands.has('dpkg') || !facts.commands.has('dpkg-deb')) {
    missing.push({
      part: 'dpkg and dpkg-deb',
      neededFor: gatewayTest,
      fix: 'run it on Debian or Ubuntu',
      install: [],
    });
  } else {
    // dpkg installs the gateway's package only when its dependencies are installed as packages.
    const packages = ['nodejs', 'adduser'].filter((name) => !facts.packages.has(name));
    if (!facts.systemNode && !packages.includes('nodejs')) packages.unshift('nodejs');
    // systemd-analyze checks the installed unit; systemd itself need not run.
    if (!facts.commands.has('systemd-analyze')) packages.push('systemd');
    if (packages.length > 0) {
      const what: Record<string, string> = {
        nodejs: `the system's Node.js (${SYSTEM_NODE})`,
        systemd: 'systemd-analyze',
      };
      const part = packages.map((name) => what[name] ?? name);
      missing.push({
        part: part.join(' and '),
        neededFor: gatewayTest,
        fix: apt(packages.join(' ')),
        install: packages,
      });
    }
  }
  if (!facts.root) {
    missing.push({ part: 'root', neededFor: `${gatewayTest} (dpkg -i)`, fix: 'sudo npm test', install: [] });
  }
  return missing.filter((entry): entry is Missing => entry !== null);
}
