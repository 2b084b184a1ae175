import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request } from './mjpeg-client.test-support.ts';
import { type RunningWebcam, startWebcam } from './webcam.ts';

const STANDARD_HEADERS =
  'Connection: close\r\n' +
  'Server: MJPG-Streamer/0.2\r\n' +
  'Cache-Control: no-store, no-cache, must-revalidate, pre-check=0, post-check=0, max-age=0\r\n' +
  'Pragma: no-cache\r\n' +
  'Expires: Mon, 3 Jan 2000 12:34:56 GMT\r\n';

const WAIT = { timeout: 5000, interval: 10 };

let webcam: RunningWebcam;

beforeAll(async () => {
  webcam = await startWebcam({ fps: 20, label: 'test camera' });
});
afterAll(async () => {
  await webcam.close();
});

describe('stream', () => {
  it('answers like mjpg-streamer: HTTP/1.0, its headers, the boundary with no space, then framed JPEGs', async () => {
    const exchange = request(webcam.port, 'GET /?action=stream HTTP/1.1', 'boundarydonotcross');
    await vi.waitFor(() => expect(exchange.parts.length).toBeGreaterThanOrEqual(3), WAIT);
    exchange.socket.destroy();

    expect(exchange.head()).toBe(
      'HTTP/1.0 200 OK\r\n' +
        'Access-Control-Allow-Origin: *\r\n' +
        STANDARD_HEADERS +
        'Content-Type: multipart/x-mixed-replace;boundary=boundarydonotcross\r\n' +
        '\r\n',
    );
    const pictures = exchange.parts.slice(0, 3).map((part) => {
      expect(Object.keys(part.headers)).toEqual(['content-type', 'content-length', 'x-timestamp']);
      expect(part.headers['content-type']).toBe('image/jpeg');
      expect(Number(part.headers['content-length'])).toBe(part.bytes.length);
      expect(part.headers['x-timestamp']).toMatch(/^\d{10}\.\d{6}$/);
      const picture = jpeg.decode(part.bytes, { useTArray: true });
      expect([picture.width, picture.height]).toEqual([640, 480]);
      return Buffer.from(part.bytes);
    });
    expect(pictures[0]?.equals(pictures[1] ?? Buffer.alloc(0))).toBe(false);
    expect(pictures[1]?.equals(pictures[2] ?? Buffer.alloc(0))).toBe(false);
  });

  it('ignores query parameters after the action, as Duet Web Control adds them', async () => {
    const exchange = request(webcam.port, 'GET /?action=stream&dummy=123 HTTP/1.1', 'boundarydonotcross');
    await vi.waitFor(() => expect(exchange.parts.length).toBeGreaterThanOrEqual(1), WAIT);
    exchange.socket.destroy();
    expect(exchange.head()).toMatch(/^HTTP\/1\.0 200 OK\r\n/);
  });

  it('counts its viewers and stops encoding when the last one leaves', async () => {
    await vi.waitFor(() => expect(webcam.viewers).toBe(0), WAIT);
    const first = request(webcam.port, 'GET /?action=stream HTTP/1.1', 'boundarydonotcross');
    const second = request(webcam.port, 'GET /?action=stream HTTP/1.1', 'boundarydonotcross');
    await vi.waitFor(() => expect(webcam.viewers).toBe(2), WAIT);
    expect(webcam.stats.encoderRunning).toBe(true);

    first.socket.destroy();
    await vi.waitFor(() => expect(webcam.viewers).toBe(1), WAIT);
    expect(webcam.stats.encoderRunning).toBe(true);

    second.socket.destroy();
    await vi.waitFor(() => expect(webcam.viewers).toBe(0), WAIT);
    expect(webcam.stats.encoderRunning).toBe(false);
    const produced = webcam.stats.framesProduced;
    // A snapshot wakes the encoder for exactly one frame.
    const snapshot = request(webcam.port, 'GET /?action=snapshot HTTP/1.1');
    await snapshot.closed;
    expect(webcam.stats.framesProduced).toBe(produced + 1);
    expect(webcam.stats.encoderRunning).toBe(false);
  });
});

