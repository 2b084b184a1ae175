import { idParamsSchema } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { UserRecordsService } from './user-records.service.ts';
import type { UserRecordKind, UserRecordTable } from './user-records.ts';

const WHO = 'the user themselves, administrators, and managers of the user’s business';

/**
 * The list, add and delete routes of one kind of list a user owns (`user-records.ts`). The kind's schemas
 * check and serialise as on every route; typed by one kind only, they give the handlers no types, so the
 * handlers name what those schemas have checked.
 */
export function userRecordsRoutes<Table extends UserRecordTable, ItemParam extends string>(
  kind: UserRecordKind<Table, ItemParam>,
  records: UserRecordsService<Table>,
): FastifyPluginAsync {
  type Params = { id: number } & Record<ItemParam, number>;
  type Body = Parameters<UserRecordsService<Table>['add']>[2];
  return async (app) => {
    const { path, one, itemParam } = kind;
    app.get(
      `/api/v1/users/:id/${path}`,
      {
        schema: {
          tags: ['users'],
          summary: `A user’s ${path}: ${WHO}`,
          params: idParamsSchema,
          response: { 200: z.array(kind.itemSchema), ...errorResponses(400, 401, 404) },
        },
      },
      (request) => records.list(sessionOf(request), (request.params as Params).id),
    );

    app.post(
      `/api/v1/users/:id/${path}`,
      {
        schema: {
          tags: ['users'],
          summary: `Add ${one} to a user: ${WHO}`,
          params: idParamsSchema,
          body: kind.bodySchema,
          response: { 201: kind.itemSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await records.add(sessionOf(request), (request.params as Params).id, request.body as Body)),
    );

    app.delete(
      `/api/v1/users/:id/${path}/:${itemParam}`,
      {
        schema: {
          tags: ['users'],
          summary: `Delete one of a user’s ${path}: ${WHO}`,
          params: kind.paramsSchema,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const params = request.params as Params;
        await records.delete(sessionOf(request), params.id, params[itemParam]);
        return reply.code(204).send(null);
      },
    );
  };
}
