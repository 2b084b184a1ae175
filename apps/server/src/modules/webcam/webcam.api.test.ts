import { once } from 'node:events';
import http from 'node:http';
import type http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildMachineOrigin } from '../../machine-origin.ts';
import { MachineOrigins } from '../../shared/machine-origins.ts';
import '../../../../../test-kit/localhost-names.ts';
import { useTestApp } from '../../test/api-test.ts';
import { connectFakeGateway, type FakeGateway } from '../../test/fake-gateway.ts';
import { bearer } from '../../test/test-app.ts';
import { framePart, MJPEG_STREAM_HEADERS, MjpegFrameSplitter } from './mjpeg.ts';
import { MAX_VIEWERS_PER_USER } from './webcam-hub.ts';

let origin: FastifyInstance;
/** Each camera's machine origin, on the port the test's machine origin listens on. */
let base: (controllerId: number) => string;
const gateways: FakeGateway[] = [];
let camera = 0;
let otherCamera = 0;
let videoToken: string;

/** A camera behind a fake gateway: a frame every `everyMs` while its stream is open; counts open streams. */
function fakeCamera(everyMs = 10) {
  const state = { open: 0, opened: 0 };
  const handler = (stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders) => {
    if (headers[':path'] === '/webcam/?action=snapshot') {
      // As mjpg-streamer answers: its name and an open CORS policy, neither of which the relay passes on.
      stream.respond({
        ':status': 200,
        'content-type': 'image/jpeg',
        server: 'MJPG-Streamer/0.2',
        'access-control-allow-origin': '*',
      });
      stream.end('snapshot-bytes');
      return;
    }
    state.open += 1;
    state.opened += 1;
    stream.respond({ ':status': 200, ...MJPEG_STREAM_HEADERS });
    let count = 0;
    const timer = setInterval(() => {
      count += 1;
      for (const part of framePart(Buffer.from(`frame ${count} `.padEnd(2000, '.')))) stream.write(part);
    }, everyMs);
    stream.on('close', () => {
      clearInterval(timer);
      state.open -= 1;
    });
  };
  return { state, handler };
}

const controllerOf = async (name: string) => (await t.demoGroup(name)).computerControllerId;

/** Opens a viewer's stream and resolves with the response (paused until read). */
function view(url: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => http.get(url, resolve).on('error', reject));
}

let port = 0;
let origins: MachineOrigins;
beforeAll(async () => {
  // The port is known only once the origin listens, and the origins' pattern names it: a listening socket first.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  origins = new MachineOrigins(`http://m{id}.portal.localhost:${port}`);
});
// The periodic check is an hour away: a stream that ends here ended because its session did.
const t = useTestApp(() => ({
  proxyTimeoutMs: 2000,
  machineOrigins: origins,
  webcam: { viewerRecheckMs: 3_600_000 },
}));
beforeAll(async () => {
  origin = await buildMachineOrigin(t.modules);
  await origin.listen({ host: '127.0.0.1', port });
  base = (controllerId) => origins.originOf(controllerId);
  camera = await controllerOf('Prusa linea 1');
  otherCamera = await controllerOf('RatRig produzione');
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/video-token',
    headers: bearer(await t.tokenFor('customer@demo.test')),
  });
  videoToken = login.json().video_token;
});

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((fake) => fake.disconnect()));
});

afterAll(async () => {
  await origin.close();
});

const streamUrl = (controllerId: number, token = videoToken) =>
  `${base(controllerId)}/proxy/webcam/${controllerId}/?action=stream&token=${token}&dummy=1`;

