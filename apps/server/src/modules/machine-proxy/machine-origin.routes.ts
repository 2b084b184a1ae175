import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { fastifyCookie } from '@fastify/cookie';
import { proxyParamsSchema } from '@portal/contract';
import { boardParam } from '@portal/duet/protocol';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import { refuseUpgrade } from '../gateway/tunnel-endpoint.ts';
import type { MachineOriginService } from './machine-origin.service.ts';

export interface MachineOriginRoutesOptions {
  service: MachineOriginService;
}

/**
 * The machine origins' routes (docs/machine-origins.md): a machine's board pages and API behind its own
 * cookie, entered with the portal's single-use ticket, and its board WebSockets; `machine-origin.service.ts` checks
 * and relays them.
 */
export async function machineOriginRoutes(app: FastifyInstance, { service }: MachineOriginRoutesOptions) {
  await app.register(fastifyCookie);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/proxy/duet/:firmware/:path/:id/*',
    handler: async (request, reply) => {
      const params = proxyParamsSchema.safeParse(request.params);
      if (!params.success) throw new AppError('NOT_FOUND');
      const board = service.boardRequestOf(request, params.data);
      // The portal's entry parameters ride on the board request's query, read once with it.
      const ticket = boardParam(board, 'ticket');
      if (ticket !== undefined && request.method === 'GET') {
        const { cookies, location } = await service.enterWithTicket(
          ticket,
          boardParam(board, 'lang'),
          request.raw.url ?? '',
          params.data,
        );
        for (const cookie of cookies) reply.setCookie(cookie.name, cookie.value, cookie.options);
        return reply.redirect(location, 303);
      }
      const visit = await service.enterWithCookie(request.headers.cookie, params.data);
      return service.relay(request, reply, params.data, board, visit);
    },
  });

  // Board WebSockets (DSF's /machine object-model socket) ride an extended-CONNECT stream through the tunnel.
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    service.upgradeToBoard(request, socket, head).catch((error: unknown) => {
      const failure = error instanceof AppError ? error : new AppError('GATEWAY_OFFLINE');
      refuseUpgrade(socket, failure.statusCode, failure.code, failure.message);
    });
  });
}
