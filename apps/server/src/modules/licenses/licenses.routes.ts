import {
  idParamsSchema,
  includeComputerQuerySchema,
  licenseActivateBodySchema,
  licenseCreateBodySchema,
  licenseListQuerySchema,
  licensePageSchema,
  licenseSchema,
  licenseUpdateBodySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { LicensesService } from './licenses.service.ts';

const TAGS = ['licenses'];

export const licensesRoutes: FastifyPluginAsyncZod<{ licenses: LicensesService }> = async (
  app,
  { licenses },
) => {
  app.get(
    '/api/v1/licenses',
    {
      schema: {
        tags: TAGS,
        summary:
          'Licences, one page sorted and filtered (id, bound controller or business name): administrators ' +
          'see all, everyone else their business’s. `include_computer=true` adds the controller’s name.',
        querystring: licenseListQuerySchema,
        response: { 200: licensePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => licenses.listLicenses(sessionOf(request), request.query),
  );

  app.get(
    '/api/v1/business/:id/licenses',
    {
      schema: {
        tags: TAGS,
        summary:
          'The licences of one business, one page (same query as `GET /api/v1/licenses`); another ' +
          'business answers 404',
        params: idParamsSchema,
        querystring: licenseListQuerySchema,
        response: { 200: licensePageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => licenses.listBusinessLicenses(sessionOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/v1/licenses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A licence: `expiry` is a duration, `activation` epoch milliseconds or null',
        params: idParamsSchema,
        querystring: includeComputerQuerySchema,
        response: { 200: licenseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => licenses.getLicense(sessionOf(request), request.params.id, request.query.include_computer),
  );

  app.post(
    '/api/v1/licenses',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a licence of a business, not yet activated (administrators)',
        body: licenseCreateBodySchema,
        response: { 201: licenseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await licenses.createLicense(sessionOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/v1/licenses/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Change expiry, business and activation (administrators); a licence bound to a controller ' +
          'cannot move to another business (409)',
        params: idParamsSchema,
        body: licenseUpdateBodySchema,
        response: { 200: licenseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => licenses.updateLicense(sessionOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/licenses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a licence (administrators); one bound to a computer controller answers 409',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await licenses.deleteLicense(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/v1/licenses/:id/activate',
    {
      schema: {
        tags: TAGS,
        summary:
          'Activate a licence and bind it to a computer controller of its business (administrators): ' +
          'never activated, it starts now; already activated, it keeps its start. The controller’s ' +
          'previous licence is unbound.',
        params: idParamsSchema,
        body: licenseActivateBodySchema,
        response: { 200: licenseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => licenses.activateLicense(sessionOf(request), request.params.id, request.body.computer),
  );
};
