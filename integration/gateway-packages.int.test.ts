import {
  access,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  realpath,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnGateway } from '../test-kit/gateway-process.ts';
import {
  asTheService,
  confinementOf,
  enterPairingCode,
  expectOnlineThrough,
  GATEWAY_DIR,
  GATEWAY_VERSION,
  type MachineToBring,
  machineToBring,
  run,
  runGatewayScript,
  SYSTEM_NODE,
  serviceSettings,
  unitEnvironment,
} from './support/packaged-gateway.ts';
import { Rig } from './support/rig.ts';

/**
 * The gateway's two packages as an installer gets them, built by their npm scripts (one after the other: both
 * build into the same folder). The npm tarball is installed into an empty prefix with `npm install -g` (offline:
 * it has no dependencies to fetch) and run on the computer's own Node.js, a different major version from the one
 * the project runs on. The Debian package is installed on this computer with `dpkg -i` (the tests run as root,
 * as CI does) and `dpkg --purge` takes everything away again. Each brings a machine online.
 *
 * systemd itself is never started (CI machines run none; the maintainer scripts then only enable the unit):
 * `systemd-analyze verify` checks the installed unit, and its command runs as the unit would run it, with the
 * unit's user and environment. Pairing is tested as the service runs it, its filesystem protection
 * (`ProtectSystem=strict` but for `/etc/portal-gateway`, `PrivateTmp`, `ProtectHome`) emulated by a mount
 * namespace of its own, its umask and no-new-privileges flag set as systemd sets them; and as an administrator's
 * `sudo portal-gateway --pair` does it, which must leave the service's configuration to the service's user.
 */

const rig = new Rig();
let machine: MachineToBring;
const tarball = path.join(GATEWAY_DIR, 'dist', `portal-gateway-${GATEWAY_VERSION}.tgz`);
const deb = path.join(GATEWAY_DIR, 'dist', `portal-gateway_${GATEWAY_VERSION}_all.deb`);
let prefix: string;
const CONFIG = '/etc/portal-gateway/config.json';
const UNIT = '/lib/systemd/system/portal-gateway.service';
const ENABLED = '/etc/systemd/system/multi-user.target.wants/portal-gateway.service';
/** The folders systemd finds a bare `ExecStart=` command in. */
const SYSTEMD_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

const purge = () => run('dpkg', ['--purge', 'portal-gateway']);
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const account = async (database: 'passwd' | 'group') =>
  run('getent', [database, 'portal-gateway']).then(
    (line) => line.trim().split(':'),
    () => null,
  );
/** The service's user and group ids. */
const serviceUser = async () => {
  const [uid, gid] = ((await account('passwd')) ?? []).slice(2, 4).map(Number);
  if (uid === undefined || gid === undefined) throw new Error('the package created no portal-gateway user');
  return { uid, gid };
};
const ownership = async (file: string) => {
  const { uid, gid, mode } = await stat(file);
  return { uid, gid, mode: mode & 0o777 };
};

beforeAll(async () => {
  if (process.getuid?.() !== 0) throw new Error('installing a Debian package needs root, as CI runs');
  // A run that died half-way may have left the package installed.
  await purge();
  const building = runGatewayScript('package:npm').then(() => runGatewayScript('package:deb'));
  [machine] = await Promise.all([machineToBring(rig), building]);
  prefix = await mkdtemp(path.join(tmpdir(), 'portal-gateway-prefix-'));
});

afterAll(async () => {
  await purge();
  await rig.close();
  await machine?.portal.stop();
  if (prefix) await rm(prefix, { recursive: true, force: true });
});

const packed = (file: string) => run('tar', ['-xOzf', tarball, `package/${file}`]);