describe('snapshot', () => {
  it('sends one JPEG with a lower-case Content-type and no Content-Length, ended by closing', async () => {
    const exchange = request(webcam.port, 'GET /?action=snapshot&dummy=0.123 HTTP/1.1');
    await exchange.closed;
    const head = exchange.head();
    expect(head.replace(/X-Timestamp: \d{10}\.\d{6}\r\n/, 'X-Timestamp: T\r\n')).toBe(
      'HTTP/1.0 200 OK\r\n' +
        'Access-Control-Allow-Origin: *\r\n' +
        STANDARD_HEADERS +
        'Content-type: image/jpeg\r\n' +
        'X-Timestamp: T\r\n' +
        '\r\n',
    );
    expect(head.toLowerCase()).not.toContain('content-length');
    const picture = jpeg.decode(exchange.body(), { useTArray: true });
    expect([picture.width, picture.height]).toEqual([640, 480]);
  });

  it('is readable by an ordinary HTTP client', async () => {
    const answer = await fetch(`${webcam.url}/?action=snapshot`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    const picture = jpeg.decode(new Uint8Array(await answer.arrayBuffer()), { useTArray: true });
    expect(picture.width).toBe(640);
  });
});

describe('anything else', () => {
  it.each([
    'GET / HTTP/1.1',
    'GET /stream HTTP/1.1',
    'GET /webcam/?action=stream HTTP/1.1',
    'GET /?action=streaming HTTP/1.1',
    'GET /?dummy=1&action=stream HTTP/1.1',
    'POST /?action=stream HTTP/1.1',
    'HEAD /?action=snapshot HTTP/1.1',
  ])('answers 404 to %s and closes', async (line) => {
    const exchange = request(webcam.port, line);
    await exchange.closed;
    expect(exchange.head()).toBe(
      `HTTP/1.0 404 Not Found\r\nContent-type: text/plain\r\n${STANDARD_HEADERS}\r\n`,
    );
    expect(exchange.body().toString()).toMatch(/^404: Not Found!/);
  });
});

describe('faults', () => {
  it('offline resets open and new connections; clearing it serves again', async () => {
    const open = request(webcam.port, 'GET /?action=stream HTTP/1.1', 'boundarydonotcross');
    await vi.waitFor(() => expect(webcam.viewers).toBe(1), WAIT);
    webcam.faults.offline = true;
    await open.closed;
    const refused = request(webcam.port, 'GET /?action=snapshot HTTP/1.1');
    await refused.closed;
    expect(refused.head()).toBe('');
    expect(webcam.viewers).toBe(0);

    webcam.faults.offline = false;
    const served = request(webcam.port, 'GET /?action=snapshot HTTP/1.1');
    await served.closed;
    expect(served.head()).toMatch(/^HTTP\/1\.0 200 OK/);
  });

  it('stall keeps connections open with nothing sent, then carries on when cleared', async () => {
    const streaming = request(webcam.port, 'GET /?action=stream HTTP/1.1', 'boundarydonotcross');
    await vi.waitFor(() => expect(streaming.parts.length).toBeGreaterThanOrEqual(1), WAIT);
    webcam.faults.stall = true;
    const partsBefore = streaming.parts.length;
    const produced = webcam.stats.framesProduced;
    const snapshot = request(webcam.port, 'GET /?action=snapshot HTTP/1.1');
    const unknown = request(webcam.port, 'GET /nothing HTTP/1.1');

    // Another camera's frames show that time passes while this one stays silent.
    const clock = await startWebcam({ fps: 20, width: 64, height: 48 });
    const ticks = request(clock.port, 'GET /?action=stream HTTP/1.1', 'boundarydonotcross');
    await vi.waitFor(() => expect(ticks.parts.length).toBeGreaterThanOrEqual(5), WAIT);
    await clock.close();
    expect(webcam.stats.framesProduced).toBe(produced);
    expect(snapshot.head()).toBe('');
    expect(unknown.head()).toBe('');
    // One part may have been on its way when the stall began.
    expect(streaming.parts.length).toBeLessThanOrEqual(partsBefore + 1);
    expect(streaming.socket.destroyed).toBe(false);

    webcam.faults.stall = false;
    await snapshot.closed;
    await unknown.closed;
    expect(snapshot.head()).toMatch(/^HTTP\/1\.0 200 OK/);
    expect(unknown.head()).toMatch(/^HTTP\/1\.0 404/);
    await vi.waitFor(() => expect(streaming.parts.length).toBeGreaterThan(partsBefore + 1), WAIT);
    streaming.socket.destroy();
  });
});

describe('a slow viewer', () => {
  it('skips frames instead of queueing them, and the other viewer gets every frame', async () => {
    // A fast camera fills the kernel's socket buffers of the paused viewer within a second or two.
    const fast = await startWebcam({ fps: 200 });
    try {
      const slow = request(fast.port, 'GET /?action=stream HTTP/1.1');
      slow.socket.pause();
      await vi.waitFor(() => expect(fast.viewers).toBe(1), WAIT);
      const reader = request(fast.port, 'GET /?action=stream HTTP/1.1', 'boundarydonotcross');
      await vi.waitFor(() => expect(fast.viewers).toBe(2), WAIT);
      const producedAtJoin = fast.stats.framesProduced;

      let largestPart = 0;
      let mostBuffered = 0;
      await vi.waitFor(
        () => {
          for (const part of reader.parts) largestPart = Math.max(largestPart, part.bytes.length + 200);
          mostBuffered = Math.max(mostBuffered, fast.stats.bufferedBytes);
          expect(fast.stats.framesSkipped).toBeGreaterThanOrEqual(20);
        },
        { timeout: 20_000, interval: 5 },
      );
      // At most one frame waits in the process for each of the two viewers.
      expect(mostBuffered).toBeLessThanOrEqual(2 * largestPart);
      // The reader missed nothing: it has every frame produced since it joined, bar those in flight.
      await vi.waitFor(
        () =>
          expect(reader.parts.length).toBeGreaterThanOrEqual(fast.stats.framesProduced - producedAtJoin - 2),
        WAIT,
      );
      slow.socket.destroy();
      reader.socket.destroy();
    } finally {
      await fast.close();
    }
  }, 30_000);
});
