import { once } from 'node:events';
import http from 'node:http';
import type http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { boardRequest } from '@portal/duet/protocol';
import { DEADLINE_HEADER, GATEWAY_ANSWER_HEADER, websocketAccept } from '@portal/tunnel';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { type RunningGateway, startGateway } from '../gateway.ts';
import { FakePortal, request } from '../test/fake-portal.ts';
import { RecordedBoard } from '../test/recorded-board.ts';
import { websocketTarget } from './board-websocket.ts';

const KEY = 'gateway-key';
let portal: FakePortal;
let dsfBoard: RecordedBoard;
let rrfBoard: RecordedBoard;
let dsf: http2.ClientHttp2Session;
let rrf: http2.ClientHttp2Session;
const gateways: RunningGateway[] = [];
const fronts: http.Server[] = [];

async function connect(controller: number, board: string) {
  const ready = portal.nextSession(controller);
  const gateway = startGateway(
    { server: portal.url, controller, key: KEY, board, boardPassword: 'secret' },
    { tuning: { sessionKeepAliveMs: 60_000 } },
  );
  gateways.push(gateway);
  const session = await ready;
  await vi.waitFor(() => expect(gateway.stats.boardLoggedIn).toBe(true));
  return session;
}

beforeAll(async () => {
  portal = await new FakePortal(
    new Map([
      [1, KEY],
      [2, KEY],
    ]),
  ).listen();
  // DSF 3.4: no rr_* emulation yet, so an rr_* request is the board's own 404.
  [dsfBoard, rrfBoard] = await Promise.all([
    RecordedBoard.start({ mode: 'sbc', firmware: '3.4', password: 'secret' }),
    RecordedBoard.start({ password: 'secret' }),
  ]);
  dsf = await connect(1, dsfBoard.url);
  rrf = await connect(2, rrfBoard.url);
});

afterAll(async () => {
  for (const front of fronts) {
    front.closeAllConnections();
    front.close();
  }
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await Promise.all([portal.close(), dsfBoard.close(), rrfBoard.close()]);
});

/** A client's login through the gateway: the key it hands out. */
async function clientKey(session: http2.ClientHttp2Session): Promise<string> {
  const answer = await request(session, '/board/machine/connect?password=guess');
  return (JSON.parse(answer.body.toString()) as { sessionKey: string }).sessionKey;
}

/** The extended CONNECT stream the portal opens for a browser's `new WebSocket(…/machine?sessionKey=…)`. */
async function connectStream(session: http2.ClientHttp2Session, key?: string) {
  const stream = session.request({
    ':method': 'CONNECT',
    ':protocol': 'websocket',
    ':path': `/board/machine${key ? `?sessionKey=${key}` : ''}`,
    [DEADLINE_HEADER]: '5000',
  });
  stream.on('error', () => {}); // a reset when the tunnel closes under an open socket
  const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
  return { stream, headers, status: Number(headers[':status']) };
}

/**
 * The portal's browser-facing side, as the server does it: completes the browser's handshake itself and passes
 * the raw bytes through the CONNECT stream, so a real WebSocket client talks to the board end to end.
 */
async function startPortalFront(session: http2.ClientHttp2Session, key: string) {
  const front = http.createServer();
  front.on('upgrade', async (incoming: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const { stream } = await connectStream(session, key);
    const accept = websocketAccept(String(incoming.headers['sec-websocket-key']));
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    if (head.length > 0) stream.write(head);
    socket.pipe(stream).pipe(socket);
    socket.on('close', () => stream.close());
    stream.on('close', () => socket.destroy());
    socket.on('error', () => {});
  });
  front.listen(0, '127.0.0.1');
  await once(front, 'listening');
  return { front, url: `ws://127.0.0.1:${(front.address() as AddressInfo).port}` };
}

async function openObjectModelSocket(session: http2.ClientHttp2Session, key: string) {
  const { front, url } = await startPortalFront(session, key);
  fronts.push(front);
  const client = new WebSocket(`${url}/machine?sessionKey=${key}`);
  const messages: string[] = [];
  client.on('message', (data) => messages.push(data.toString()));
  await once(client, 'open');
  return { client, messages };
}

