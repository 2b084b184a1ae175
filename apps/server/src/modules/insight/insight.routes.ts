import { fleetInsightQuerySchema, fleetInsightSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { InsightService } from './insight.service.ts';

const tags = ['insight'];

const periodDescription =
  'Managers (their business’s machines) and administrators (every machine). `from` and `to` are calendar days ' +
  '(UTC), both included: by default the last twelve weeks up to today, at most 366 days. Weeks start on Monday ' +
  '(UTC); a job counts in the week it finished.';

export const insightRoutes: FastifyPluginAsyncZod<{ service: InsightService }> = async (app, { service }) => {
  app.get(
    '/api/v1/insight',
    {
      schema: {
        tags,
        summary: 'How the machines were used: utilisation, job outcomes and filament per machine and week',
        description: periodDescription,
        querystring: fleetInsightQuerySchema,
        response: { 200: fleetInsightSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.insight(sessionOf(request), request.query),
  );

  app.get(
    '/api/v1/insight/export.csv',
    {
      schema: {
        tags,
        summary: 'The fleet insight as CSV: one row per machine and week (the same query)',
        description: periodDescription,
        querystring: fleetInsightQuerySchema,
        // The CSV is streamed as it is written: no schema of its own.
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await service.exportCsv(sessionOf(request), request.query);
      return reply
        .code(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv as never);
    },
  );
};
