import { idParamsSchema, userSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/v1/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A user: administrators see all, managers their business, everyone themselves',
        params: idParamsSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => users.getUser(sessionOf(request), request.params.id),
  );
};
