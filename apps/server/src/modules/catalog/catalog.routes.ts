import { catalogEntryBodySchema, catalogEntrySchema, idParamsSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { CatalogDefinition } from './catalog.definitions.ts';
import type { CatalogService } from './catalog.service.ts';

type Options = { definition: CatalogDefinition; entries: CatalogService };

/** List, read, create, update and delete of one catalogue at the paths its definition gives. */
export const catalogRoutes: FastifyPluginAsyncZod<Options> = async (app, { definition, entries }) => {
  const { label, listPath, itemPath, deletePath } = definition;
  const tags = ['catalog'];

  app.get(
    listPath,
    {
      schema: {
        tags,
        summary: `Every ${label.toLowerCase()}, in id order (any signed-in user)`,
        response: { 200: z.array(catalogEntrySchema), ...errorResponses(401, 403) },
      },
    },
    () => entries.listEntries(),
  );

  app.get(
    itemPath,
    {
      schema: {
        tags,
        summary: `A ${label.toLowerCase()} (any signed-in user)`,
        params: idParamsSchema,
        response: { 200: catalogEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => entries.getEntry(request.params.id),
  );

  app.post(
    listPath,
    {
      schema: {
        tags,
        summary: `Create a ${label.toLowerCase()} (administrators)`,
        body: catalogEntryBodySchema,
        response: { 201: catalogEntrySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await entries.createEntry(sessionOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    itemPath,
    {
      schema: {
        tags,
        summary: [`Update a ${label.toLowerCase()} (administrators).`, definition.updateNote]
          .filter(Boolean)
          .join(' '),
        params: idParamsSchema,
        body: catalogEntryBodySchema,
        response: { 200: catalogEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => entries.updateEntry(sessionOf(request), request.params.id, request.body),
  );

  app.delete(
    deletePath,
    {
      schema: {
        tags,
        summary: `Delete a ${label.toLowerCase()} (administrators); one in use answers 409`,
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await entries.deleteEntry(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
