import { idParamsSchema, machineStatusListSchema, machineStatusStreamQuerySchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../shared/app-error.ts';
import { readSessionToken } from '../../shared/bearer.ts';
import { errorResponses } from '../../shared/openapi.ts';
import { type SessionSubject, sessionOf } from '../../shared/session.ts';
import type { LiveStatusMonitor } from './live-status.monitor.ts';
import type { LiveStatusService } from './live-status.service.ts';
import type { StatusStreams } from './status-streams.ts';

const tags = ['live status'];

export interface LiveStatusRoutesOptions {
  service: LiveStatusService;
  streams: StatusStreams;
  /** Null when this instance follows no boards (the statuses then come from the machine events alone). */
  monitor: LiveStatusMonitor | null;
  /** Checks a session token as the authenticated scope does: a stream checks its session again now and then. */
  authenticate(token: string): Promise<SessionSubject>;
}

export const liveStatusRoutes: FastifyPluginAsyncZod<LiveStatusRoutesOptions> = async (
  app,
  { service, streams, monitor, authenticate },
) => {
  // The monitor follows the boards while the app runs; open streams end before the server closes.
  if (monitor) {
    app.addHook('onReady', async () => monitor.start(app.log.child({ module: 'live-status' })));
    app.addHook('onClose', async () => monitor.stop());
  }
  app.addHook('preClose', async () => streams.closeAll());

  app.get(
    '/api/v1/machines/status',
    {
      schema: {
        tags,
        summary: 'Live status of every machine group the caller sees, in one call',
        response: { 200: machineStatusListSchema, ...errorResponses(401) },
      },
    },
    (request) => service.list(sessionOf(request)),
  );

  app.get(
    '/api/v1/machines/:id/job/thumbnail',
    {
      schema: {
        tags,
        summary: 'The thumbnail of the file the machine is printing, as its slicer embedded it (PNG)',
        description:
          "204 unless the machine's live status names a running job with a thumbnail (`job.thumbnail`).",
        params: idParamsSchema,
        response: {
          200: { description: 'A PNG image', content: { 'image/png': { schema: z.string() } } },
          204: z.null().describe('The machine runs no job with a thumbnail'),
          ...errorResponses(400, 401, 404, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const png = await service.jobThumbnail(sessionOf(request), request.params.id);
      if (!png) return reply.code(204).header('cache-control', 'no-store').send(null);
      // Private: it shows one business's job; a minute is long enough for a page's re-renders.
      // Bytes are sent as they are (Fastify serializes no Buffer); the schema only documents them.
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=60')
        .send(png as never);
    },
  );

  app.get(
    '/api/v1/machines/status/stream',
    {
      config: { tokenInQuery: true },
      schema: {
        tags,
        summary: 'Server-sent events: the live status of every visible machine group, then each change',
        description:
          'Event `snapshot` (data: the answer of GET /api/v1/machines/status) comes first, and again when ' +
          'the machines the caller sees change; event `status` (data: one item of it) follows every change ' +
          'of a machine, or of its readiness for the print queue (`ready`, for whoever uses the queue of the ' +
          "machine's business). Comment lines keep the connection alive. EventSource clients, which cannot send " +
          'an Authorization header, pass the session token as `token`.',
        querystring: machineStatusStreamQuerySchema,
        response: {
          200: {
            description: 'An event stream',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      const token = readSessionToken(request);
      if (!token) throw unauthenticated();
      await streams.serve(reply, sessionOf(request), () => authenticate(token));
    },
  );
};
