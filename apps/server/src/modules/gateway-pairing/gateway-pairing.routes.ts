import {
  computerControllerSchema,
  gatewayPackageParamsSchema,
  gatewayPackagesSchema,
  idParamsSchema,
  pairingClaimBodySchema,
} from '@portal/contract';
import {
  PAIRING_PATH,
  PAIRING_STATUS_PATH,
  pairingIssuedSchema,
  pairingRequestSchema,
  pairingStatusRequestSchema,
  pairingStatusSchema,
} from '@portal/tunnel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { GatewayPairingService } from './gateway-pairing.service.ts';

const tags = ['gateway pairing'];

/** What a gateway without a key calls: it has no session, and proves itself by the key it made. */
export const gatewayPairingPublicRoutes: FastifyPluginAsyncZod<{ pairing: GatewayPairingService }> = async (
  app,
  { pairing },
) => {
  app.post(
    PAIRING_PATH,
    {
      schema: {
        tags,
        summary:
          "A gateway without a key asks for a pairing code, sending its own key's SHA-256; the code lives ten " +
          'minutes, codes are limited per address',
        body: pairingRequestSchema,
        response: { 201: pairingIssuedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await pairing.issue(request.body, request.ip)),
  );

  app.post(
    PAIRING_STATUS_PATH,
    {
      schema: {
        tags,
        summary:
          'Whether a pairing code was claimed, asked with the key whose hash asked for it: its controller and the ' +
          "board's and webcam's addresses once it was",
        body: pairingStatusRequestSchema,
        response: { 200: pairingStatusSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => pairing.status(request.body.code, request.body.key),
  );
};

export const gatewayPairingRoutes: FastifyPluginAsyncZod<{ pairing: GatewayPairingService }> = async (
  app,
  { pairing },
) => {
  app.post(
    '/api/v1/controller/computer/:id/pairing',
    {
      schema: {
        tags: ['computer controllers'],
        summary:
          'Pair the gateway showing `code` with this controller (administrators): its own key replaces the ' +
          'previous one, and it learns the board and webcam addresses. Claims are limited per user and address',
        params: idParamsSchema,
        body: pairingClaimBodySchema,
        response: { 200: computerControllerSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const controller = await pairing.claim(sessionOf(request), request.params.id, request.body, request.ip);
      request.activitySubject = {
        controllerId: controller.id,
        businessId: controller.business,
        ticketId: null,
      };
      return controller;
    },
  );

  app.get(
    '/api/v1/gateway/packages',
    {
      schema: {
        tags: ['gateway pairing'],
        summary:
          "The gateway's packages to download (administrators): the newest version's Debian and npm packages",
        response: { 200: gatewayPackagesSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => pairing.packages(sessionOf(request)),
  );

  app.get(
    '/api/v1/gateway/packages/:file',
    {
      schema: {
        tags: ['gateway pairing'],
        summary: "One of the gateway's packages, by the name the list gives (administrators)",
        params: gatewayPackageParamsSchema,
        // The file is streamed as it is read: no schema of its own.
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const opened = await pairing.openPackage(sessionOf(request), request.params.file);
      return reply
        .type(opened.type)
        .header('content-length', String(opened.bytes))
        .header('content-disposition', `attachment; filename="${request.params.file}"`)
        .send(opened.stream as never);
    },
  );
};
