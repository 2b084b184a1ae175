import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBodySchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request; `message` maps each field to its messages',
  401: 'Missing, invalid or expired session, or wrong credentials',
  403: 'Not allowed: disabled account, suspended business or missing role',
  404: 'Not found, or not visible to this user',
  429: 'Too many attempts; see Retry-After',
};

/** The error answers a route may give, for its OpenAPI description. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, errorBodySchema.describe(DESCRIPTIONS[status] ?? 'Error')]),
  );
}

/** OpenAPI generated from the same zod schemas that validate the routes, browsable at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Machine support portal API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No validator badge: it would make every reader's browser call an outside service.
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    // Swagger UI sets inline styles; scripts stay as strict as on the rest of the portal.
    transformStaticCSP: () =>
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
      "font-src 'self' data:; frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
  });
});
