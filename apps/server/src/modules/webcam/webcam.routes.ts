import type { ServerResponse } from 'node:http';
import { idParamsSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, unauthenticated } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import { relayRoute } from '../machine-proxy/relay-route.ts';
import type { WebcamHub } from './webcam-hub.ts';

export interface WebcamRoutesOptions {
  registry: TunnelRegistry;
  hub: WebcamHub;
  access: MachineAccessService;
  /** Checks a webcam token (the short-lived `video_token`) and its session. */
  authenticateVideo: (token: string) => Promise<SessionSubject>;
  /** Checks that a session is still live (not logged out, not expired, its user still allowed in). */
  checkSession: (claims: { id: number; sid: string }) => Promise<SessionSubject>;
  timeoutMs: number;
}

/**
 * A stream outlives the token that opened it, so its viewer is checked again this often: a logout, the session's
 * end, a lost licence or access end the stream within this time. Cheap: the session check is mostly cached.
 */
const VIEWER_RECHECK_MS = 5_000;

/** Ends `viewer`'s stream at the first re-check the portal refuses (an unreachable database ends nothing). */
function endWhenRefused(viewer: ServerResponse, recheck: () => Promise<unknown>): void {
  if (viewer.destroyed) return;
  const timer = setInterval(() => {
    recheck().catch((error: unknown) => {
      if (error instanceof AppError) viewer.destroy();
    });
  }, VIEWER_RECHECK_MS);
  timer.unref();
  viewer.once('close', () => clearInterval(timer));
}

/**
 * `/proxy/webcam/{id}/?action=stream&token={video_token}` on the machine origin, like mjpg-streamer: an `<img>`
 * cannot send headers, so the short webcam token comes in the query; other query parameters are ignored.
 */
export async function webcamRoutes(app: FastifyInstance, options: WebcamRoutesOptions) {
  app.get('/proxy/webcam/:id/', async (request, reply) => {
    const params = idParamsSchema.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND');
    const controllerId = params.data.id;
    const query = request.query as Record<string, unknown>;
    if (typeof query.token !== 'string') throw unauthenticated('A webcam token is required');
    const viewer = await options.authenticateVideo(query.token);
    await options.access.reach(viewer, controllerId, 'customer');

    if (query.action === 'stream') {
      await options.hub.watch(controllerId, reply.raw);
      endWhenRefused(reply.raw, async () => {
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
