import { Readable } from 'node:stream';
import { slicerParamsSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../shared/app-error.ts';
import { errorResponses } from '../../shared/openapi.ts';
import {
  type BoardActivity,
  incomingBoardRequest,
  PORTAL_ORIGIN_PROXY_HEADERS,
  relayCheckedUpload,
  relayRoute,
  smallBody,
} from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { SlicerAccessService } from './slicer-access.service.ts';
import { uploadScope } from './slicer-scope.ts';

export interface SlicerRelayRoutesOptions extends Record<string, unknown> {
  registry: TunnelRegistry;
  /** The activity record, told of every request to a board. */
  activity: BoardActivity;
  service: SlicerAccessService;
  timeoutMs: number;
}

/** The most G-code a slicer's `POST machine/code` carries: one M32 or M37 line. */
const MAX_CODE_BYTES = 4096;

/** `/customer/api/v1/duet/{id}/{upload|full_control}/{token}`: the path segments before the board's own. */
const TOKEN_PREFIX_SEGMENTS = 7;

/**
 * `/customer/api/v1/duet/{id}/{upload|full_control}/{token}/…` (docs/design.md §5a): what PrusaSlicer's Duet
 * host and Cura's Duet RRF plugin send after the URL the user pasted, relayed to the board with the prefix
 * stripped. The token is the only credential (a Cura Basic header is ignored; the gateway answers
 * `rr_connect` itself, whatever the password). Bodies stream through raw whatever their Content-Type; the
 * board's `{"err":N}` answers pass as they are.
 */
export async function slicerRelayRoutes(app: FastifyInstance, options: SlicerRelayRoutesOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/customer/api/v1/duet/:id/:level/:token/*',
    schema: {
      tags: ['slicer access'],
      summary: "A slicer's request to the machine's board, authenticated by the token in the URL",
      description:
        '`upload` allows connecting, uploading into 0:/gcodes, starting or simulating that file (M32, M37) and ' +
        'reading status; `full_control` every board request. A forged, expired, revoked or replaced token is 401, ' +
        'a request outside the level 403, both with a JSON body. A token of someone outside a business that ' +
        'requires consent only reads without an open service session (403 SERVICE_SESSION_REQUIRED).',
      params: slicerParamsSchema,
      response: { ...errorResponses(400, 401, 403, 404, 502, 503, 504) },
    },
    handler: async (request, reply) => {
      const { id, level, token } = request.params;
      const grant = await options.service.authorize(token, id, level);
      const board = incomingBoardRequest(request.method, request.raw.url ?? '', TOKEN_PREFIX_SEGMENTS);
      let body: { content: Readable; length: number; contentType?: string } | undefined;
      if (grant.level === 'upload') {
        let code: string | undefined;
        if (board.route.key === 'POST /machine/code') {
          const bytes = await smallBody(request, MAX_CODE_BYTES);
          code = bytes.toString('utf8');
          const contentType = request.headers['content-type'];
          body = {
            content: Readable.from([bytes]),
            length: bytes.length,
            ...(contentType && { contentType }),
          };
        }
        const decision = uploadScope(board, code);
        if (!decision.allowed) throw new AppError('FORBIDDEN', decision.reason);
      }
      const relayOptions = {
        controllerId: grant.controllerId,
        target: 'board' as const,
        board,
        timeoutMs: options.timeoutMs,
        headers: PORTAL_ORIGIN_PROXY_HEADERS,
        actor: { userId: grant.userId, path: 'customer' as const },
        activity: options.activity,
        control: grant.control,
      };
      // The uploaded file is printed (M32) by the same token: its lines may do what the customer path allows.
      if (grant.level === 'upload' && board.route.action === 'upload') {
        return relayCheckedUpload(options.registry, request, reply, relayOptions, (refusal) => {
          throw refusal;
        });
      }
      return relayRoute(options.registry, request, reply, { ...relayOptions, ...(body && { body }) });
    },
  });
}
