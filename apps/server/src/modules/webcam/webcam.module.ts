import type { ModuleDeps } from '../../shared/module.ts';
import type { SessionSubject } from '../../shared/session.ts';
import type { SessionEvents } from '../auth/session-events.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import { webcamRoutes } from './webcam.routes.ts';
import { VIEWER_RECHECK_MS, WebcamService } from './webcam.service.ts';
import { WebcamHub } from './webcam-hub.ts';

export interface WebcamDeps {
  registry: TunnelRegistry;
  access: MachineAccessService;
  authenticateVideo: (token: string) => Promise<SessionSubject>;
  /** The session behind an open stream must still be live: a logout or its end closes the stream too. */
  checkSession: (claims: { id: number; sid: string }) => Promise<SessionSubject>;
  /** Sessions ended or changed: their viewers are checked again at once. */
  sessions: SessionEvents;
}

/**
 * The webcam relay: one upstream per camera, fanned out to its viewers on the camera's machine's own origin.
 *
 * The upstream is opened through the board client. `webcam.routes.ts` declares the route; `webcam.service.ts` checks
 * the viewer (the machine's own origin, the video token, access, checked again while a stream lasts) and serves the
 * stream or a snapshot.
 */
export function createWebcamModule({ config }: ModuleDeps, deps: WebcamDeps) {
  const hub = new WebcamHub(deps.registry);
  const service = new WebcamService({
    ...deps,
    hub,
    timeoutMs: config.proxyTimeoutMs,
    origins: config.machineOrigins,
    recheckMs: config.webcam?.viewerRecheckMs ?? VIEWER_RECHECK_MS,
  });
  return {
    hub,
    /** A frame of a machine's camera, for notices' mails (null: no camera, or it did not answer). */
    snapshot: (controllerId: number) =>
      config.webcam?.mailSnapshots === false
        ? Promise.resolve(service.latestFrame(controllerId))
        : service.snapshot(controllerId),
    /** Registered on the machine origin's server (see machine-origin.ts), never on the portal's. */
    machineOriginRoutes: (app: Parameters<typeof webcamRoutes>[0]) => webcamRoutes(app, { service }),
  };
}
