import {
  addressCreateBodySchema,
  addressParamsSchema,
  addressSchema,
  idParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { AddressesService } from './addresses.service.ts';

const WHO = 'the user themselves, administrators, and managers of the user’s business';

export const addressesRoutes: FastifyPluginAsyncZod<{ addresses: AddressesService }> = async (
  app,
  { addresses },
) => {
  app.get(
    '/api/v1/users/:id/addresses',
    {
      schema: {
        tags: ['users'],
        summary: `A user’s addresses: ${WHO}`,
        params: idParamsSchema,
        response: { 200: z.array(addressSchema), ...errorResponses(400, 401, 404) },
      },
    },
    (request) => addresses.listAddresses(sessionOf(request), request.params.id),
  );

  app.post(
    '/api/v1/users/:id/addresses',
    {
      schema: {
        tags: ['users'],
        summary: `Add an address to a user: ${WHO}`,
        params: idParamsSchema,
        body: addressCreateBodySchema,
        response: { 201: addressSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addresses.addAddress(sessionOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/v1/users/:id/addresses/:addressId',
    {
      schema: {
        tags: ['users'],
        summary: `Delete one of a user’s addresses: ${WHO}`,
        params: addressParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await addresses.deleteAddress(sessionOf(request), request.params.id, request.params.addressId);
      return reply.code(204).send(null);
    },
  );
};
