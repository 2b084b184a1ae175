import { once } from 'node:events';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { BOOT_MS, type RunningBoard, type RunningWebcam, startBoard, startWebcam } from '@portal/board-sim';
import { GATEWAY_ANSWER_HEADER } from '@portal/tunnel';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningGateway, startGateway } from '../gateway.ts';
import { FakePortal, openStream, request } from '../test/fake-portal.ts';
import { webcamTarget } from './webcam-relay.ts';

const KEY = 'gateway-key';
let portal: FakePortal;
let board: RunningBoard;
let webcam: RunningWebcam;
const gateways: RunningGateway[] = [];

async function connect(controller: number, webcamUrl: string | undefined) {
  const ready = portal.nextSession(controller);
  gateways.push(
    startGateway({ server: portal.url, controller, key: KEY, board: board.url, webcam: webcamUrl }),
  );
  return ready;
}

beforeAll(async () => {
  portal = await new FakePortal(new Map([1, 2, 3, 4, 5].map((id) => [id, KEY]))).listen();
  board = await startBoard();
  board.advance(BOOT_MS);
  webcam = await startWebcam({ fps: 50 });
});

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await Promise.all([portal.close(), board.close(), webcam.close()]);
});

describe('the webcam path', () => {
  it('becomes exactly /?action=stream or /?action=snapshot, every other parameter left out', () => {
    expect(webcamTarget('/?action=stream&token=abc')).toBe('/?action=stream');
    expect(webcamTarget('/?dummy=0.3&action=snapshot')).toBe('/?action=snapshot');
    expect(webcamTarget('/stream?action=stream')).toBe('/?action=stream');
    expect(webcamTarget('/?action=command&id=1')).toBeNull();
    expect(webcamTarget('/')).toBeNull();
  });
});

describe('relaying the webcam', () => {
  it('streams the MJPEG answer through and closes the camera connection when the portal closes the stream', async () => {
    const session = await connect(1, webcam.url);
    const stream = openStream(session, '/webcam/?action=stream&token=secret-video-token');
    const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
    expect(headers[':status']).toBe(200);
    expect(headers['content-type']).toBe('multipart/x-mixed-replace;boundary=boundarydonotcross');
    let received = '';
    stream.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    await vi.waitFor(() => expect(received.split('--boundarydonotcross').length).toBeGreaterThan(3));
    expect(webcam.requestTargets.at(-1)).toBe('/?action=stream');
    expect(webcam.viewers).toBe(1);
    stream.close(http2.constants.NGHTTP2_CANCEL);
    await vi.waitFor(() => expect(webcam.viewers).toBe(0));
  });

  it('relays a snapshot, ignoring cache-busting parameters', async () => {
    const session = await connect(2, webcam.url);
    const answer = await request(session, '/webcam/?action=snapshot&dummy=0.123');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    expect(answer.body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(webcam.requestTargets.at(-1)).toBe('/?action=snapshot');
  });

  it('refuses other webcam requests without sending them', async () => {
    const session = await connect(5, webcam.url);
    const seen = webcam.requestTargets.length;
    const answer = await request(session, '/webcam/?action=command&id=1');
    expect(answer.status).toBe(400);
    expect(answer.headers[GATEWAY_ANSWER_HEADER]).toBe('bad-request');
    expect(webcam.requestTargets).toHaveLength(seen);
  });

  it('answers 404 no-webcam when the gateway has none', async () => {
    const session = await connect(3, undefined);
    const answer = await request(session, '/webcam/?action=stream');
    expect(answer.status).toBe(404);
    expect(answer.headers[GATEWAY_ANSWER_HEADER]).toBe('no-webcam');
  });

  it('answers 503 board-unreachable when nothing listens at the webcam address', async () => {
    const server = http.createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    server.close();
    const session = await connect(4, `http://127.0.0.1:${port}`);
    const answer = await request(session, '/webcam/?action=stream');
    expect(answer.status).toBe(503);
    expect(answer.headers[GATEWAY_ANSWER_HEADER]).toBe('board-unreachable');
  });
});
