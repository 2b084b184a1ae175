import { idParamsSchema, userPreferencesBodySchema, userPreferencesSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { PreferencesService } from './preferences.service.ts';

const WHO = 'the user themselves, administrators, and managers of the user’s business';

export const preferencesRoutes: FastifyPluginAsyncZod<{ preferences: PreferencesService }> = async (
  app,
  { preferences },
) => {
  app.get(
    '/api/v1/users/:id/preferences',
    {
      schema: {
        tags: ['users'],
        summary: `A user’s notification preferences: ${WHO}`,
        params: idParamsSchema,
        response: { 200: userPreferencesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => preferences.getPreferences(sessionOf(request), request.params.id),
  );

  app.put(
    '/api/v1/users/:id/preferences',
    {
      schema: {
        tags: ['users'],
        summary: `Change a user’s notification preferences: ${WHO}`,
        params: idParamsSchema,
        body: userPreferencesBodySchema,
        response: { 200: userPreferencesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => preferences.updatePreferences(sessionOf(request), request.params.id, request.body),
  );
};
