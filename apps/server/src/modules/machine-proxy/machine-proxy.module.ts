import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { SessionSubject } from '../../shared/session.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import { machineDownloadRoutes } from './machine-download.routes.ts';
import { type MachineOriginRoutesOptions, machineOriginRoutes } from './machine-origin.routes.ts';
import { machineProxyRoutes } from './machine-proxy.routes.ts';
import { MachineTokens } from './machine-tokens.ts';

export interface MachineProxyDeps {
  registry: TunnelRegistry;
  access: MachineAccessService;
  checkSession: (claims: { id: number; sid: string }) => Promise<SessionSubject>;
}

/**
 * The machine proxy: `/proxy/duet/…` on the portal's origin (bearer token, sandboxed answers), the panel
 * ticket, download links of board files, and the machine origin's routes (board pages behind a per-machine cookie), all over the tunnel.
 */
export function createMachineProxyModule({ config, clock }: ModuleDeps, deps: MachineProxyDeps) {
  const tokens = new MachineTokens(config.jwtSecret, clock);
  const machineOriginFor = (request: { protocol: string; hostname: string }) =>
    config.machineOrigin ??
    `${request.protocol}://${request.hostname.replace(/:\d+$/, '')}:${config.machinePort}`;
  const originOptions: MachineOriginRoutesOptions = {
    registry: deps.registry,
    access: deps.access,
    tokens,
    checkSession: deps.checkSession,
    sessionTtlSeconds: config.sessionTtlSeconds,
    timeoutMs: config.proxyTimeoutMs,
    secureCookies: (config.machineOrigin ?? '').startsWith('https:'),
  };
  return {
    tokens,
    machineOriginFor,
    publicRoutes: routesOf(machineDownloadRoutes, {
      registry: deps.registry,
      access: deps.access,
      tokens,
      checkSession: deps.checkSession,
      timeoutMs: config.proxyTimeoutMs,
    }),
    routes: routesOf(machineProxyRoutes, {
      ...deps,
      tokens,
      machineOriginFor,
      timeoutMs: config.proxyTimeoutMs,
    }),
    /** Registered on the machine origin's own server (see machine-origin.ts), never on the portal's. */
    machineOriginRoutes: (app: Parameters<typeof machineOriginRoutes>[0]) =>
      machineOriginRoutes(app, originOptions),
  };
}