describe('the packed tarball', () => {
  it('holds the one bundled file, its README, a sample configuration and the systemd unit', async () => {
    const files = (await run('tar', ['-tzf', tarball])).trim().split('\n').sort();
    expect(files).toEqual(
      ['README.md', 'config.example.json', 'package.json', 'portal-gateway.js', 'portal-gateway.service'].map(
        (file) => `package/${file}`,
      ),
    );
    expect((await packed('portal-gateway.js')).split('\n')[0]).toBe('#!/usr/bin/env node');
    expect(JSON.parse(await packed('config.example.json'))).toMatchObject({
      server: expect.any(String),
      controller: expect.any(Number),
      board: expect.any(String),
    });
    expect(await packed('portal-gateway.service')).toMatch(/^ExecStart=portal-gateway$/m);
  });

  it('says what it is, runs on Node.js 18.19 and later, and needs nothing else installed', async () => {
    const manifest = JSON.parse(await packed('package.json')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'portal-gateway',
      version: GATEWAY_VERSION,
      bin: { 'portal-gateway': 'portal-gateway.js' },
      engines: { node: '>=18.19' },
    });
    expect(Object.keys(manifest)).not.toContain('dependencies');
    expect(Object.keys(manifest)).not.toContain('scripts');
    expect(Object.keys(manifest)).not.toContain('devDependencies');
  });
});

describe('installed with npm install -g', () => {
  it("brings the machine online on the computer's own Node.js", async () => {
    await run('npm', [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--offline',
      '--no-audit',
      '--no-fund',
      tarball,
    ]);
    const installed = path.join(prefix, 'lib', 'node_modules', 'portal-gateway');
    expect(JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')).version).toBe(
      GATEWAY_VERSION,
    );
    const gateway = spawnGateway(
      {
        server: machine.portal.url,
        controller: machine.controller,
        key: machine.key,
        board: machine.board.url,
      },
      {
        // The command as a shell finds it: its `#!/usr/bin/env node` line picks the computer's Node.js.
        command: [path.join(prefix, 'bin', 'portal-gateway')],
        env: { PATH: `${path.dirname(SYSTEM_NODE)}:/usr/bin:/bin`, HOME: prefix },
      },
    );
    rig.closing(() => gateway.stop());
    await expectOnlineThrough(machine, gateway);
    expect(await readlink(`/proc/${gateway.child.pid}/exe`)).toBe(await realpath(SYSTEM_NODE));
    expect(await gateway.stop()).toBe(0);
  });
});

describe('the Debian package', () => {
  it('says what it is and that it needs Node.js 18.19 or later', async () => {
    const fields = await run('dpkg-deb', ['--field', deb, 'Package', 'Version', 'Architecture', 'Depends']);
    expect(fields).toContain('Package: portal-gateway\n');
    expect(fields).toContain(`Version: ${GATEWAY_VERSION}\n`);
    expect(fields).toContain('Architecture: all\n');
    expect(fields).toMatch(/^Depends: .*nodejs \(>= 18\.19\)/m);
    expect(await run('dpkg-deb', ['--info', deb, 'conffiles'])).toBe(`${CONFIG}\n`);
  });

  it('holds the bundle, the command, the systemd unit and a configuration only its owner reads', async () => {
    const files = (await run('dpkg-deb', ['--contents', deb]))
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/))
      .filter(([mode]) => !mode?.startsWith('d'))
      .map(([mode, owner, , , , file]) => `${mode} ${owner} ${file}`);
    expect(files.sort()).toEqual([
      '-rw------- root/root ./etc/portal-gateway/config.json',
      '-rw-r--r-- root/root ./lib/systemd/system/portal-gateway.service',
      '-rw-r--r-- root/root ./usr/lib/portal-gateway/portal-gateway.js',
      '-rw-r--r-- root/root ./usr/share/doc/portal-gateway/README.md',
      '-rwxr-xr-x root/root ./usr/bin/portal-gateway',
    ]);
  });
});

