/**
 * What the tests of the gateway's packages share: building them with their npm scripts, a portal with a simulated
 * board for an installed gateway to bring online, pairing it by code, and running it as its systemd unit would.
 */
import { execFile } from 'node:child_process';
import { readFile, readlink } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { RunningBoard } from '@portal/board-sim';
import { boardProxyPath, type ComputerController } from '@portal/contract';
import { expect } from 'vitest';
import type { GatewayProcess } from '../../test-kit/gateway-process.ts';
import { type RunningPortal, startPortal } from '../../test-kit/portal.ts';
import { api, controllerOf, issueGatewayKey, logIn, type Session } from '../../test-kit/portal-api.ts';
import type { Rig } from './rig.ts';

/** The gateway's workspace, where its npm scripts run and its packages are built (dist/). */
export const GATEWAY_DIR = fileURLToPath(new URL('../../apps/gateway/', import.meta.url));

export const GATEWAY_VERSION = (
  JSON.parse(await readFile(`${GATEWAY_DIR}package.json`, 'utf8')) as { version: string }
).version;

/** The Node.js the computer itself has (Debian's or NodeSource's), not the project's own. */
export const SYSTEM_NODE = '/usr/bin/node';

/** Runs a command to its end; a failure throws with what it printed. */
export async function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(command, args, { ...options, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failed = error as Error & { stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(' ')} failed: ${failed.message}\n${failed.stdout}\n${failed.stderr}`,
    );
  }
}

/** Runs one of the gateway's npm scripts (`package:npm`, `package:deb`), as a developer or CI builds. */
export const runGatewayScript = (script: string) =>
  run('npm', ['run', '--silent', script], { cwd: GATEWAY_DIR });

/** A portal and the machine "Prusa linea 1" with a simulated board, and a fresh key for its gateway. */
export interface MachineToBring {
  portal: RunningPortal;
  admin: Session;
  customer: Session;
  controller: number;
  key: string;
  board: RunningBoard;
}

export async function machineToBring(rig: Rig): Promise<MachineToBring> {
  const portal = await startPortal();
  const [admin, customer] = await Promise.all([
    logIn(portal, 'admin@demo.test'),
    logIn(portal, 'customer@demo.test'),
  ]);
  const controller = await controllerOf(portal, admin, 'Prusa linea 1');
  const [key, board] = await Promise.all([
    issueGatewayKey(portal, admin, controller),
    rig.board({ name: 'Prusa linea 1' }),
  ]);
  return { portal, admin, customer, controller, key, board };
}

/**
 * The machine is online through `gateway`: the portal shows it connected with the package's version, and the
 * board's object model answers through the proxy.
 */
export async function expectOnlineThrough(machine: MachineToBring, gateway: GatewayProcess): Promise<void> {
  await gateway.untilConnects(1);
  const { portal, admin, customer, controller } = machine;
  const page = await api<ComputerController>(
    portal,
    admin,
    'GET',
    `/api/v1/controller/computer/${controller}`,
  );
  expect(page.gateway).toMatchObject({ connected: true, version: GATEWAY_VERSION });
  const response = await fetch(
    `${portal.url}${boardProxyPath('3.6', 'customer', controller, 'rr_model?key=network.name')}`,
    { headers: { authorization: `Bearer ${customer.token}` } },
  );
  expect({ status: response.status, body: await response.json() }).toMatchObject({
    status: 200,
    body: { key: 'network.name', result: 'Prusa linea 1' },
  });
}

/** The code a gateway showed last: the service's log line (`"code":"ABCD-EFGH"`) or the banner `--pair` prints. */
export function pairingCode(output: string): string | undefined {
  return [...output.matchAll(/(?:"code":"|Pairing code: +)([A-Z0-9]{4}-[A-Z0-9]{4})/g)].at(-1)?.[1];
}

/**
 * Waits for `gateway` to show a pairing code and enters it as the administrator does on the controller's page
 * ("Pair a gateway"), with the board's address; answers the code.
 */
export async function enterPairingCode(machine: MachineToBring, gateway: GatewayProcess): Promise<string> {
  const shown = () => {
    if (gateway.child.exitCode !== null || gateway.child.signalCode !== null)
      throw new Error(`the gateway exited:\n${gateway.output()}`);
    return pairingCode(gateway.output());
  };
  // The gateway first starts Node.js and asks the portal for a code: slow on a busy machine.
  await expect.poll(shown, { timeout: 30_000 }).toBeDefined();
  const code = pairingCode(gateway.output()) as string;
  const { portal, admin, controller, board } = machine;
  await api(portal, admin, 'POST', `/api/v1/controller/computer/${controller}/pairing`, {
    code,
    board: board.url,
  });
  return code;
}

/** The variables a systemd unit's `Environment=` lines set (`Environment="NAME=a b"` or `Environment=NAME=a`). */
export function unitEnvironment(unit: string): Record<string, string> {
  return Object.fromEntries(
    [...unit.matchAll(/^Environment="?([A-Z_]+)=(.*?)"?$/gm)].map(([, name, value]) => [name, value]),
  );
}

/** The value of a unit's one `name=` line. */
function unitSetting(unit: string, name: string): string | undefined {
  return new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1];
}

/** What of a unit's `[Service]` section {@link asTheService} follows. */
export interface ServiceSettings {
  user: string;
  group: string;
  umask: string;
  readWritePaths: string[];
}

/** The unit's own user, group, umask and writable folders; a unit without one of them throws. */
export function serviceSettings(unit: string): ServiceSettings {
  const setting = (name: string) => {
    const value = unitSetting(unit, name);
    if (value === undefined) throw new Error(`the unit has no ${name}= line`);
    return value;
  };
  return {
    user: setting('User'),
    group: setting('Group'),
    umask: setting('UMask'),
    readWritePaths: setting('ReadWritePaths').split(/\s+/),
  };
}

const quoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * The command, to put before the service's own, that runs it as systemd runs a unit with `ProtectSystem=strict`,
 * `ReadWritePaths=`, `PrivateTmp=yes`, `ProtectHome=yes`, `NoNewPrivileges=yes`, an empty
 * `CapabilityBoundingSet=`, `User=`, `Group=` and `UMask=`, for a computer with no systemd running (CI's). In a
 * mount namespace of its own (propagation private: the computer's mounts are untouched), every file system but
 * /proc, /sys and /dev (which systemd leaves to other settings) is made read-only and the unit's writable folders
 * bound again read-write; /tmp and /var/tmp are empty and private; /home, /root and /run/user are empty and
 * inaccessible. `setpriv` then drops to the unit's user and group, and the command runs from / with the unit's
 * umask. `unshare` without `--fork`, the shell and `setpriv` each exec the next: the command keeps the process
 * id it was started with, and a signal sent to it reaches it as systemd's would. The mounts need root.
 */
export function asTheService({ user, group, umask, readWritePaths }: ServiceSettings): [string, ...string[]] {
  const script = [
    'set -e',
    "for target in $(findmnt -rn -o TARGET | grep -Ev '^/(proc|sys|dev)(/|$)'); do",
    '  mount -o remount,bind,ro "$target"',
    'done',
    // A bind mount starts with the read-only flag of the mount it came from.
    ...readWritePaths.flatMap((dir) => [
      `mount --bind ${quoted(dir)} ${quoted(dir)}`,
      `mount -o remount,bind,rw ${quoted(dir)}`,
    ]),
    'for dir in /tmp /var/tmp; do mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$dir"; done',
    'for dir in /home /root /run/user; do',
    '  if [ -d "$dir" ]; then mount -t tmpfs -o ro,mode=000 tmpfs "$dir"; fi',
    'done',
    // The shell exports the folder it is in: the service's environment is the unit's alone.
    'cd /',
    'unset OLDPWD PWD',
    `umask ${umask}`,
    `exec setpriv --reuid=${quoted(user)} --regid=${quoted(group)} --init-groups --no-new-privs \\`,
    '  --bounding-set=-all --inh-caps=-all "$@"',
  ].join('\n');
  return ['unshare', '--mount', '--propagation', 'private', 'sh', '-c', script, 'sandbox'];
}

/**
 * How a running process is confined, as /proc shows it: its user, group, umask, no-new-privileges flag,
 * capability bounding set, working folder, and each mount outside /proc, /sys and /dev as `rw ext4`, `ro tmpfs`.
 */
export async function confinementOf(pid: number) {
  const status = Object.fromEntries(
    (await readFile(`/proc/${pid}/status`, 'utf8'))
      .split('\n')
      .map((line) => line.split(':\t'))
      .filter((pair): pair is [string, string] => pair.length === 2),
  );
  const mounts = (await run('findmnt', ['--task', String(pid), '-rn', '-o', 'TARGET,VFS-OPTIONS,FSTYPE']))
    .trim()
    .split('\n')
    .map((line) => line.split(' '))
    .filter(([target = '']) => !/^\/(proc|sys|dev)(\/|$)/.test(target))
    .map(([target = '', options = '', type = '']): [string, string] => [
      target,
      `${options.split(',')[0]} ${type}`,
    ]);
  return {
    uid: Number(status.Uid?.split('\t')[0]),
    gid: Number(status.Gid?.split('\t')[0]),
    umask: status.Umask,
    noNewPrivileges: status.NoNewPrivs === '1',
    capabilityBoundingSet: BigInt(`0x${status.CapBnd}`),
    cwd: await readlink(`/proc/${pid}/cwd`),
    mounts: Object.fromEntries(mounts),
  };
}
