import {
  contactCreateBodySchema,
  contactParamsSchema,
  contactSchema,
  idParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { ContactsService } from './contacts.service.ts';

const WHO = 'the user themselves, administrators, and managers of the user’s business';

export const contactsRoutes: FastifyPluginAsyncZod<{ contacts: ContactsService }> = async (
  app,
  { contacts },
) => {
  app.get(
    '/api/v1/users/:id/contacts',
    {
      schema: {
        tags: ['users'],
        summary: `A user’s contacts: ${WHO}`,
        params: idParamsSchema,
        response: { 200: z.array(contactSchema), ...errorResponses(400, 401, 404) },
      },
    },
    (request) => contacts.listContacts(sessionOf(request), request.params.id),
  );

  app.post(
    '/api/v1/users/:id/contacts',
    {
      schema: {
        tags: ['users'],
        summary: `Add a contact to a user: ${WHO}`,
        params: idParamsSchema,
        body: contactCreateBodySchema,
        response: { 201: contactSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await contacts.addContact(sessionOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/v1/users/:id/contacts/:contactId',
    {
      schema: {
        tags: ['users'],
        summary: `Delete one of a user’s contacts: ${WHO}`,
        params: contactParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await contacts.deleteContact(sessionOf(request), request.params.id, request.params.contactId);
      return reply.code(204).send(null);
    },
  );
};
