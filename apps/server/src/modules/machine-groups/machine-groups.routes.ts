import {
  idParamsSchema,
  machineGroupCompositionBodySchema,
  machineGroupCreateBodySchema,
  machineGroupListQuerySchema,
  machineGroupPageSchema,
  machineGroupSchema,
  machineGroupUpdateBodySchema,
  machineGroupUserSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { MachineGroupsService } from './machine-groups.service.ts';

const tags = ['machine groups'];

export const machineGroupsRoutes: FastifyPluginAsyncZod<{ groups: MachineGroupsService }> = async (
  app,
  { groups },
) => {
  app.get(
    '/api/v1/machinegroup',
    {
      schema: {
        tags,
        summary: 'Machine groups: administrators all, managers their business, others those assigned',
        querystring: machineGroupListQuerySchema,
        response: { 200: machineGroupPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => groups.list(sessionOf(request), request.query),
  );

  app.post(
    '/api/v1/machinegroup',
    {
      schema: {
        tags,
        summary: 'Create a machine group (administrators)',
        body: machineGroupCreateBodySchema,
        response: { 201: machineGroupSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await groups.create(sessionOf(request), request.body)),
  );

  app.get(
    '/api/v1/machinegroup/:id',
    {
      schema: {
        tags,
        summary: 'A machine group the caller sees',
        params: idParamsSchema,
        response: { 200: machineGroupSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => groups.get(sessionOf(request), request.params.id),
  );

  app.put(
    '/api/v1/machinegroup/:id',
    {
      schema: {
        tags,
        summary: 'Name, location, description (whoever sees it); firmware and business (administrators)',
        params: idParamsSchema,
        body: machineGroupUpdateBodySchema,
        response: { 200: machineGroupSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => groups.update(sessionOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/v1/machinegroup/:id/composition',
    {
      schema: {
        tags,
        summary: 'Machine type and computer controller of a machine group (administrators)',
        params: idParamsSchema,
        body: machineGroupCompositionBodySchema,
        response: { 200: machineGroupSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => groups.setComposition(sessionOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/v1/machinegroup/:id/users',
    {
      schema: {
        tags,
        summary: 'The users with access to a machine group',
        params: idParamsSchema,
        response: { 200: z.array(machineGroupUserSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => groups.usersOf(sessionOf(request), request.params.id),
  );

  app.delete(
    '/api/v1/machinegroup/:id',
    {
      schema: {
        tags,
        summary: 'Delete a machine group and its assignments (administrators)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await groups.delete(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
