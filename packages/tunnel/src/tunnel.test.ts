import { once } from 'node:events';
import type http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { keepAlive } from './heartbeat.ts';
import { acceptServerSession, openClientSession } from './http2-over-websocket.ts';
import { gatewayAuthorization, parseGatewayAuthorization } from './protocol.ts';

/** Portal end (HTTP/2 client) and gateway end (HTTP/2 server) joined by a real WebSocket over loopback. */
let wss: WebSocketServer;
let client: http2.ClientHttp2Session;
let server: http2.ServerHttp2Session;
let gatewaySocket: WebSocket;

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

beforeAll(async () => {
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  const accepted = once(wss, 'connection') as Promise<[WebSocket]>;
  gatewaySocket = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  await once(gatewaySocket, 'open');
  server = acceptServerSession(gatewaySocket);
  echoStreams(server);
  const [portalSocket] = await accepted;
  client = openClientSession(portalSocket);
  await once(client, 'remoteSettings');
});

afterAll(async () => {
  client.close();
  gatewaySocket.close();
  wss.close();
});

async function request(path: string, body?: Buffer) {
  const stream = client.request({ ':method': body ? 'POST' : 'GET', ':path': path });
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(stream, 'end');
  stream.end(body);
  const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
  await ended;
  return { headers, body: Buffer.concat(chunks) };
}

describe('HTTP/2 over the tunnel WebSocket', () => {
  it('multiplexes many requests at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => request(`/board/rr_model?key=job&i=${i}`)),
    );
    answers.forEach((answer, i) => {
      expect(answer.headers[':status']).toBe(200);
      expect(answer.headers['x-path']).toBe(`/board/rr_model?key=job&i=${i}`);
    });
  });

  it('streams a body larger than every flow-control window', async () => {
    const body = Buffer.alloc(40 * 1024 * 1024, 7);
    const answer = await request('/board/rr_upload?name=big', body);
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

describe('closing a tunnel', () => {
  it('survives either end closing its WebSocket while requests flow', async () => {
    const wss2 = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss2, 'listening');
    for (const closing of ['gateway', 'portal', 'gateway', 'portal'] as const) {
      const accepted = once(wss2, 'connection') as Promise<[WebSocket]>;
      const gatewayEnd = new WebSocket(`ws://127.0.0.1:${(wss2.address() as AddressInfo).port}`);
      await once(gatewayEnd, 'open');
      echoStreams(acceptServerSession(gatewayEnd));
      const [portalEnd] = await accepted;
      const session = openClientSession(portalEnd);
      await once(session, 'remoteSettings');
      const closed = once(session, 'close');
      // Requests keep flowing, several at once, until the session ends; the close comes after a few answers.
      let answered = 0;
      const flow = async () => {
        while (!session.closed && !session.destroyed) {
          const stream = session.request({ ':method': 'POST', ':path': '/board/rr_model' });
          stream.on('error', () => {});
          stream.on('response', () => {
            answered += 1;
            if (answered === 5) (closing === 'gateway' ? gatewayEnd : portalEnd).close();
          });
          stream.resume();
          stream.end(Buffer.alloc(1000));
          await once(stream, 'close');
        }
      };
      await Promise.all([flow(), flow(), flow(), closed]);
    }
    wss2.close();
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
