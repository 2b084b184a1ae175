import http2 from 'node:http2';
import type { Duplex } from 'node:stream';

/**
 * The tunnel's HTTP/2 sessions, with Node's own `http2` on both ends (no framing of our own), whatever carries
 * them (`tunnel-link.ts`). Windows are raised well above HTTP/2's 64 KiB default so one large download runs at
 * LAN speed, and the session memory limit is raised (Node's 10 MB default stalls large responses,
 * docs/design.md §5).
 */
const STREAM_WINDOW_BYTES = 4 * 1024 * 1024;
const SESSION_WINDOW_BYTES = 32 * 1024 * 1024;
const SESSION_MEMORY_MB = 64;
const MAX_CONCURRENT_STREAMS = 256;

/** Shared set-up of both ends. Transport errors destroy the session; owners watch its 'close' event. */
function prepare<Session extends http2.Http2Session>(session: Session): Session {
  session.on('error', () => session.destroy());
  const raise = () => session.setLocalWindowSize(SESSION_WINDOW_BYTES);
  if (session.connecting) session.once('connect', raise);
  else raise();
  return session;
}

/** The portal's end: an HTTP/2 client whose every request is served by the gateway. */
export function clientSessionOn(connection: Duplex): http2.ClientHttp2Session {
  return prepare(
    http2.connect('http://gateway.tunnel', {
      createConnection: () => connection,
      maxSessionMemory: SESSION_MEMORY_MB,
      settings: { initialWindowSize: STREAM_WINDOW_BYTES, enablePush: false },
    }),
  );
}

/**
 * The gateway's end: an HTTP/2 server on the connection it dialled; extended CONNECT carries WebSockets
 * (RFC 8441). The session is the one an HTTP/2 server makes of a connection handed to it, which every Node.js the
 * gateway runs on does alike (`http2.performServerHandshake` came only with Node 20.12; Debian 12 ships Node 18).
 */
export function serverSessionOn(connection: Duplex): http2.ServerHttp2Session {
  const server = http2.createServer({
    maxSessionMemory: SESSION_MEMORY_MB,
    settings: {
      initialWindowSize: STREAM_WINDOW_BYTES,
      enableConnectProtocol: true,
      maxConcurrentStreams: MAX_CONCURRENT_STREAMS,
    },
  });
  let session: http2.ServerHttp2Session | undefined;
  server.once('session', (created) => {
    session = created;
  });
  server.emit('connection', connection);
  if (!session) throw new Error('the HTTP/2 server made no session of the tunnel');
  return prepare(session);
}
