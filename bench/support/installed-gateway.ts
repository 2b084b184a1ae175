/**
 * The gateway under test run as the installed service runs it: the built bundle (`npm run build --workspace
 * @portal/gateway`, which `npm run bench:tunnel` does first) with the environment of its systemd unit, so the
 * small V8 heap's flags the unit sets are the ones measured.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { GatewayConfig } from '../../apps/gateway/src/index.ts';
import { type GatewayProcess, spawnGateway } from '../../test-kit/gateway-process.ts';

const packageDir = fileURLToPath(new URL('../../apps/gateway/dist/package/', import.meta.url));

/** The `Environment=` settings of the unit (`NAME=value`, the whole setting possibly quoted). */
async function unitEnvironment(): Promise<Record<string, string>> {
  const unit = await readFile(`${packageDir}portal-gateway.service`, 'utf8');
  return Object.fromEntries(
    [...unit.matchAll(/^Environment="?([A-Z_]+)=(.*?)"?$/gm)].map(([, name = '', value = '']) => [
      name,
      value,
    ]),
  );
}

/** The computer's own Node.js, which the installed service runs on. */
const SYSTEM_NODE = '/usr/bin/node';

/**
 * The Node.js the gateway runs on: `GATEWAY_NODE` if set, else the computer's own (as installed, a Debian or
 * Raspberry Pi OS computer's Node 18 or NodeSource's), else the one running the bench.
 */
export function gatewayNode(): string {
  return process.env.GATEWAY_NODE || (existsSync(SYSTEM_NODE) ? SYSTEM_NODE : process.execPath);
}

/**
 * Starts the bundle with the unit's environment for the process itself (NODE_OPTIONS, the C library's
 * MALLOC_ARENA_MAX), and Node.js with the flags of `GATEWAY_NODE_FLAGS` (space separated) when set: a profiler's
 * (`--cpu-prof --cpu-prof-dir=…`, which Node 20 refuses in NODE_OPTIONS) or a trial of other V8 flags. The
 * gateway's own settings (`PORTAL_GATEWAY_*`) come from `config`, not the unit's file.
 */
export async function spawnInstalledGateway(config: GatewayConfig): Promise<GatewayProcess> {
  const runtime = Object.fromEntries(
    Object.entries(await unitEnvironment()).filter(([name]) => !name.startsWith('PORTAL_GATEWAY_')),
  );
  if (!runtime.NODE_OPTIONS) throw new Error('the systemd unit sets no NODE_OPTIONS');
  const node = gatewayNode();
  const flags = process.env.GATEWAY_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  return spawnGateway(config, {
    logLevel: 'error',
    echo: true,
    command: [node, ...flags, `${packageDir}portal-gateway.js`],
    env: { ...process.env, ...runtime },
  });
}
