import type { ServerResponse } from 'node:http';
import { idParamsSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, unauthenticated } from '../../shared/app-error.ts';
import type { MachineOrigins } from '../../shared/machine-origins.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { type SessionEvents, touches } from '../auth/session-events.ts';
import { relayRoute } from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import type { WebcamHub } from './webcam-hub.ts';

export interface WebcamRoutesOptions {
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
 * `/proxy/webcam/{id}/?action=stream&token={video_token}` on the machine's own origin, like mjpg-streamer: an `<img>`
 * cannot send headers, so the short webcam token comes in the query; other query parameters are ignored.
 */
export async function webcamRoutes(app: FastifyInstance, options: WebcamRoutesOptions) {
  app.get('/proxy/webcam/:id/', async (request, reply) => {
    const params = idParamsSchema.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND');
    const controllerId = params.data.id;
    if (options.origins.controllerOf(request.hostname) !== controllerId) throw new AppError('NOT_FOUND');
    const query = request.query as Record<string, unknown>;
    if (typeof query.token !== 'string') throw unauthenticated('A webcam token is required');
    const viewer = await options.authenticateVideo(query.token);
    await options.access.reach(viewer, controllerId, 'customer');

    if (query.action === 'stream') {
      await options.hub.watch(controllerId, reply.raw, viewer.id);
      const checks = { subject: viewer, sessions: options.sessions, everyMs: options.recheckMs };
      endWhenRefused(reply.raw, checks, async () => {
        const subject = await options.checkSession({ id: viewer.id, sid: viewer.sessionId });
        await options.access.reach(subject, controllerId, 'customer');
      });
      return reply.hijack();
    }
    if (query.action !== 'snapshot') throw new AppError('NOT_FOUND');
    const latest = options.hub.latestFrame(controllerId);
    if (latest) return reply.header('cache-control', 'no-store').type('image/jpeg').send(latest);
    return relayRoute(options.registry, request, reply, {
      controllerId,
      target: 'webcam',
      path: '/?action=snapshot',
      timeoutMs: options.timeoutMs,
      headers: { 'cache-control': 'no-store' },
    });
  });
}
