import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How long a closing server lets its open connections finish before it cuts them. */
export const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Closing a server waits for its open connections, and some never end by themselves: webcam streams, a board's
 * WebSocket, a gateway frozen mid-tunnel, a client that stopped reading a download. Past a short grace they are
 * cut, so a SIGTERM always stops the portal rather than leaving a service manager to kill it.
 */
export const shutdownGracePlugin = fp(
  async (app: FastifyInstance, { graceMs = SHUTDOWN_GRACE_MS }: { graceMs?: number }) => {
    const sockets = new Set<Socket>();
    app.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    app.addHook('preClose', async () => {
      const timer = setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, graceMs);
      timer.unref();
      app.server.once('close', () => clearTimeout(timer));
    });
  },
  { name: 'shutdown-grace' },
);
