import { businessSchema, idParamsSchema, operatorBusinessSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { BusinessService } from './business.service.ts';

type Options = { businesses: BusinessService };

export const businessPublicRoutes: FastifyPluginAsyncZod<Options> = async (app, { businesses }) => {
  app.get(
    '/api/v1/operator',
    {
      schema: {
        tags: ['business'],
        summary: 'The operator business shown in the footer',
        response: { 200: operatorBusinessSchema },
      },
    },
    () => businesses.getOperator(),
  );
};

export const businessRoutes: FastifyPluginAsyncZod<Options> = async (app, { businesses }) => {
  app.get(
    '/api/v1/business/:id',
    {
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
