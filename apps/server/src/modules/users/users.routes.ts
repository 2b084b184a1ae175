import { idParamsSchema, userSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/authenticate.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/v1/users/:id',
    {
      preHandler: app.authenticate,
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
