import {
  errorBodySchema,
  idParamsSchema,
  panelTicketBodySchema,
  panelTicketSchema,
  proxyParamsSchema,
  webcamStreamSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MachineOrigins } from '../../shared/machine-origins.ts';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import {
  type BoardActivity,
  boardPathOf,
  PORTAL_ORIGIN_PROXY_HEADERS,
} from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import { relayBoardRoute } from './customer-scope.ts';
import { machineDownloadTicketRoute } from './machine-download.routes.ts';
import type { MachineDownloadService } from './machine-download.service.ts';
import type { MachineTokens } from './machine-tokens.ts';

export interface MachineProxyRoutesOptions extends Record<string, unknown> {
  registry: TunnelRegistry;
  /** The activity record, told of every request to a board. */
  activity: BoardActivity;
  access: MachineAccessService;
  tokens: MachineTokens;
  /** Board files downloaded through a ticket link. */
  downloads: MachineDownloadService;
  timeoutMs: number;
  /** Each machine's own origin, where its control panel and webcam are served. */
  origins: MachineOrigins;
}

const tags = ['machine proxy'];

/** `/proxy/duet/…` on the portal's origin, with the bearer token; bodies stream through unparsed. */
async function portalProxyRoutes(app: FastifyInstance, options: MachineProxyRoutesOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/proxy/duet/:firmware/:path/:id/*',
    schema: {
      tags,
      summary: "A request to the machine's board through its gateway",
      description:
        '`customer` needs access to the machine group and a valid licence, and runs the machine only ' +
        '(docs/board-access.md: a refused rr_ call answers `{"err":1}`, rr_download 404, anything else 403 ' +
        'ADMIN_PATH_ONLY); `admin` is for administrators. ' +
        'The board answer passes through unchanged (its `{"err":N}` bodies and its own 503 included), with ' +
        '`Content-Security-Policy: sandbox`. 502 when the gateway is offline, 503/504 when the board is. ' +
        'Someone outside a business that requires consent, without an open service session, only reads: a ' +
        'change (G-code, upload, delete, move, new folder) or any request not known to read is 403 ' +
        'SERVICE_SESSION_REQUIRED.',
      params: proxyParamsSchema,
      response: { ...errorResponses(400, 401, 403, 404, 502, 503, 504) },
    },
    handler: async (request, reply) => {
      const { id, path } = request.params;
      const session = sessionOf(request);
      const reach = await options.access.reach(session, id, path);
      return relayBoardRoute(options.registry, request, reply, path, {
        actor: { userId: session.id, path, sessionId: session.sessionId },
        activity: options.activity,
        control: reach.control,
        controllerId: id,
        target: 'board',
        path: boardPathOf(request.params['*'], request.raw.url),
        timeoutMs: options.timeoutMs,
        headers: PORTAL_ORIGIN_PROXY_HEADERS,
      });
    },
  });
}

/** The ticket that opens a machine's control panel, and the webcam's address, on the machine origin. */
const panelRoutes: FastifyPluginAsyncZod<MachineProxyRoutesOptions> = async (app, options) => {
  app.post(
    '/api/v1/machines/:id/panel',
    {
      schema: {
        tags,
        summary: "A one-minute ticket opening the machine's control panel on the machine's own origin",
        params: idParamsSchema,
        body: panelTicketBodySchema,
        response: { 200: panelTicketSchema, 400: errorBodySchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { id } = request.params;
      const { path, firmware, language } = request.body;
      // The control panel is control: outside staff of a business requiring consent need a service session.
      await options.access.control(session, id, path);
      const { ticket, expiresAt } = await options.tokens.ticket({
        userId: session.id,
        sessionId: session.sessionId,
        controllerId: id,
        path,
      });
      const url = new URL(`/proxy/duet/${firmware}/${path}/${id}/`, options.origins.originOf(id));
      url.searchParams.set('ticket', ticket);
      if (language) url.searchParams.set('lang', language);
      return { url: url.toString(), expiresAt };
    },
  );

  app.get(
    '/api/v1/machines/:id/webcam',
    {
      schema: {
        tags,
        summary:
          "Where the machine's webcam streams on the machine's own origin (the page adds its video_token)",
        description:
          'Checked like the webcam relay itself: whoever sees the machine group, with a valid licence ' +
          'unless an administrator.',
        params: idParamsSchema,
        response: { 200: webcamStreamSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      // The relay on the machine origin checks the customer path for everyone (administrators pass any licence).
      await options.access.reach(sessionOf(request), id, 'customer');
      const url = new URL(`/proxy/webcam/${id}/`, options.origins.originOf(id));
      url.searchParams.set('action', 'stream');
      return { url: url.toString() };
    },
  );
};

export async function machineProxyRoutes(app: FastifyInstance, options: MachineProxyRoutesOptions) {
  await app.register(portalProxyRoutes, options);
  await app.register(panelRoutes, options);
  await app.register(machineDownloadTicketRoute, options);
}
