import { idParamsSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import type { WebcamService } from './webcam.service.ts';

export interface WebcamRoutesOptions {
  service: WebcamService;
}

/**
 * `/proxy/webcam/{id}/?action=stream&token={video_token}` on the machine's own origin, like mjpg-streamer: an `<img>`
 * cannot send headers, so the short webcam token comes in the query; other query parameters are ignored.
 */
export async function webcamRoutes(app: FastifyInstance, { service }: WebcamRoutesOptions) {
  app.get('/proxy/webcam/:id/', async (request, reply) => {
    const params = idParamsSchema.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND');
    const controllerId = params.data.id;
    const query = request.query as Record<string, unknown>;
    const viewer = await service.viewerOf(request.hostname, controllerId, query.token);

    if (query.action === 'stream') {
      await service.watch(controllerId, viewer, reply.raw);
      return reply.hijack();
    }
    if (query.action !== 'snapshot') throw new AppError('NOT_FOUND');
    const latest = service.latestFrame(controllerId);
    if (latest) return reply.header('cache-control', 'no-store').type('image/jpeg').send(latest);
    return service.relaySnapshot(request, reply, controllerId);
  });
}
