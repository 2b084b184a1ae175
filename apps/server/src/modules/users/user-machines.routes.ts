import {
  idParamsSchema,
  machineGroupSchema,
  userMachineBodySchema,
  userMachineParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { UserMachinesService } from './user-machines.service.ts';

const WHO = 'administrators for anyone, managers for their business’s users and machine groups';

export const userMachinesRoutes: FastifyPluginAsyncZod<{ machines: UserMachinesService }> = async (
  app,
  { machines },
) => {
  app.get(
    '/api/v1/users/:id/machines',
    {
      schema: {
        tags: ['users'],
        summary:
          'The machine groups a user has access to, for whoever sees the user, within the machine groups ' +
          'the caller sees',
        params: idParamsSchema,
        response: { 200: z.array(machineGroupSchema), ...errorResponses(400, 401, 404) },
      },
    },
    (request) => machines.listMachines(sessionOf(request), request.params.id),
  );

  app.post(
    '/api/v1/users/:id/machines',
    {
      schema: {
        tags: ['users'],
        summary: `Give a user access to a machine group (201; 200 when they had it already): ${WHO}`,
        params: idParamsSchema,
        body: userMachineBodySchema,
        response: {
          200: machineGroupSchema,
          201: machineGroupSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { machineGroup, added } = await machines.addMachine(
        sessionOf(request),
        request.params.id,
        request.body.machine,
      );
      return reply.code(added ? 201 : 200).send(machineGroup);
    },
  );

  app.delete(
    '/api/v1/users/:id/machines/:machineId',
    {
      schema: {
        tags: ['users'],
        summary: `Remove a user’s access to a machine group; answers true: ${WHO}`,
        params: userMachineParamsSchema,
        response: { 200: z.literal(true), ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => machines.removeMachine(sessionOf(request), request.params.id, request.params.machineId),
  );
};
