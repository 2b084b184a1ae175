import { businessSchema, idParamsSchema, operatorBusinessSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/authenticate.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import type { BusinessService } from './business.service.ts';

export const businessRoutes: FastifyPluginAsyncZod<{ businesses: BusinessService }> = async (
  app,
  { businesses },
) => {
  app.get(
    '/api/v1/operator',
    {
      schema: {
        tags: ['business'],
        summary: 'The operator business shown in the footer (public)',
        security: [],
        response: { 200: operatorBusinessSchema },
      },
    },
    () => businesses.getOperator(),
  );

  app.get(
    '/api/v1/business/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['business'],
        summary: 'A business: administrators see all, everyone else their own',
        params: idParamsSchema,
        response: { 200: businessSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => businesses.getBusiness(sessionOf(request), request.params.id),
  );
};
