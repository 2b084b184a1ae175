import {
  idParamsSchema,
  type ServiceSession,
  serviceConsentAnswerSchema,
  serviceConsentSchema,
  serviceSessionDecisionBodySchema,
  serviceSessionListSchema,
  serviceSessionQuerySchema,
  serviceSessionRequestBodySchema,
  serviceSessionSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ActivitySubject } from '../../shared/activity-subject.ts';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { ServiceSessionsService } from './service-sessions.service.ts';

const tags = ['service sessions'];

/** The activity record files a session's request, decision and end under its machine, business and ticket. */
function recordedUnder(request: FastifyRequest, session: ServiceSession): ServiceSession {
  const subject: ActivitySubject = {
    controllerId: session.controller,
    businessId: session.business,
    ticketId: session.ticket,
  };
  request.activitySubject = subject;
  return session;
}

export const serviceSessionsRoutes: FastifyPluginAsyncZod<{ service: ServiceSessionsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/v1/service-sessions',
    {
      schema: {
        tags,
        summary: 'Service sessions the caller sees, newest first',
        description:
          'Administrators see all; others those they asked for and those about machines they see; managers ' +
          "every one of their business's. `awaiting=true`: only the requests the caller may decide.",
        querystring: serviceSessionQuerySchema,
        response: { 200: serviceSessionListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(sessionOf(request), request.query),
  );

  app.post(
    '/api/v1/tickets/:id/service-sessions',
    {
      schema: {
        tags,
        summary: "Ask the machine's business for a service session, from a ticket about it",
        description:
          "Administrators and technicians outside the machine's business; one requested or open session per " +
          "person and machine (409 SERVICE_SESSION_OPEN). Its managers and the ticket's customer are told.",
        params: idParamsSchema,
        body: serviceSessionRequestBodySchema,
        response: { 201: serviceSessionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const session = await service.request(sessionOf(request), request.params.id, request.body);
      return reply.code(201).send(recordedUnder(request, session));
    },
  );

  app.post(
    '/api/v1/service-sessions/:id/decision',
    {
      schema: {
        tags,
        summary: 'Accept or reject a requested session',
        description:
          "The business's managers, and the customer of the business who wrote the ticket. An accepted session " +
          'is open from now for its hours; 409 SERVICE_SESSION_CLOSED once it was decided or withdrawn.',
        params: idParamsSchema,
        body: serviceSessionDecisionBodySchema,
        response: { 200: serviceSessionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      recordedUnder(request, await service.decide(sessionOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/v1/service-sessions/:id/end',
    {
      schema: {
        tags,
        summary: 'End an open session early, or withdraw a request',
        description:
          "Anyone of the business, or the requester, ends an open session: that person's control panels and " +
          'board sockets on the machine close at once. The requester withdraws a request not yet decided.',
        params: idParamsSchema,
        response: { 200: serviceSessionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => recordedUnder(request, await service.end(sessionOf(request), request.params.id)),
  );

  app.get(
    '/api/v1/business/:id/service-consent',
    {
      schema: {
        tags,
        summary: "Whether the business's machines need a service session for outside staff to control them",
        params: idParamsSchema,
        response: { 200: serviceConsentAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.consent(sessionOf(request), request.params.id),
  );

  app.put(
    '/api/v1/business/:id/service-consent',
    {
      schema: {
        tags,
        summary: "Require consent, or stop requiring it (the business's managers)",
        params: idParamsSchema,
        body: serviceConsentSchema,
        response: { 200: serviceConsentAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      request.activitySubject = { controllerId: null, businessId: id, ticketId: null };
      return service.setConsent(sessionOf(request), id, request.body);
    },
  );
};