describe('installed with dpkg -i', () => {
  it('creates the gateway user, gives it the configuration alone and enables the service', async () => {
    await run('dpkg', ['--install', deb]);
    const user = await account('passwd');
    expect(user?.[6]).toMatch(/nologin$/);
    const config = await stat(CONFIG);
    expect({ mode: config.mode & 0o777, uid: config.uid }).toEqual({ mode: 0o600, uid: Number(user?.[2]) });
    expect(await exists(ENABLED)).toBe(true);
    const status = await run('dpkg-query', ['--show', '--showformat', '$' + '{Status}', 'portal-gateway']);
    expect(status).toBe('install ok installed');
  });

  it('installs a unit in which systemd finds nothing wrong', async () => {
    // An unknown or misspelt setting, a bad value, a command not found: each a line of complaint.
    expect(await run('sh', ['-c', `systemd-analyze verify --man=no ${UNIT} 2>&1`])).toBe('');
  });

  it('runs as the service does, as its own user, and brings the machine online', async () => {
    const unit = await readFile(UNIT, 'utf8');
    for (const hardening of [
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ProtectHome=yes',
      'PrivateTmp=yes',
    ])
      expect(unit).toContain(`\n${hardening}\n`);
    expect(unit).toMatch(/^MemoryMax=\d+M$/m);
    expect(unit).toMatch(/^User=portal-gateway$/m);
    expect(unit).toMatch(/^ExecStart=portal-gateway$/m);
    // The unit's environment: the config file's path and the small V8 heap's flags.
    const environment = unitEnvironment(unit);
    expect(environment.NODE_OPTIONS).toMatch(/--max-old-space-size=\d+ --max-semi-space-size=\d+/);

    // What the installer fills in; the key goes where systemd reads it (secrets.env), here the environment.
    const { portal, controller, key, board } = machine;
    await writeFile(CONFIG, JSON.stringify({ server: portal.url, controller, board: board.url }));
    const gateway = spawnGateway(
      { key },
      {
        command: ['/usr/bin/portal-gateway'],
        env: { PATH: SYSTEMD_PATH, ...environment },
        ...(await serviceUser()),
      },
    );
    rig.closing(() => gateway.stop());
    await expectOnlineThrough(machine, gateway);
    expect(await gateway.stop()).toBe(0);
  });

  /** The installed command as the installed unit starts it: its environment, user, umask and sandbox. */
  const startService = async () => {
    const unit = await readFile(UNIT, 'utf8');
    const gateway = spawnGateway(
      {},
      {
        command: [...asTheService(serviceSettings(unit)), '/usr/bin/portal-gateway'],
        env: { PATH: SYSTEMD_PATH, ...unitEnvironment(unit) },
      },
    );
    rig.closing(() => gateway.stop());
    return gateway;
  };
  const pairedConfig = () => ({
    server: machine.portal.url,
    controller: machine.controller,
    key: expect.stringMatching(/^[\w-]{43}$/),
    board: machine.board.url,
  });

  it('pairs as the service runs it, confined as its unit says, and saves what it learned', async () => {
    // What an installer leaves: the portal's address alone, in the file postinst gave the service's user.
    await writeFile(CONFIG, JSON.stringify({ server: machine.portal.url }));
    const user = await serviceUser();
    expect(await ownership(CONFIG)).toEqual({ ...user, mode: 0o600 });

    const gateway = await startService();
    await enterPairingCode(machine, gateway);
    await expectOnlineThrough(machine, gateway);
    // Node.js itself has the process id the service started with, confined: the emulation did its work.
    const pid = gateway.child.pid as number;
    expect(await readlink(`/proc/${pid}/exe`)).toBe(await realpath(SYSTEM_NODE));
    const confinement = await confinementOf(pid);
    expect(confinement).toMatchObject({
      ...user,
      umask: '0077',
      noNewPrivileges: true,
      capabilityBoundingSet: 0n,
      cwd: '/',
    });
    expect(confinement.mounts).toMatchObject({
      '/': expect.stringMatching(/^ro /),
      '/tmp': 'rw tmpfs',
      '/var/tmp': 'rw tmpfs',
      '/home': 'ro tmpfs',
      '/root': 'ro tmpfs',
    });
    const writable = Object.entries(confinement.mounts).filter(([, mount]) => mount.startsWith('rw '));
    expect(writable.map(([target]) => target).sort()).toEqual(['/etc/portal-gateway', '/tmp', '/var/tmp']);
    expect(await gateway.stop()).toBe(0);

    expect(JSON.parse(await readFile(CONFIG, 'utf8'))).toEqual(pairedConfig());
    expect(await ownership(CONFIG)).toEqual({ ...user, mode: 0o600 });
    expect(await readdir('/etc/portal-gateway')).toEqual(['config.json']);
  }, 120_000);

  it("pairs again by an administrator's `sudo portal-gateway --pair`, leaving the file to the service", async () => {
    const before = JSON.parse(await readFile(CONFIG, 'utf8')) as { key: string };
    // As its README tells, as root: sudo's PATH is systemd's; no PORTAL_GATEWAY_CONFIG and no --server, the
    // service's file is the default, read for the portal's address and written with the new key. Without a
    // terminal the banner goes to the output all the same.
    const pairing = spawnGateway(
      {},
      {
        command: ['/usr/bin/portal-gateway', '--pair'],
        env: { PATH: SYSTEMD_PATH },
      },
    );
    rig.closing(() => pairing.stop());
    await enterPairingCode(machine, pairing);
    expect(await pairing.exited).toBe(0);
    expect(pairing.output()).toContain(
      `Paired with controller ${machine.controller}; settings saved in ${CONFIG}.`,
    );

    const saved = JSON.parse(await readFile(CONFIG, 'utf8')) as { key: string };
    expect(saved).toEqual(pairedConfig());
    expect(saved.key).not.toBe(before.key);
    expect(await ownership(CONFIG)).toEqual({ ...(await serviceUser()), mode: 0o600 });
    expect(await readdir('/etc/portal-gateway')).toEqual(['config.json']);
    // The service, started next as the README says, reads what root saved and connects with the new key.
    const gateway = await startService();
    await expectOnlineThrough(machine, gateway);
    expect(await gateway.stop()).toBe(0);
  }, 120_000);

  it('keeps the filled-in configuration when installed again', async () => {
    const filled = await readFile(CONFIG, 'utf8');
    await run('dpkg', ['--install', deb]);
    expect(await readFile(CONFIG, 'utf8')).toBe(filled);
    expect((await stat(CONFIG)).mode & 0o777).toBe(0o600);
  });

  it('is removed without its configuration, and purged with it and its user', async () => {
    await run('dpkg', ['--remove', 'portal-gateway']);
    for (const file of ['/usr/bin/portal-gateway', '/usr/lib/portal-gateway', UNIT])
      expect(await exists(file)).toBe(false);
    expect(await exists(CONFIG)).toBe(true);
    expect(await account('passwd')).not.toBeNull();

    await purge();
    expect(await exists('/etc/portal-gateway')).toBe(false);
    expect(await exists(ENABLED)).toBe(false);
    expect(await account('passwd')).toBeNull();
    expect(await account('group')).toBeNull();
    await expect(run('dpkg-query', ['--show', 'portal-gateway'])).rejects.toThrow();
  });
});

