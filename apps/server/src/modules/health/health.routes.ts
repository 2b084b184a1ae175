import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import { errorResponses } from '../../shared/openapi.ts';

const statusSchema = z.object({ status: z.literal('ok') });

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (app, { ping }) => {
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: statusSchema, ...errorResponses(503) } } },
    async (request) => {
      try {
        await ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        throw new AppError('NOT_READY');
      }
      return { status: 'ok' as const };
    },
  );
};
