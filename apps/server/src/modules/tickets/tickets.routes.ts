import {
  idParamsSchema,
  licenceRenewalBodySchema,
  ticketAnswerBodySchema,
  ticketAnswerSchema,
  ticketAuthorSchema,
  ticketCreateBodySchema,
  ticketCreatedSchema,
  ticketListQuerySchema,
  ticketPageSchema,
  ticketSchema,
  ticketUpdateBodySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { TicketsService } from './tickets.service.ts';

const tags = ['tickets'];

export const ticketsRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (app, { tickets }) => {
  app.get(
    '/api/v1/tickets',
    {
      schema: {
        tags,
        summary: 'Tickets: administrators all, managers their business, others theirs and their machines',
        querystring: ticketListQuerySchema,
        response: { 200: ticketPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => tickets.list(sessionOf(request), request.query),
  );

  app.post(
    '/api/v1/tickets',
    {
      schema: {
        tags,
        summary: 'Open a ticket about a machine group the caller sees',
        body: ticketCreateBodySchema,
        response: { 201: ticketCreatedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await tickets.create(sessionOf(request), request.body)),
  );

  app.post(
    '/api/v1/machinegroup/:id/licence-renewal',
    {
      schema: {
        tags,
        summary: "Ask the operator to renew a machine group's licence: a ticket the server writes",
        params: idParamsSchema,
        body: licenceRenewalBodySchema,
        response: {
          200: ticketCreatedSchema,
          201: ticketCreatedSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { id, created } = await tickets.requestLicenceRenewal(
        sessionOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send({ id });
    },
  );

  app.get(
    '/api/v1/tickets/:id',
    {
      schema: {
        tags,
        summary: 'A ticket the caller sees',
        params: idParamsSchema,
        response: { 200: ticketSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => tickets.get(sessionOf(request), request.params.id),
  );

  app.put(
    '/api/v1/tickets/:id',
    {
      schema: {
        tags,
        summary: 'Close or reopen a ticket',
        params: idParamsSchema,
        body: ticketUpdateBodySchema,
        response: { 200: ticketSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => tickets.setOpen(sessionOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/tickets/:id',
    {
      schema: {
        tags,
        summary: 'Delete a ticket and its thread (administrators)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await tickets.delete(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/tickets/:id/answers',
    {
      schema: {
        tags,
        summary: 'The thread of a ticket, oldest first',
        params: idParamsSchema,
        response: { 200: z.array(ticketAnswerSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => tickets.answersOf(sessionOf(request), request.params.id),
  );

  app.post(
    '/api/v1/tickets/:id/answers',
    {
      schema: {
        tags,
        summary: 'Answer a ticket; answers the whole thread',
        params: idParamsSchema,
        body: ticketAnswerBodySchema,
        response: { 201: z.array(ticketAnswerSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await tickets.answer(sessionOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/v1/tickets/:id/authors',
    {
      schema: {
        tags,
        summary: 'Who wrote the ticket or its answers (users since deleted are left out)',
        params: idParamsSchema,
        response: { 200: z.array(ticketAuthorSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => tickets.authorsOf(sessionOf(request), request.params.id),
  );
};
