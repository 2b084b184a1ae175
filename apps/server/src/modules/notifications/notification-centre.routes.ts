import {
  idParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { NotificationCentreService } from './notification-centre.service.ts';

const tags = ['notifications'];

/**
 * The bell and the channel choices (docs/product.md §10): every route is the signed-in user's own, of any
 * role; another user's notification is 404.
 */
export const notificationCentreRoutes: FastifyPluginAsyncZod<{ centre: NotificationCentreService }> = async (
  app,
  { centre },
) => {
  app.get(
    '/api/v1/notifications',
    {
      schema: {
        tags,
        summary: "The signed-in user's newest notifications, and how many are unread",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => centre.list(sessionOf(request), request.query.limit),
  );

  app.post(
    '/api/v1/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of the signed-in user’s notifications read',
        params: idParamsSchema,
        response: { 204: z.null().describe('Read'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await centre.markRead(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark every notification of the signed-in user read',
        response: { 204: z.null().describe('Read'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await centre.markAllRead(sessionOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/notifications/preferences',
    {
      schema: {
        tags,
        summary: "The signed-in user's channels (in app, mail, push) per kind of notification",
        response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
      },
    },
    (request) => centre.preferences(sessionOf(request)),
  );

  app.put(
    '/api/v1/notifications/preferences',
    {
      schema: {
        tags,
        summary: "Change the signed-in user's channels for some kinds, and the language of their mails",
        body: notificationPreferencesBodySchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => centre.savePreferences(sessionOf(request), request.body),
  );
};