describe('paired with a code', () => {
  it('shows a code on its console, and once an administrator enters it the machine comes online', async () => {
    // The tarball installed above, started with nothing but the portal's address in its config file.
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-gateway-pairing-'));
    rig.closing(() => rm(folder, { recursive: true, force: true }));
    const config = path.join(folder, 'config.json');
    await writeFile(config, JSON.stringify({ server: machine.portal.url }), { mode: 0o600 });
    const gateway = spawnGateway(
      {},
      {
        command: [path.join(prefix, 'bin', 'portal-gateway')],
        env: {
          PATH: `${path.dirname(SYSTEM_NODE)}:/usr/bin:/bin`,
          HOME: prefix,
          PORTAL_GATEWAY_CONFIG: config,
        },
      },
    );
    rig.closing(() => gateway.stop());
    await enterPairingCode(machine, gateway);
    await expectOnlineThrough(machine, gateway);
    const { portal, controller, board } = machine;
    expect(JSON.parse(await readFile(config, 'utf8'))).toMatchObject({
      server: portal.url,
      controller,
      key: expect.stringMatching(/^[\w-]{43}$/),
      board: board.url,
    });
    expect(await readlink(`/proc/${gateway.child.pid}/exe`)).toBe(await realpath(SYSTEM_NODE));
    expect(await gateway.stop()).toBe(0);
  });
});
