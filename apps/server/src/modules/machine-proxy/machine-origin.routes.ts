import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { fastifyCookie } from '@fastify/cookie';
import { type MachinePathName, proxyParamsSchema } from '@portal/contract';
import { websocketAccept } from '@portal/tunnel';
import type { FastifyInstance } from 'fastify';
import { AppError, unauthenticated } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { refuseUpgrade } from '../gateway/tunnel-endpoint.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import { answerHeadOf } from './board-relay.ts';
import type { MachineGrant, MachineTokens } from './machine-tokens.ts';
import { boardPathOf, relayRoute } from './relay-route.ts';

export interface MachineOriginRoutesOptions {
  registry: TunnelRegistry;
  access: MachineAccessService;
  tokens: MachineTokens;
  /** The session behind a machine credential must still be live (logout ends the frame too). */
  checkSession: (claims: { id: number; sid: string }) => Promise<SessionSubject>;
  sessionTtlSeconds: number;
  timeoutMs: number;
  /** Cookies get `Secure` when the machine origin is served over https. */
  secureCookies: boolean;
}

const COOKIE = 'machine_access';
const PROXY_PATH = /^\/proxy\/duet\/([^/]+)\/([^/]+)\/([^/]+)\/(.*)$/;

/**
 * The machine origin (DESIGN.md §5): board pages run here, never on the portal's origin. A frame enters with
 * the portal's one-minute ticket, traded for an HttpOnly cookie scoped to that one machine's path; every
 * later request of the page (and its object-model WebSocket) carries the cookie, and is checked again.
 */
export async function machineOriginRoutes(app: FastifyInstance, options: MachineOriginRoutesOptions) {
  await app.register(fastifyCookie);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const enter = async (grant: MachineGrant, controllerId: number, path: MachinePathName) => {
    if (grant.controllerId !== controllerId || grant.path !== path)
      throw unauthenticated('Not for this machine');
    const subject = await options.checkSession({ id: grant.userId, sid: grant.sessionId });
    await options.access.reach(subject, controllerId, path);
    return subject;
  };

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/proxy/duet/:firmware/:path/:id/*',
    handler: async (request, reply) => {
      const params = proxyParamsSchema.safeParse(request.params);
      if (!params.success) throw new AppError('NOT_FOUND');
      const { firmware, path, id } = params.data;
      const scope = `/proxy/duet/${firmware}/${path}/${id}/`;
      const query = new URL(request.url, 'http://machine').searchParams;
      const ticket = query.get('ticket');
      if (ticket !== null && request.method === 'GET') {
        const grant = await options.tokens.verifyTicket(ticket);
        await enter(grant, id, path);
        reply.setCookie(COOKIE, await options.tokens.access(grant, options.sessionTtlSeconds), {
          path: scope,
          httpOnly: true,
          sameSite: 'strict',
          secure: options.secureCookies,
        });
        query.delete('ticket');
        const rest = query.size ? `?${query}` : '';
        return reply.redirect(`/proxy/duet/${firmware}/${path}/${id}/${params.data['*']}${rest}`, 303);
      }
      const token = request.cookies[COOKIE];
      if (!token) throw unauthenticated('Open the control panel from the portal');
      await enter(await options.tokens.verifyAccess(token), id, path);
      return relayRoute(options.registry, request, reply, {
        controllerId: id,
        target: 'board',
        path: boardPathOf(params.data['*'], request.raw.url),
        timeoutMs: options.timeoutMs,
        headers: { 'cache-control': 'no-store' },
      });
    },
  });

  // Board WebSockets (DSF's /machine object-model socket) ride an extended-CONNECT stream through the tunnel.
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    upgradeToBoard(request, socket, head).catch((error: unknown) => {
      const failure = error instanceof AppError ? error : new AppError('GATEWAY_OFFLINE');
      refuseUpgrade(socket, failure.statusCode, failure.code, failure.message);
    });
  });

  async function upgradeToBoard(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://machine');
    const match = PROXY_PATH.exec(url.pathname);
    const key = request.headers['sec-websocket-key'];
    const params = proxyParamsSchema.safeParse({
      firmware: match?.[1],
      path: match?.[2],
      id: match?.[3],
      '*': match?.[4],
    });
    if (!params.success || typeof key !== 'string') throw new AppError('NOT_FOUND');
    const token = fastifyCookie.parse(request.headers.cookie ?? '')[COOKIE];
    if (!token) throw unauthenticated();
    await enter(await options.tokens.verifyAccess(token), params.data.id, params.data.path);
    const stream = options.registry.open(params.data.id, {
      method: 'CONNECT',
      protocol: 'websocket',
      target: 'board',
      path: `/${params.data['*']}${url.search}`,
      waitMs: options.timeoutMs,
    });
    if (!stream) throw new AppError('GATEWAY_OFFLINE');
    stream.on('error', () => socket.destroy());
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const answer = await answerHeadOf(stream, timeout).catch(() => {
      stream.close();
      throw new AppError(timeout.aborted ? 'BOARD_TIMEOUT' : 'GATEWAY_OFFLINE');
    });
    if (answer[':status'] !== 200) {
      stream.close();
      throw new AppError(answer[':status'] === 504 ? 'BOARD_TIMEOUT' : 'BOARD_OFFLINE');
    }
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${websocketAccept(key)}\r\n\r\n`,
    );
    if (head.length) stream.write(head);
    socket.pipe(stream).pipe(socket);
    socket.once('close', () => stream.close());
    stream.once('close', () => socket.destroy());
  }
}
