import { feedItemCreateBodySchema, feedItemSchema, idParamsSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { FeedService } from './feed.service.ts';

const tags = ['feed'];

export const feedRoutes: FastifyPluginAsyncZod<{ feed: FeedService }> = async (app, { feed }) => {
  app.get(
    '/api/v1/feed',
    {
      schema: {
        tags,
        summary: 'The newest news items, newest first',
        response: { 200: z.array(feedItemSchema), ...errorResponses(401, 403) },
      },
    },
    () => feed.list(),
  );

  app.post(
    '/api/v1/feed',
    {
      schema: {
        tags,
        summary: 'Post a news item (administrators)',
        body: feedItemCreateBodySchema,
        response: { 201: feedItemSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await feed.create(sessionOf(request), request.body)),
  );

  app.delete(
    '/api/v1/feed/:id',
    {
      schema: {
        tags,
        summary: 'Delete a news item (administrators)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await feed.delete(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
