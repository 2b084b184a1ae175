import { EventEmitter, once } from 'node:events';
import http, { type IncomingMessage } from 'node:http';
import type http2 from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { keepAlive, keepSessionAlive } from './heartbeat.ts';
import {
  CLOSE_CODES,
  DIRECT_UPGRADE,
  gatewayAuthorization,
  offersDirectTunnel,
  parseGatewayAuthorization,
} from './protocol.ts';
import { acceptDirectUpgrade, acceptServerLink, openClientLink, type TunnelLink } from './tunnel-link.ts';

/** A tunnel's two ends over loopback: the portal's HTTP/2 client and the gateway's HTTP/2 server. */
interface LinkPair {
  portal: TunnelLink<http2.ClientHttp2Session>;
  gateway: TunnelLink<http2.ServerHttp2Session>;
  stop(): void;
}

const steady = { onDead: () => {} };

/** The WebSocket transport: the gateway dials a WebSocket, the portal accepts it. */
async function overWebSocket(): Promise<LinkPair> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  const accepted = once(wss, 'connection') as Promise<[WebSocket]>;
  const gatewaySocket = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  await once(gatewaySocket, 'open');
  const gateway = acceptServerLink({ websocket: gatewaySocket }, steady);
  const [portalSocket] = await accepted;
  return { portal: openClientLink({ websocket: portalSocket }, steady), gateway, stop: () => wss.close() };
}

/** The gateway's direct upgrade; `answer` plays the portal's part once the upgrade is accepted. */
async function directUpgrade(answer: (socket: Socket, head: Buffer) => void) {
  const server = http.createServer();
  server.on('upgrade', (request, socket: Socket, head: Buffer) => {
    expect(offersDirectTunnel(request.headers.upgrade)).toBe(true);
    socket.on('error', () => socket.destroy());
    acceptDirectUpgrade(socket, () => answer(socket, head));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const request = http.request({
    port: (server.address() as AddressInfo).port,
    host: '127.0.0.1',
    path: '/tunnel',
    headers: { connection: 'Upgrade', upgrade: `websocket, ${DIRECT_UPGRADE.toUpperCase()}` },
  });
  request.end();
  const [response, socket, head] = (await once(request, 'upgrade')) as [IncomingMessage, Socket, Buffer];
  expect(response.headers.upgrade).toBe(DIRECT_UPGRADE);
  return { server, socket, head };
}

/** The direct transport: HTTP/2 on the upgraded connection itself. */
async function direct(): Promise<LinkPair> {
  let portal: TunnelLink<http2.ClientHttp2Session> | undefined;
  const { server, socket, head } = await directUpgrade((portalSocket, portalHead) => {
    portal = openClientLink({ socket: portalSocket, head: portalHead }, steady);
  });
  const gateway = acceptServerLink({ socket, head }, steady);
  if (!portal) throw new Error('the portal took no tunnel');
  return { portal, gateway, stop: () => server.close() };
}

function echoStreams(session: http2.ServerHttp2Session) {
  session.on('stream', (stream, headers) => {
    if (headers[':method'] === 'CONNECT') {
      stream.respond({ ':status': 200 });
      stream.pipe(stream); // raw bytes echoed back, as a relayed WebSocket would carry them
      return;
    }
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const body = Buffer.concat(chunks);
      stream.respond({ ':status': 200, 'x-path': String(headers[':path']), 'x-bytes': String(body.length) });
      stream.end(body.subarray(0, 16));
    });
  });
}

async function request(client: http2.ClientHttp2Session, path: string, body?: Buffer) {
  const stream = client.request({ ':method': body ? 'POST' : 'GET', ':path': path });
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(stream, 'end');
  stream.end(body);
  const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
  await ended;
  return { headers, body: Buffer.concat(chunks) };
}

describe.each([
  { transport: 'websocket', open: overWebSocket },
  { transport: 'http2', open: direct },
] as const)('HTTP/2 over the tunnel ($transport)', ({ transport, open }) => {
  let pair: LinkPair;
  let client: http2.ClientHttp2Session;

  beforeAll(async () => {
    pair = await open();
    echoStreams(pair.gateway.session);
    client = pair.portal.session;
    await once(client, 'remoteSettings');
  });

  afterAll(() => {
    pair.portal.terminate();
    pair.stop();
  });

  it('runs on its transport', () => {
    expect([pair.portal.transport, pair.gateway.transport]).toEqual([transport, transport]);
  });

  it('multiplexes many requests at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => request(client, `/board/rr_model?key=job&i=${i}`)),
    );
    answers.forEach((answer, i) => {
      expect(answer.headers[':status']).toBe(200);
      expect(answer.headers['x-path']).toBe(`/board/rr_model?key=job&i=${i}`);
    });
  });

  it('streams a body larger than every flow-control window', { timeout: 60_000 }, async () => {
    const body = Buffer.alloc(40 * 1024 * 1024, 7);
    const answer = await request(client, '/board/rr_upload?name=big', body);
    expect(answer.headers['x-bytes']).toBe(String(body.length));
  });

  it('carries extended CONNECT streams (RFC 8441) both ways', async () => {
    expect(client.remoteSettings.enableConnectProtocol).toBe(true);
    const stream = client.request({
      ':method': 'CONNECT',
      ':protocol': 'websocket',
      ':path': '/board/machine',
    });
    const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
    expect(headers[':status']).toBe(200);
    stream.write('hello');
    const [echo] = (await once(stream, 'data')) as [Buffer];
    expect(echo.toString()).toBe('hello');
    stream.close();
  });
});