describe('a DSF board (SBC mode)', () => {
  it('is logged in through machine/connect, and each client gets a key of its own and a logout of its own', async () => {
    const [first, second] = [await clientKey(dsf), await clientKey(dsf)];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    const noop = (key: string) => request(dsf, '/board/machine/noop', { headers: { 'x-session-key': key } });
    expect((await noop(first)).status).toBe(204);
    const logout = await request(dsf, '/board/machine/disconnect', { headers: { 'x-session-key': first } });
    expect(logout.status).toBe(204);
    expect((await noop(first)).status).toBe(401);
    expect((await noop(second)).status).toBe(204);
    expect((await request(dsf, '/board/rr_connect?password=x')).status).toBe(404);
    expect(dsfBoard.requestsTo('/machine/disconnect')).toHaveLength(0);
    expect(dsfBoard.requestsTo('/machine/connect').map((sent) => sent.url)).toEqual([
      '/machine/connect?password=secret',
    ]);
    const upload = await request(dsf, '/board/machine/file/gcodes%2fpart.gcode', {
      method: 'PUT',
      body: Buffer.from('G28\n'),
    });
    expect(upload.status).toBe(201);
    expect(dsfBoard.requestsTo('/machine/file/gcodes%2Fpart.gcode').at(-1)?.bodyBytes).toBe(4);
  });

  it('carries the object-model WebSocket through extended CONNECT with its own session key', async () => {
    const key = await clientKey(dsf);
    const socket = await openObjectModelSocket(dsf, key);
    await vi.waitFor(() => expect(socket.messages).toHaveLength(1));
    // DSF sends the whole object model first, then a patch once the client has said OK and something changed.
    const model = JSON.parse(socket.messages[0] as string) as { state: { status: string; upTime: number } };
    expect(model.state.status).toBe('idle');
    socket.client.send('OK\n');
    socket.client.send('PING\n');
    await vi.waitFor(() => expect(socket.messages).toContain('PONG\n'));
    await vi.waitFor(() => expect(socket.messages).toHaveLength(3), { timeout: 3000 });
    const patch = socket.messages.find((message, index) => index > 0 && message !== 'PONG\n');
    expect(JSON.parse(patch as string)).toHaveProperty('state.upTime');

    const upgrade = dsfBoard.requests.filter((sent) => sent.method === 'UPGRADE').at(-1);
    expect(upgrade?.url).toMatch(/^\/machine\?sessionKey=[0-9a-f]{32}$/);
    expect(upgrade?.url).not.toContain(key);
    const names = upgrade?.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    expect(names).toContain('sec-websocket-key');
    expect(names).not.toContain('sec-websocket-extensions');

    // The browser leaving closes the board's socket.
    expect(dsfBoard.openSockets).toBe(1);
    expect(gateways[0]?.stats.openBoardWebSockets).toBe(1);
    socket.client.close();
    await vi.waitFor(() => expect(dsfBoard.openSockets).toBe(0));
    await vi.waitFor(() => expect(gateways[0]?.stats.openBoardWebSockets).toBe(0));
  });

  it("gives each client's WebSocket its own socket on the board, in that client's session, kept alive while open", async () => {
    const keys = [await clientKey(dsf), await clientKey(dsf)];
    const sockets = [
      await openObjectModelSocket(dsf, keys[0] as string),
      await openObjectModelSocket(dsf, keys[1] as string),
    ];
    for (const socket of sockets) await vi.waitFor(() => expect(socket.messages).toHaveLength(1));
    expect(dsfBoard.openSockets).toBe(2);
    sockets[0]?.client.close();
    await vi.waitFor(() => expect(dsfBoard.openSockets).toBe(1));
    sockets[1]?.client.send('PING\n');
    await vi.waitFor(() => expect(sockets[1]?.messages).toContain('PONG\n'));
    sockets[1]?.client.close();
    await vi.waitFor(() => expect(dsfBoard.openSockets).toBe(0));
  });

  it('refuses a socket whose key the gateway did not hand out, without asking the board', async () => {
    const upgrades = dsfBoard.requests.filter((sent) => sent.method === 'UPGRADE').length;
    const { stream, status } = await connectStream(dsf, 'f'.repeat(32));
    expect(status).toBe(401);
    stream.close();
    expect(dsfBoard.requests.filter((sent) => sent.method === 'UPGRADE')).toHaveLength(upgrades);
  });

  it('logs in again when the board refuses the socket because it forgot the session', async () => {
    const key = await clientKey(dsf);
    dsfBoard.forgetSessions();
    const socket = await openObjectModelSocket(dsf, key);
    await vi.waitFor(() => expect(socket.messages).toHaveLength(1));
    socket.client.close();
  });
});

describe('a WebSocket the board will not take', () => {
  it('is answered 502 upgrade-refused', async () => {
    const { status, headers } = await connectStream(rrf);
    expect(status).toBe(502);
    expect(headers[GATEWAY_ANSWER_HEADER]).toBe('upgrade-refused');
  });
});

describe('the socket target', () => {
  it("replaces the client's session key with the gateway's, or drops it", () => {
    const socket = (query: Record<string, string> = {}) => boardRequest('GET', '/machine', query);
    expect(websocketTarget(socket({ sessionKey: 'abc' }), 'f00d')).toBe('/machine?sessionKey=f00d');
    expect(websocketTarget(socket({ SESSIONKEY: 'abc' }), null)).toBe('/machine');
    expect(websocketTarget(socket(), 'f00d')).toBe('/machine?sessionKey=f00d');
  });
});
