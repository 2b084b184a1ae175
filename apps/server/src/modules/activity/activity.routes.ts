import {
  activityEntrySchema,
  activityQuerySchema,
  activityVerificationSchema,
  pageSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { ActivityService } from './activity.service.ts';

const tags = ['activity'];

export const activityRoutes: FastifyPluginAsyncZod<{ activity: ActivityService }> = async (
  app,
  { activity },
) => {
  app.get(
    '/api/v1/activity',
    {
      schema: {
        tags,
        summary: 'The activity record, newest first',
        description:
          'Changes made to machines through the portal, with who, when, from where and the board’s answer. An ' +
          'administrator reads every entry; anyone else those about the machines of their business, and their own.',
        querystring: activityQuerySchema,
        response: { 200: pageSchema(activityEntrySchema), ...errorResponses(400, 401) },
      },
    },
    (request) => activity.list(sessionOf(request), request.query),
  );

  app.get(
    '/api/v1/activity/export.csv',
    {
      schema: {
        tags,
        summary:
          'The activity record as CSV, oldest first (the same filters; page and page size are ignored)',
        querystring: activityQuerySchema,
        // The CSV is streamed as it is read: no schema of its own.
        response: { ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply
        .code(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="activity.csv"')
        .send(activity.exportCsv(sessionOf(request), request.query) as never),
  );

  app.post(
    '/api/v1/activity/verify',
    {
      schema: {
        tags,
        summary: 'Check the activity record for tampering (administrators)',
        description:
          'Recomputes the hash chain over the whole record: an altered, removed or inserted entry is found where ' +
          'it is.',
        response: { 200: activityVerificationSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => activity.verify(sessionOf(request)),
  );
};
