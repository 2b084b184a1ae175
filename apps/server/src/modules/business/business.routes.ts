import {
  businessCreateBodySchema,
  businessListQuerySchema,
  businessPageSchema,
  businessSchema,
  businessUpdateBodySchema,
  idParamsSchema,
  operatorBusinessSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
    '/api/v1/business',
    {
      schema: {
        tags: ['business'],
        summary:
          'Businesses, one page sorted and filtered (name or city): administrators see all, everyone ' +
          'else a page holding only their own',
        querystring: businessListQuerySchema,
        response: { 200: businessPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => businesses.listBusinesses(sessionOf(request), request.query),
  );

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

  app.post(
    '/api/v1/business',
    {
      schema: {
        tags: ['business'],
        summary: 'Create a business (administrators)',
        body: businessCreateBodySchema,
        response: { 201: businessSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await businesses.createBusiness(sessionOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/v1/business/:id',
    {
      schema: {
        tags: ['business'],
        summary:
          'Change name, address or state (administrators). `active: false` suspends: its users cannot log ' +
          'in and their live sessions answer 403 BUSINESS_SUSPENDED at their next call; administrators are ' +
          'not affected. The operator business cannot be suspended (409).',
        params: idParamsSchema,
        body: businessUpdateBodySchema,
        response: { 200: businessSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => businesses.updateBusiness(sessionOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/business/:id',
    {
      schema: {
        tags: ['business'],
        summary:
          'Delete a business (administrators): refused with 409 while users, licences, computer ' +
          'controllers or machine groups refer to it; the operator business never',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await businesses.deleteBusiness(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
