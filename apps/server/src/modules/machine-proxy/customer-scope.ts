import { Readable } from 'node:stream';
import type { MachinePathName } from '@portal/contract';
import { type BoardRequest, RR_ERR, type RrErrResponse } from '@portal/duet/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import {
  type RelayRouteOptions,
  relayCheckedUpload,
  relayRoute,
  smallBody,
} from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import {
  type CustomerDecision,
  customerScope,
  formFieldsOf,
  type ScopeBody,
} from '../machine-access/board-scopes.ts';

/** The most a DSF G-code or move request carries that the scope reads whole (DWC sends a console's worth). */
const MAX_SCOPE_BODY_BYTES = 64 * 1024;

/**
 * `relayRoute` for `/proxy/duet/{firmware}/{path}/{id}/…` on both origins, for the board request read at the edge
 * (`incomingBoardRequest`): the admin path relays any request a board answers; the customer path asks the board
 * scope first (`machine-access/board-scopes.ts`), reading DSF's G-code and move
 * bodies before they go on, and checks the lines of a file uploaded into the customer folders as they stream
 * through. Refusals are answered as the board would answer a failed operation.
 */
export async function relayBoardRoute(
  registry: TunnelRegistry,
  request: FastifyRequest,
  reply: FastifyReply,
  machinePath: MachinePathName,
  options: RelayRouteOptions & { target: 'board' },
): Promise<FastifyReply> {
  if (machinePath !== 'customer') return relayRoute(registry, request, reply, options);
  const board: BoardRequest = options.board;
  const contentType = request.headers['content-type'];

  let body: RelayRouteOptions['body'];
  let scopeBody: ScopeBody | undefined;
  const kind = board.route.body;
  if (kind === 'code' || kind === 'form') {
    const bytes = await smallBody(request, MAX_SCOPE_BODY_BYTES);
    body = { content: Readable.from([bytes]), length: bytes.length, ...(contentType && { contentType }) };
    scopeBody =
      kind === 'code'
        ? { kind, text: bytes.toString('utf8') }
        : { kind, fields: await formFieldsOf(bytes, contentType) };
  }
  const decision = customerScope(board, scopeBody);
  if (!decision.allowed) return refuseAsBoard(reply, decision, options.headers);
  if (!decision.scanUpload)
    return relayRoute(registry, request, reply, { ...options, ...(body && { body }) });

  return relayCheckedUpload(registry, request, reply, options, (refusal) =>
    refuseAsBoard(reply, { ...decision, reason: refusal.message }, options.headers),
  );
}

/**
 * A refusal in the board's own form: rr_ calls get HTTP 200 `{"err":1}`, rr_download a 404, DSF and requests no
 * Duet client makes a 403 `ADMIN_PATH_ONLY` (both with the portal's error body).
 */
function refuseAsBoard(
  reply: FastifyReply,
  decision: CustomerDecision & { reason?: string },
  headers: Record<string, string>,
): FastifyReply {
  const reason = decision.reason ?? 'This request is for the admin path';
  if (decision.answer === 'err') {
    return reply
      .code(200)
      .headers({ ...headers, 'content-type': 'application/json' })
      .send({ err: RR_ERR.failed } satisfies RrErrResponse);
  }
  throw new AppError(decision.answer === 'missing' ? 'NOT_FOUND' : 'ADMIN_PATH_ONLY', reason);
}
