import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import { errorResponses } from '../../shared/openapi.ts';
import type { Readiness } from './readiness.ts';

const statusSchema = z.object({ status: z.literal('ok') });

/**
 * Liveness (the process answers: `/livez`, and `/healthz` as earlier probes call it) and readiness (`/readyz`:
 * what the instance needs answers, and it is not draining), for load balancers and service managers.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ readiness: Readiness }> = async (app, { readiness }) => {
  const alive = { schema: { tags: ['health'], response: { 200: statusSchema } } };
  app.get('/livez', alive, async () => ({ status: 'ok' as const }));
  app.get('/healthz', alive, async () => ({ status: 'ok' as const }));
  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: statusSchema, ...errorResponses(503) } } },
    async (request) => {
      const problem = await readiness.problem();
      if (problem) {
        request.log.warn({ err: problem.error }, `not ready: ${problem.reason}`);
        throw new AppError('NOT_READY', `Not ready: ${problem.reason}`);
      }
      return { status: 'ok' as const };
    },
  );
};
