import {
  downloadQuerySchema,
  downloadTicketBodySchema,
  downloadTicketSchema,
  errorBodySchema,
  idParamsSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, unauthenticated } from '../../shared/app-error.ts';
import { errorResponses } from '../../shared/openapi.ts';
import { type SessionSubject, sessionOf } from '../../shared/session.ts';
import { PORTAL_ORIGIN_PROXY_HEADERS, relay } from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { customerMayRead } from '../machine-access/board-scopes.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import type { MachineTokens } from './machine-tokens.ts';

interface DownloadRoutesOptions extends Record<string, unknown> {
  registry: TunnelRegistry;
  access: MachineAccessService;
  tokens: MachineTokens;
  timeoutMs: number;
}

export interface MachineDownloadRoutesOptions extends DownloadRoutesOptions {
  /** The session behind a ticket must still be live (logging out ends its downloads too). */
  checkSession: (claims: { id: number; sid: string }) => Promise<SessionSubject>;
}

const tags = ['machine proxy'];
const downloadUrl = (controllerId: number) => `/api/v1/machines/${controllerId}/download`;

/**
 * A board file saved by the browser itself, so a file of any size streams to disk (docs/machine-origins.md): a plain link
 * cannot carry the bearer token, so the SPA first asks for a one-minute ticket naming the machine, its path and
 * the file, then follows the link the ticket is part of.
 */
export const machineDownloadTicketRoute: FastifyPluginAsyncZod<DownloadRoutesOptions> = async (
  app,
  options,
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
    async (request) => {
      const session = sessionOf(request);
      const { id } = request.params;
      const { path, name } = request.body;
      await options.access.reach(session, id, path);
      if (path === 'customer' && !customerMayRead(name)) {
        throw new AppError('ADMIN_PATH_ONLY', 'The G-code of 0:/sys is read on the admin path only');
      }
      const { ticket, expiresAt } = await options.tokens.downloadTicket({
        userId: session.id,
        sessionId: session.sessionId,
        controllerId: id,
        path,
        name,
      });
      return { url: `${downloadUrl(id)}?ticket=${encodeURIComponent(ticket)}`, expiresAt };
    },
  );
};

/** The ticket's link: public (a link has no bearer), checked against the ticket, its session and access. */
export const machineDownloadRoutes: FastifyPluginAsyncZod<MachineDownloadRoutesOptions> = async (
  app,
  options,
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
      const { id } = request.params;
      const grant = await options.tokens.redeemDownload(request.query.ticket);
      if (grant.controllerId !== id) throw unauthenticated('Not for this machine');
      const subject = await options.checkSession({ id: grant.userId, sid: grant.sessionId });
      await options.access.reach(subject, id, grant.path);
      const answer = await relay(options.registry, {
        controllerId: id,
        target: 'board',
        method: 'GET',
        path: `/rr_download?name=${encodeURIComponent(grant.name)}`,
        incoming: request.raw,
        timeoutMs: options.timeoutMs,
      });
      if (answer.status !== 200) {
        answer.body.destroy();
        // RRF answers a missing file with 404; anything else is the board failing to serve it.
        throw answer.status === 404
          ? new AppError('NOT_FOUND', 'The board has no such file')
          : new AppError('BOARD_OFFLINE', `The board answered ${answer.status}`);
      }
      return reply
        .code(200)
        .headers({
          ...answer.headers,
          ...PORTAL_ORIGIN_PROXY_HEADERS,
          'content-disposition': attachmentDisposition(grant.name),
        })
        .send(answer.body as never);
    },
  );
};

/**
 * `attachment` with the file's own name (its last path segment): a plain-ASCII `filename` for old clients and
 * the exact name in RFC 5987's `filename*`.
 */
export function attachmentDisposition(boardPath: string): string {
  const name = boardPath.slice(boardPath.lastIndexOf('/') + 1) || 'download';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
