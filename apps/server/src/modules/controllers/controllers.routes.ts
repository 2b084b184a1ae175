import {
  computerControllerSchema,
  controllerCreateBodySchema,
  controllerListQuerySchema,
  controllerPageSchema,
  controllerUpdateBodySchema,
  gatewayKeySchema,
  idParamsSchema,
  includeLicenseQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { ControllersService } from './controllers.service.ts';

const tags = ['computer controllers'];

export const controllersRoutes: FastifyPluginAsyncZod<{ controllers: ControllersService }> = async (
  app,
  { controllers },
) => {
  app.get(
    '/api/v1/controller/computer',
    {
      schema: {
        tags,
        summary:
          'Computer controllers: administrators all, managers their business, others those of their groups',
        querystring: controllerListQuerySchema,
        response: { 200: controllerPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => controllers.list(sessionOf(request), request.query),
  );

  app.post(
    '/api/v1/controller/computer',
    {
      schema: {
        tags,
        summary: 'Create a computer controller (administrators)',
        body: controllerCreateBodySchema,
        response: { 201: computerControllerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await controllers.create(sessionOf(request), request.body)),
  );

  app.get(
    '/api/v1/controller/computer/:id',
    {
      schema: {
        tags,
        summary: 'A computer controller the caller sees; include_license=true adds its licence',
        params: idParamsSchema,
        querystring: includeLicenseQuerySchema,
        response: { 200: computerControllerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => controllers.get(sessionOf(request), request.params.id, request.query.include_license),
  );

  app.put(
    '/api/v1/controller/computer/:id',
    {
      schema: {
        tags,
        summary: 'Name and licence of a computer controller (administrators); null unbinds the licence',
        params: idParamsSchema,
        body: controllerUpdateBodySchema,
        response: { 200: computerControllerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => controllers.update(sessionOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/controller/computer/:id',
    {
      schema: {
        tags,
        summary: 'Delete a computer controller no machine group uses (administrators)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await controllers.delete(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/controller/computer/:id/key',
    {
      schema: {
        tags,
        summary:
          'Generate the gateway key (administrators): shown once, stored as a hash; the previous key stops working',
        params: idParamsSchema,
        response: { 201: gatewayKeySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await controllers.generateKey(sessionOf(request), request.params.id)),
  );
};
