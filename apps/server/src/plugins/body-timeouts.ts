import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface BodyTimeoutOptions {
  /** Every body may take this long, whatever its speed (30 s). */
  graceMs?: number;
  /** A body from which no byte arrives for this long ends (30 s, the proxy's own patience with a board). */
  idleMs?: number;
  /** Beyond the grace, each byte received earns 1/minBytesPerSecond s more: a body must average 1 KiB/s. */
  minBytesPerSecond?: number;
  /** How often open bodies are looked at (1 s). */
  checkEveryMs?: number;
  /** The time in ms (the app's clock, which tests move). */
  now?: () => number;
}

/** Headers arrive in one packet from any real client; Node's default is 60 s. */
const HEADERS_TIMEOUT_MS = 20_000;

interface OpenBody {
  raw: IncomingMessage;
  start: number;
  /** The socket's byte count when the request began. */
  base: number;
  received: number;
  lastProgress: number;
  lastCheck: number;
  /** Time during which bytes waited for the server to read them: the client is not slow then. */
  heldMs: number;
}

const hasBody = (raw: IncomingMessage) =>
  raw.headers['transfer-encoding'] !== undefined ||
  (raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0');

/**
 * Ends requests whose body comes too slowly, on every route. Node's own `requestTimeout` (a total time for the
 * whole request) stays off: a gigabyte upload through the proxy or the OctoPrint face legitimately takes many
 * minutes. Instead, as Apache's mod_reqtimeout does, a body gets `graceMs`, then more time for every byte it
 * delivers, and ends when nothing arrives for `idleMs`: a body trickling a byte every few seconds ends within a
 * minute, an upload at any real speed never. Bytes the server has not read yet (a route waiting for a board that
 * accepts slowly) count as progress. Responses are never timed (event streams, webcams, WebSockets), and the
 * socket is destroyed without an answer, as nginx does after its client_body_timeout.
 */
export const bodyTimeoutsPlugin = fp(async (app: FastifyInstance, options: BodyTimeoutOptions) => {
  const graceMs = options.graceMs ?? 30_000;
  const idleMs = options.idleMs ?? 30_000;
  const minBytesPerSecond = options.minBytesPerSecond ?? 1024;
  const now = options.now ?? Date.now;
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;

  const bodies = new Set<OpenBody>();
  const check = () => {
    const time = now();
    for (const body of bodies) {
      const received = body.raw.socket.bytesRead - body.base;
      const held = body.raw.readableLength > 0;
      if (held) body.heldMs += time - body.lastCheck;
      body.lastCheck = time;
      if (received > body.received || held) {
        body.received = received;
        body.lastProgress = time;
      }
      const deadline = body.start + graceMs + body.heldMs + (body.received * 1000) / minBytesPerSecond;
      if (time - body.lastProgress > idleMs || time > deadline) {
        bodies.delete(body);
        body.raw.socket.destroy();
      }
    }
  };
  const timer = setInterval(check, options.checkEveryMs ?? 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.addHook('onRequest', async (request) => {
    const raw = request.raw;
    // Injected requests (tests) have no socket that counts bytes, and their bodies are already whole.
    if (!hasBody(raw) || raw.complete || typeof raw.socket?.bytesRead !== 'number') return;
    const time = now();
    const body: OpenBody = {
      raw,
      start: time,
      base: raw.socket.bytesRead,
      received: 0,
      lastProgress: time,
      lastCheck: time,
      heldMs: 0,
    };
    bodies.add(body);
    const done = () => bodies.delete(body);
    raw.once('end', done);
    raw.once('close', done);
  });
});
