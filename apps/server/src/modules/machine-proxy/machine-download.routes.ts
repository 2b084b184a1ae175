import {
  downloadQuerySchema,
  downloadTicketBodySchema,
  downloadTicketSchema,
  errorBodySchema,
  idParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { MachineDownloadService } from './machine-download.service.ts';

export interface MachineDownloadRoutesOptions extends Record<string, unknown> {
  downloads: MachineDownloadService;
}

const tags = ['machine proxy'];

/**
 * A board file saved by the browser itself (docs/machine-origins.md): the SPA asks for a one-minute ticket
 * naming the machine, its path and the file, then follows the link the ticket is part of.
 */
export const machineDownloadTicketRoute: FastifyPluginAsyncZod<MachineDownloadRoutesOptions> = async (
  app,
  { downloads },
) => {
  app.post(
    '/api/v1/machines/:id/download',
    {
      schema: {
        tags,
        summary: 'A one-minute link that downloads one file of the machine’s board',
        description:
          'On the customer path the G-code of 0:/sys (configuration, passwords) is 403 ADMIN_PATH_ONLY ' +
          '(docs/board-access.md).',
        params: idParamsSchema,
        body: downloadTicketBodySchema,
        response: { 200: downloadTicketSchema, 400: errorBodySchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => downloads.link(sessionOf(request), request.params.id, request.body),
  );
};

/** The ticket's link: public (a link has no bearer), checked against the ticket, its session and access. */
export const machineDownloadRoutes: FastifyPluginAsyncZod<MachineDownloadRoutesOptions> = async (
  app,
  { downloads },
) => {
  app.get(
    '/api/v1/machines/:id/download',
    {
      schema: {
        tags,
        summary: 'Downloads the board file a download ticket names, as an attachment',
        description:
          'The ticket comes from `POST /api/v1/machines/{id}/download`. The file streams from the board with ' +
          '`Content-Disposition: attachment` and a sandboxing CSP. 404 when the board has no such file.',
        params: idParamsSchema,
        querystring: downloadQuerySchema,
        response: { ...errorResponses(400, 401, 403, 404, 502, 503, 504) },
      },
    },
    async (request, reply) => {
      const file = await downloads.open(request.params.id, request.query.ticket, request.raw);
      return reply
        .code(200)
        .headers(file.headers)
        .send(file.body as never);
    },
  );
};
