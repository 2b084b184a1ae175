import { apiTokenParamsSchema, apiTokenRequestSchema, apiTokenSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { SlicerAccessService } from './slicer-access.service.ts';

const tags = ['slicer access'];

/**
 * The token calls of docs/product.md §7 "Tokens"; `{id}` is the computer controller's id, as in the proxy.
 */
export const slicerTokenRoutes: FastifyPluginAsyncZod<{ service: SlicerAccessService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/v1/customer/printer/duet/:id/token',
    {
      schema: {
        tags,
        summary: "A slicer token for the controller's machine; the user's earlier token for it stops working",
        description:
          'The token is signed, not stored, and expires six months after generation. `full_control` is for ' +
          'administrators only; the user must reach the machine, its business be active and its licence valid.',
        params: apiTokenParamsSchema,
        body: apiTokenRequestSchema,
        response: { 200: apiTokenSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.create(sessionOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/customer/tokens/invalidate',
    {
      schema: {
        tags,
        summary: 'Revokes every slicer token of the current user',
        response: { 200: z.object({ revoked: z.literal(true) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await service.revokeAll(sessionOf(request));
      return { revoked: true as const };
    },
  );
};
