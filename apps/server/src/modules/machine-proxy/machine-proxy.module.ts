import type { FastifyInstance } from 'fastify';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { CheckedSession, SessionSubject } from '../../shared/session.ts';
import type { SessionEvents } from '../auth/session-events.ts';
import type { BoardActivity } from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import { machineDownloadRoutes } from './machine-download.routes.ts';
import { MachineDownloadService } from './machine-download.service.ts';
import { machineErrorPagesPlugin } from './machine-error-page.ts';
import { machineOriginRoutes } from './machine-origin.routes.ts';
import { MachineOriginService } from './machine-origin.service.ts';
import { machineProxyRoutes } from './machine-proxy.routes.ts';
import { MachineTokens } from './machine-tokens.ts';
import { MachineVisits } from './machine-visits.ts';

export interface MachineProxyDeps {
  registry: TunnelRegistry;
  /** The activity record, told of every request to a board. */
  activity: BoardActivity;
  access: MachineAccessService;
  checkSession: (claims: { id: number; sid: string }) => Promise<SessionSubject>;
  /** `checkSession` with the session's end, for what the machine origin keeps per page (`MachineVisits`). */
  checkedSession: (claims: { id: number; sid: string }) => Promise<CheckedSession>;
  /** Sessions ended or changed: an open board WebSocket checks its own again at once. */
  sessions: SessionEvents;
}

/**
 * The machine proxy: `/proxy/duet/…` on the portal's origin (bearer token, sandboxed answers), the panel ticket,
 * download links of board files, and the machine origin's routes (board pages behind a per-machine cookie), all over
 * the tunnel.
 *
 * The routes files declare the routes; the work is in `machine-download.service.ts` (a one-minute single-use ticket
 * link the browser saves itself, `Content-Disposition: attachment`) and `machine-origin.service.ts` (the origin
 * checks, the single-use ticket traded for a cookie of that machine's host, only the machine's own pages calling its
 * board, the relay, and board WebSockets over extended CONNECT). Every request is read once as a `BoardRequest`
 * where it enters (400 for what a board could read otherwise). The customer path is relayed through
 * `customer-scope.ts`: the board scope first, DSF code and move bodies read before they go on, uploads into
 * `0:/gcodes`, `0:/macros` and `0:/filaments` checked line by line as they stream (the board client's checked
 * upload, as for an upload-and-print slicer token and the OctoPrint face); the admin path relays as it is.
 */
export function createMachineProxyModule({ config, clock }: ModuleDeps, deps: MachineProxyDeps) {
  const tokens = new MachineTokens(config.jwtSecret, clock);
  const downloads = new MachineDownloadService({
    registry: deps.registry,
    access: deps.access,
    tokens,
    checkSession: deps.checkSession,
    timeoutMs: config.proxyTimeoutMs,
  });
  const origin = new MachineOriginService({
    registry: deps.registry,
    activity: deps.activity,
    access: deps.access,
    tokens,
    checkedSession: deps.checkedSession,
    visits: new MachineVisits(clock, config.sessionCacheMs, deps.sessions, deps.access.grantsForgotten),
    sessions: deps.sessions,
    sessionTtlSeconds: config.sessionTtlSeconds,
    timeoutMs: config.proxyTimeoutMs,
    origins: config.machineOrigins,
    portalOrigin: new URL(config.publicUrl).origin,
  });
  return {
    tokens,
    publicRoutes: routesOf(machineDownloadRoutes, { downloads }),
    routes: routesOf(machineProxyRoutes, {
      ...deps,
      tokens,
      downloads,
      origins: config.machineOrigins,
      timeoutMs: config.proxyTimeoutMs,
    }),
    /** Registered on the machine origin's own server (see machine-origin.ts), never on the portal's. */
    machineErrorPages: (app: FastifyInstance) =>
      app.register(machineErrorPagesPlugin, { portalOrigin: new URL(config.publicUrl).origin }),
    machineOriginRoutes: (app: Parameters<typeof machineOriginRoutes>[0]) =>
      machineOriginRoutes(app, { service: origin }),
  };
}
