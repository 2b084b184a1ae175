import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, unauthenticated } from '../../shared/app-error.ts';
import type { MachineOrigins } from '../../shared/machine-origins.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { type SessionEvents, touches } from '../auth/session-events.ts';
import { relayRoute, tunnelGet } from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import type { WebcamHub } from './webcam-hub.ts';

export interface WebcamServiceDeps {
  registry: TunnelRegistry;
  hub: WebcamHub;
  access: MachineAccessService;
  /** Checks a webcam token (the short-lived `video_token`) and its session. */
  authenticateVideo: (token: string) => Promise<SessionSubject>;
  /** Checks that a session is still live (not logged out, not expired, its user still allowed in). */
  checkSession: (claims: { id: number; sid: string }) => Promise<SessionSubject>;
  /** Sessions ended or changed: their viewers are checked again at once. */
  sessions: SessionEvents;
  timeoutMs: number;
  /** Each machine's own origin: a camera is served on its machine's origin only. */
  origins: MachineOrigins;
  /** How often an open stream's viewer is checked again (VIEWER_RECHECK_MS). */
  recheckMs: number;
}

/**
 * A stream outlives the token that opened it, so its viewer is checked again this often: the session's end, a
 * lost licence or access end the stream within this time (a logout or another change of the session at once,
 * through the session events). Cheap: the session check is mostly cached.
 */
export const VIEWER_RECHECK_MS = 5_000;

/** A mail's picture waits this long for the gateway, and is never larger than this. */
const SNAPSHOT_WAIT_MS = 2_000;
const SNAPSHOT_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Ends `viewer`'s stream at the first re-check the portal refuses (an unreachable database ends nothing): every
 * `everyMs`, and at once when `subject`'s session is ended or changed.
 */
function endWhenRefused(
  viewer: ServerResponse,
  { subject, sessions, everyMs }: { subject: SessionSubject; sessions: SessionEvents; everyMs: number },
  recheck: () => Promise<unknown>,
): void {
  if (viewer.destroyed) return;
  const check = () => {
    recheck().catch((error: unknown) => {
      if (error instanceof AppError) viewer.destroy();
    });
  };
  const timer = setInterval(check, everyMs);
  timer.unref();
  const unsubscribe = sessions.subscribe((change) => {
    if (touches(change, subject)) check();
  });
  viewer.once('close', () => {
    clearInterval(timer);
    unsubscribe();
  });
}

/**
 * Who may watch a camera on its machine's origin, and what they get: the hub's one upstream per camera for a
 * stream (checked again while it lasts), the latest frame or the camera's own snapshot for a snapshot.
 */
export class WebcamService {
  readonly #deps: WebcamServiceDeps;

  constructor(deps: WebcamServiceDeps) {
    this.#deps = deps;
  }

  /**
   * The viewer a request's webcam token names, once it may watch `controllerId` from `hostname`: a camera is
   * found on its own machine's origin only, and needs the token and the customer path's access.
   */
  async viewerOf(hostname: string, controllerId: number, token: unknown): Promise<SessionSubject> {
    if (this.#deps.origins.controllerOf(hostname) !== controllerId) throw new AppError('NOT_FOUND');
    if (typeof token !== 'string') throw unauthenticated('A webcam token is required');
    const viewer = await this.#deps.authenticateVideo(token);
    await this.#deps.access.reach(viewer, controllerId, 'customer');
    return viewer;
  }

  /** Streams the camera to `response` until it closes, or the viewer's session or access ends. */
  async watch(controllerId: number, viewer: SessionSubject, response: ServerResponse): Promise<void> {
    const { hub, sessions, recheckMs, checkSession, access } = this.#deps;
    await hub.watch(controllerId, response, viewer.id);
    endWhenRefused(response, { subject: viewer, sessions, everyMs: recheckMs }, async () => {
      const subject = await checkSession({ id: viewer.id, sid: viewer.sessionId });
      await access.reach(subject, controllerId, 'customer');
    });
  }

  /** The frame the camera's open stream last brought, if one is open. */
  latestFrame(controllerId: number): Buffer | null {
    return this.#deps.hub.latestFrame(controllerId);
  }

  /**
   * A JPEG of the camera for a notice's mail: the open stream's latest frame, else the camera's own snapshot; null
   * when the machine has no camera or it does not answer in time.
   */
  async snapshot(controllerId: number): Promise<Buffer | null> {
    const latest = this.latestFrame(controllerId);
    if (latest) return latest;
    const result = await tunnelGet(this.#deps.registry, controllerId, '/?action=snapshot', {
      target: 'webcam',
      waitMs: SNAPSHOT_WAIT_MS,
      timeoutMs: this.#deps.timeoutMs,
      maxBytes: SNAPSHOT_MAX_BYTES,
    });
    return result.kind === 'answer' && result.status === 200 && result.body.length > 0 ? result.body : null;
  }

  /** The camera's own snapshot (mjpg-streamer's `/?action=snapshot`), relayed as the answer to `request`. */
  relaySnapshot(request: FastifyRequest, reply: FastifyReply, controllerId: number): Promise<FastifyReply> {
    return relayRoute(this.#deps.registry, request, reply, {
      controllerId,
      target: 'webcam',
      path: '/?action=snapshot',
      timeoutMs: this.#deps.timeoutMs,
      headers: { 'cache-control': 'no-store' },
    });
  }
}
