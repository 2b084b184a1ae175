import {
  idParamsSchema,
  userCreateBodySchema,
  userListQuerySchema,
  userPageSchema,
  userSchema,
  userUpdateBodySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/v1/users',
    {
      schema: {
        tags: ['users'],
        summary:
          'Users, one page: administrators of every business (or of `business`), managers of their own ' +
          'business only (another `business` finds nobody); technicians and customers are refused',
        querystring: userListQuerySchema,
        response: { 200: userPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => users.listUsers(sessionOf(request), request.query),
  );

  app.post(
    '/api/v1/users',
    {
      schema: {
        tags: ['users'],
        summary:
          'Create a user: administrators in any business, managers in their own; the role must rank ' +
          'below the creator’s; the email must be free (409)',
        body: userCreateBodySchema,
        response: { 201: userSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await users.createUser(sessionOf(request), request.body)),
  );

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

  app.put(
    '/api/v1/users/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          'Update a user: everyone their own email, name, surname and password; administrators and ' +
          'managers also the users they manage, role and enabled included. A new role, disabling or a ' +
          'new password ends the user’s sessions',
        params: idParamsSchema,
        body: userUpdateBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => users.updateUser(sessionOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/users/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          'Delete a user (administrators; managers within their business, below their rank), never ' +
          'oneself; addresses, contacts, machine access and sessions go with them',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await users.deleteUser(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
