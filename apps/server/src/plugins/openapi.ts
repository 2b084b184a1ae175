import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the same zod schemas that validate the routes, browsable at /api/docs.
 * Every operation needs the bearer token unless it is registered in the public scope (app.ts), which
 * marks it with an empty `security`.
 */
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