describe.each([
  { transport: 'websocket', open: overWebSocket },
  { transport: 'http2', open: direct },
] as const)('closing a tunnel ($transport)', ({ open }) => {
  it('tells the other end the close code and reason, whichever end closes', async () => {
    for (const closing of ['portal', 'gateway'] as const) {
      const pair = await open();
      await once(pair.portal.session, 'remoteSettings');
      const [closer, other] =
        closing === 'portal' ? [pair.portal, pair.gateway] : [pair.gateway, pair.portal];
      const closed = once(other, 'closed');
      closer.close(CLOSE_CODES.replaced, 'replaced by a newer tunnel');
      expect(await closed).toEqual([CLOSE_CODES.replaced, 'replaced by a newer tunnel']);
      pair.stop();
    }
  });

  it('survives either end closing while requests flow', async () => {
    for (const closing of ['gateway', 'portal', 'gateway', 'portal'] as const) {
      const pair = await open();
      echoStreams(pair.gateway.session);
      const session = pair.portal.session;
      await once(session, 'remoteSettings');
      const closed = once(pair.portal, 'closed');
      // Requests keep flowing, several at once, until the tunnel ends; the close comes after a few answers.
      let answered = 0;
      const flow = async () => {
        while (!session.closed && !session.destroyed) {
          const stream = session.request({ ':method': 'POST', ':path': '/board/rr_model' });
          stream.on('error', () => {});
          stream.on('response', () => {
            answered += 1;
            if (answered === 5) (closing === 'gateway' ? pair.gateway : pair.portal).close(1000, 'done');
          });
          stream.resume();
          stream.end(Buffer.alloc(1000));
          await once(stream, 'close');
        }
      };
      await Promise.all([flow(), flow(), flow(), closed]);
      pair.stop();
    }
  });
});

describe('gateway credentials', () => {
  it('round-trips and rejects malformed headers', () => {
    expect(parseGatewayAuthorization(gatewayAuthorization(42, 'se:cret'))).toEqual({
      controllerId: 42,
      key: 'se:cret',
    });
    for (const bad of [
      undefined,
      '',
      'Bearer x',
      `Basic ${Buffer.from('0:k').toString('base64')}`,
      `Basic ${Buffer.from('7:').toString('base64')}`,
      `Basic ${Buffer.from('99999999999:k').toString('base64')}`,
    ]) {
      expect(parseGatewayAuthorization(bad)).toBeNull();
    }
  });
});

describe('heartbeat', () => {
  it('gives up a direct tunnel whose peer went silent', async () => {
    // The portal's side takes the upgrade and then says nothing at all, not even HTTP/2's answers to pings.
    const { server, socket, head } = await directUpgrade(() => {});
    let dead = false;
    const link = acceptServerLink(
      { socket, head },
      {
        intervalMs: 20,
        deadAfterMs: 100,
        onDead: () => {
          dead = true;
        },
      },
    );
    expect(await once(link, 'closed')).toEqual([1006, '']);
    expect(dead).toBe(true);
    server.closeAllConnections();
    server.close();
  });

  it("counts any byte from a direct tunnel's peer as a sign of life, as a WebSocket message counts", () => {
    vi.useFakeTimers();
    try {
      // A peer busy sending a download whose PING answers wait behind it: its bytes arrive, its answers do not.
      const session = Object.assign(new EventEmitter(), {
        destroyed: false,
        ping: () => true,
        destroy: vi.fn(),
      });
      let bytes = 0;
      const onDead = vi.fn();
      keepSessionAlive(
        session as unknown as http2.Http2Session,
        { intervalMs: 20, deadAfterMs: 100, onDead },
        () => bytes,
      );
      for (let tick = 0; tick < 20; tick++) {
        bytes += 16_384;
        vi.advanceTimersByTime(20);
      }
      expect(onDead).not.toHaveBeenCalled();
      // Then nothing at all: dead once the silence outlasts deadAfterMs.
      vi.advanceTimersByTime(140);
      expect(onDead).toHaveBeenCalledOnce();
      expect(session.destroy).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('terminates a socket whose peer went silent', async () => {
    const wss2 = new WebSocketServer({ host: '127.0.0.1', port: 0, autoPong: false });
    await once(wss2, 'listening');
    const silentPeer = new WebSocket(`ws://127.0.0.1:${(wss2.address() as AddressInfo).port}`, {
      autoPong: false,
    });
    const [socket] = (await once(wss2, 'connection')) as [WebSocket];
    let dead = false;
    keepAlive(socket, {
      intervalMs: 20,
      deadAfterMs: 100,
      onDead: () => {
        dead = true;
      },
    });
    await once(socket, 'close');
    expect(dead).toBe(true);
    silentPeer.terminate();
    wss2.close();
  });
});
