import { describe, expect, it } from 'vitest';
import {
  assess,
  DEFAULT_CHROMIUM_PATH,
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  type Facts,
  parseClusters,
  parseInstalled,
  redisStartArgs,
  shown,
} from './prerequisites.ts';

const CLUSTER = { version: '15', name: 'main', port: 5432, running: true };

/** A Debian machine, run as root, with everything the suite needs. */
const complete: Facts = {
  root: true,
  commands: new Set([
    'apt-get',
    'dpkg',
    'dpkg-deb',
    'systemd-analyze',
    'haproxy',
    'redis-server',
    'pg_ctlcluster',
    'pg_lsclusters',
  ]),
  chromiumPath: DEFAULT_CHROMIUM_PATH,
  chromium: true,
  packages: new Set(['nodejs', 'adduser']),
  systemNode: true,
  redisUrl: DEFAULT_REDIS_URL,
  redis: 'up',
  databaseUrl: DEFAULT_DATABASE_URL,
  postgres: 'up',
  cluster: CLUSTER,
};

const without = (...names: string[]) =>
  new Set([...complete.commands].filter((name) => !names.includes(name)));
const lines = (facts: Facts, scope: 'full' | 'quick' = 'full') =>
  assess(facts, scope).map((entry) => `${entry.part}: ${entry.fix}`);

describe('assess', () => {
  it('finds nothing missing on a complete machine', () => {
    expect(assess(complete, 'full')).toEqual([]);
  });

  it('names each missing part with the one command that fixes it, sudo first when not root', () => {
    const fresh: Facts = {
      ...complete,
      root: false,
      commands: without('haproxy', 'redis-server', 'pg_ctlcluster', 'pg_lsclusters'),
      chromium: false,
      packages: new Set(['adduser']),
      systemNode: false,
      redis: 'down',
      postgres: 'down',
      cluster: null,
    };
    expect(lines(fresh)).toEqual([
      'Chromium at /usr/bin/chromium: sudo apt-get install -y chromium',
      'PostgreSQL at postgres://postgres@127.0.0.1:5432/test: sudo apt-get install -y postgresql',
      'Redis at redis://127.0.0.1:6379: sudo apt-get install -y redis-server',
      'HAProxy: sudo apt-get install -y haproxy',
      "the system's Node.js (/usr/bin/node): sudo apt-get install -y nodejs",
      'root: sudo npm test',
    ]);
    expect([...new Set(assess({ ...fresh, root: true }, 'full').flatMap((entry) => entry.install))]).toEqual([
      'chromium',
      'postgresql',
      'redis-server',
      'haproxy',
      'nodejs',
    ]);
  });

  it('starts installed servers that are down, with the commands CI has always used', () => {
    const down: Facts = {
      ...complete,
      redis: 'down',
      postgres: 'down',
      cluster: { ...CLUSTER, running: false },
    };
    expect(lines(down)).toEqual([
      'PostgreSQL at postgres://postgres@127.0.0.1:5432/test: pg_ctlcluster 15 main start',
      "Redis at redis://127.0.0.1:6379: redis-server --bind 127.0.0.1 --port 6379 --save '' --appendonly no --daemonize yes",
    ]);
    expect(assess(down, 'full').flatMap((entry) => entry.install)).toEqual([]);
  });

  it('tells how to let postgres in without a password, or to create the database, and installs nothing for it', () => {
    expect(lines({ ...complete, root: false, postgres: 'password' })).toEqual([
      'PostgreSQL at postgres://postgres@127.0.0.1:5432/test: asks postgres for a password: ' +
        "sudo sed -i '1i host all postgres 127.0.0.1/32 trust' /etc/postgresql/15/main/pg_hba.conf" +
        ' && sudo pg_ctlcluster 15 main reload',
      'root: sudo npm test',
    ]);
    expect(lines({ ...complete, postgres: 'no-database' })).toEqual([
      'PostgreSQL at postgres://postgres@127.0.0.1:5432/test: no database test: createdb -h 127.0.0.1 -p 5432 -U postgres test',
    ]);
  });

  it('never offers to install or start a server that DATABASE_URL or REDIS_URL puts on another machine', () => {
    const remote: Facts = {
      ...complete,
      databaseUrl: 'postgres://ci:secret@db.example:5432/test',
      postgres: 'down',
      redisUrl: 'redis://cache.example:6379',
      redis: { error: 'getaddrinfo ENOTFOUND cache.example' },
    };
    expect(assess(remote, 'full')).toEqual([
      expect.objectContaining({
        part: 'PostgreSQL at postgres://ci:***@db.example:5432/test (nothing answers)',
        install: [],
      }),
      expect.objectContaining({
        part: 'Redis at redis://cache.example:6379 (getaddrinfo ENOTFOUND cache.example)',
        fix: 'start it, or set REDIS_URL',
        install: [],
      }),
    ]);
  });

  it('still needs the redis-server command for the several-instances tests when Redis runs elsewhere', () => {
    expect(lines({ ...complete, commands: without('redis-server') })).toEqual([
      'the redis-server command: apt-get install -y redis-server',
    ]);
  });

  it('leaves Chromium elsewhere than Debian puts it to CHROMIUM_PATH', () => {
    expect(assess({ ...complete, chromiumPath: '/opt/chromium/chrome', chromium: false }, 'full')).toEqual([
      expect.objectContaining({ fix: 'install it, or set CHROMIUM_PATH', install: [] }),
    ]);
  });

  it('needs the Debian packages the gateway package depends on, and a Debian-like system', () => {
    expect(lines({ ...complete, packages: new Set() })).toEqual([
      "the system's Node.js (/usr/bin/node) and adduser: apt-get install -y nodejs adduser",
    ]);
    expect(lines({ ...complete, commands: without('systemd-analyze') })).toEqual([
      'systemd-analyze: apt-get install -y systemd',
    ]);
    expect(lines({ ...complete, commands: without('dpkg', 'apt-get') })).toEqual([
      'dpkg and dpkg-deb: run it on Debian or Ubuntu',
    ]);
  });

  it('asks only for Redis for the quick tests, which need no root', () => {
    const bare: Facts = { ...complete, root: false, chromium: false, commands: new Set(), postgres: 'down' };
    expect(lines(bare, 'quick')).toEqual([]);
    expect(lines({ ...bare, redis: 'down' }, 'quick')).toEqual([
      'Redis at redis://127.0.0.1:6379: sudo apt-get install -y redis-server',
    ]);
  });
});

describe('what the probes read', () => {
  it("parses pg_lsclusters' lines", () => {
    const output = [
      '15  main    5432 down   postgres /var/lib/postgresql/15/main /var/log/postgresql/postgresql-15-main.log',
      '16  spare   5433 online postgres /var/lib/postgresql/16/spare /var/log/postgresql/postgresql-16-spare.log',
      '',
    ].join('\n');
    expect(parseClusters(output)).toEqual([
      { version: '15', name: 'main', port: 5432, running: false },
      { version: '16', name: 'spare', port: 5433, running: true },
    ]);
  });

  it('keeps only the packages dpkg-query says are installed, not those removed with their configuration kept', () => {
    expect(parseInstalled('nodejs ii \nadduser rc \n')).toEqual(new Set(['nodejs']));
  });

  it('starts Redis on the URL port, and prints URLs without their password', () => {
    expect(redisStartArgs('redis://127.0.0.1:6380')).toContain('6380');
    expect(shown('redis://:secret@127.0.0.1:6379')).toBe('redis://:***@127.0.0.1:6379');
  });
});