describe('the webcam relay', () => {
  it('shares one upstream stream between viewers and closes it when the last one leaves', async () => {
    const cam = fakeCamera();
    gateways.push(await connectFakeGateway(t.modules.gateway.registry, camera, cam.handler));
    const first = await view(streamUrl(camera));
    const second = await view(streamUrl(camera));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('multipart/x-mixed-replace;boundary=boundarydonotcross');
    const frames = [first, second].map((response) => response.pipe(new MjpegFrameSplitter()));
    const [[a], [b]] = (await Promise.all(frames.map((splitter) => once(splitter, 'data')))) as [
      [Buffer],
      [Buffer],
    ];
    expect(String(a)).toMatch(/^frame \d+/);
    expect(String(b)).toMatch(/^frame \d+/);
    expect(cam.state.opened).toBe(1);
    expect(t.modules.webcam.hub.viewersOf(camera)).toBe(2);
    first.destroy();
    await expect.poll(() => t.modules.webcam.hub.viewersOf(camera)).toBe(1);
    expect(cam.state.open).toBe(1);
    second.destroy();
    await expect.poll(() => cam.state.open).toBe(0);
  });

  it('lets a slow viewer lose frames without holding back a fast one', async () => {
    const cam = fakeCamera(2);
    gateways.push(await connectFakeGateway(t.modules.gateway.registry, camera, cam.handler));
    const slow = await view(streamUrl(camera));
    slow.pause(); // never reads: its socket fills up
    const fast = await view(streamUrl(camera));
    const splitter = fast.pipe(new MjpegFrameSplitter());
    let received = 0;
    splitter.on('data', () => {
      received += 1;
    });
    await expect.poll(() => received, { timeout: 10_000 }).toBeGreaterThan(300);
    expect(cam.state.opened).toBe(1);
    slow.destroy();
    fast.destroy();
  });

  it('serves a snapshot, and refuses without a token, with a session token, or for another business', async () => {
    gateways.push(await connectFakeGateway(t.modules.gateway.registry, camera, fakeCamera().handler));
    const snapshot = await fetch(
      `${base(camera)}/proxy/webcam/${camera}/?action=snapshot&token=${videoToken}`,
    );
    expect(await snapshot.text()).toBe('snapshot-bytes');
    expect(snapshot.headers.get('content-type')).toBe('image/jpeg');
    expect(snapshot.headers.get('server')).toBeNull();
    expect(snapshot.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${base(camera)}/proxy/webcam/${camera}/?action=stream`)).status).toBe(401);
    const sessionToken = await t.tokenFor('customer@demo.test');
    expect((await fetch(streamUrl(camera, sessionToken))).status).toBe(401);
    expect((await fetch(streamUrl(otherCamera))).status).toBe(404);
  });

  it("serves a camera on its own machine's origin only", async () => {
    gateways.push(await connectFakeGateway(t.modules.gateway.registry, camera, fakeCamera().handler));
    const snapshot = `/proxy/webcam/${camera}/?action=snapshot&token=${videoToken}`;
    expect((await fetch(`${base(camera)}${snapshot}`)).status).toBe(200);
    // Another machine's origin, the bare listening address, and a name outside the pattern: not found.
    const elsewhere = [base(camera + 1), base(camera).replace(`m${camera}.portal.localhost`, '127.0.0.1')];
    for (const root of [...elsewhere, base(camera).replace(`m${camera}.`, '')]) {
      expect((await fetch(`${root}${snapshot}`)).status).toBe(404);
    }
  });

  it('answers 502 when the gateway is offline', async () => {
    const response = await fetch(streamUrl(camera));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'GATEWAY_OFFLINE' });
  });

  it('renews the webcam token only for a live session, with minutes of life', async () => {
    const token = await t.tokenFor('customer@demo.test');
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/video-token',
      headers: bearer(token),
    });
    const payload = JSON.parse(Buffer.from(renewed.json().video_token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(600);
    await t.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: bearer(token) });
    expect((await fetch(streamUrl(camera, renewed.json().video_token))).status).toBe(401);
  });

  it('ends a stream at once when the session behind its token logs out', async () => {
    gateways.push(await connectFakeGateway(t.modules.gateway.registry, camera, fakeCamera().handler));
    const token = await t.tokenFor('customer@demo.test');
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/video-token',
      headers: bearer(token),
    });
    const stream = await view(streamUrl(camera, issued.json().video_token));
    expect(stream.statusCode).toBe(200);
    stream.resume();
    // The server cuts it: the response errs with `aborted`, then closes.
    stream.on('error', () => undefined);
    const ended = new Promise((resolve) => stream.once('close', resolve));
    await t.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: bearer(token) });
    await ended;
  });

  it(`lets one user watch a camera ${MAX_VIEWERS_PER_USER} times at most, then answers 429`, async () => {
    gateways.push(await connectFakeGateway(t.modules.gateway.registry, camera, fakeCamera().handler));
    const viewers = [];
    for (let i = 0; i < MAX_VIEWERS_PER_USER; i++) {
      const viewer = await view(streamUrl(camera));
      expect(viewer.statusCode).toBe(200);
      viewer.resume();
      viewers.push(viewer);
    }
    const refused = await fetch(streamUrl(camera));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
    // Another user of the same business still watches.
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/video-token',
      headers: bearer(await t.tokenFor('manager@demo.test')),
    });
    const other = await view(streamUrl(camera, issued.json().video_token));
    expect(other.statusCode).toBe(200);
    other.destroy();

    viewers.pop()?.destroy();
    await expect.poll(() => t.modules.webcam.hub.viewersOf(camera)).toBe(MAX_VIEWERS_PER_USER - 1);
    const again = await view(streamUrl(camera));
    expect(again.statusCode).toBe(200);
    for (const viewer of [...viewers, again]) viewer.destroy();
    await expect.poll(() => t.modules.webcam.hub.viewersOf(camera)).toBe(0);
  });
});
