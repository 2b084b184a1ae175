import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningBoard, RunningWebcam } from '@portal/board-sim';
import { boardProxyPath, type PushMessage } from '@portal/contract';
import type { RunningGateway } from '@portal/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  type LocalPushService,
  newBrowserKeys,
  startLocalPushService,
} from '../apps/server/src/test/push-service.ts';
import { counterSum, type Deployment, metricsOf, startDeployment } from '../test-kit/deployment.ts';
import {
  api,
  controllerOf,
  issueGatewayKey,
  logIn,
  machineCookie,
  type Session,
} from '../test-kit/portal-api.ts';
import { countFrames, exchange } from '../test-kit/streams.ts';
import { Rig } from './support/rig.ts';

/**
 * Machines whose tunnels one instance holds, reached through the others (docs/design.md §7): three portal instances
 * behind HAProxy on one PostgreSQL database and one Redis, real gateway agents dialling the first instance, simulated
 * boards behind them; every request is made on another instance, or through HAProxy to whichever it picks.
 */

let deployment: Deployment;
const rig = new Rig();
let admin: Session;
let customer: Session;
let tech: Session;
const id = { prusa: 0, cella: 0, prusa2: 0, voron: 0, ratrig: 0, modix: 0 };
let prusaBoard: RunningBoard;
let prusaGateway: RunningGateway;
let prusaKey: string;
let sbcBoard: RunningBoard;
let webcam: RunningWebcam;

let push: LocalPushService;
// The instances trust the local push service's certificate the way Node trusts any extra authority.
const caFile = path.join(tmpdir(), `portal-push-ca-${randomUUID()}.pem`);
/** The simulated boards of the roaming machines, by controller. */
const roamingBoards = new Map<number, RunningBoard>();

beforeAll(async () => {
  push = await startLocalPushService();
  await writeFile(caFile, push.ca);
  deployment = await startDeployment({
    instances: 3,
    env: { NODE_EXTRA_CA_CERTS: caFile, PUSH_PRIVATE_HOSTS: '127.0.0.1' },
  });
  const holder = deployment.instances[0] as Deployment['instances'][number];
  admin = await logIn(deployment, 'admin@demo.test');
  customer = await logIn(deployment, 'customer@demo.test');
  tech = await logIn(deployment, 'tech@demo.test');
  id.prusa = await controllerOf(deployment, admin, 'Prusa linea 1');
  id.cella = await controllerOf(deployment, admin, 'Cella pallet');
  id.prusa2 = await controllerOf(deployment, admin, 'Prusa linea 2');
  id.voron = await controllerOf(deployment, admin, 'Voron prototipi');
  id.ratrig = await controllerOf(deployment, admin, 'RatRig produzione');
  id.modix = await controllerOf(deployment, admin, 'Modix grande formato');
  [prusaBoard, sbcBoard, webcam] = await Promise.all([
    rig.board({ name: 'Prusa linea 1' }),
    rig.board({ name: 'Cella pallet', mode: 'sbc' }),
    rig.webcam({ fps: 20 }),
  ]);
  prusaKey = await issueGatewayKey(deployment, admin, id.prusa);
  const dial = async (controller: number, key: string, board: string, camera?: string) =>
    rig.gateway({ server: holder.url, controller, key, board, ...(camera && { webcam: camera }) });
  [prusaGateway] = await Promise.all([
    dial(id.prusa, prusaKey, prusaBoard.url, webcam.url),
    dial(id.cella, await issueGatewayKey(deployment, admin, id.cella), sbcBoard.url),
  ]);
  // Four more gateways dial through HAProxy, round robin: the second and third instances hold some of them.
  await Promise.all(
    roamingControllers().map(async (controller) => {
      const board = await rig.board({ name: `roaming ${controller}` });
      roamingBoards.set(controller, board);
      await rig.gateway({
        server: deployment.url,
        controller,
        key: await issueGatewayKey(deployment, admin, controller),
        board: board.url,
      });
    }),
  );
}, 180_000);

afterAll(async () => {
  await rig.close();
  await deployment?.stop();
  await push?.close();
  await rm(caFile, { force: true });
}, 60_000);

type Instance = Deployment['instances'][number];
/** The machines whose gateways dial through HAProxy, so that any instance may hold their tunnels. */
const roamingControllers = () => [id.prusa2, id.voron, id.ratrig, id.modix];
const others = () => deployment.instances.slice(1);
const get = (origin: string, session: Session, path: string, init: RequestInit = {}) =>
  fetch(`${origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${session.token}`, ...init.headers },
  });

describe('a machine whose tunnel another instance holds', () => {
  it("answers its board's object model on every instance, counted as forwarded there", async () => {
    const path = boardProxyPath('3.6', 'customer', id.prusa, 'rr_model?key=network');
    for (const instance of others()) {
      const response = await get(instance.url, customer, path);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ key: 'network', result: { name: 'Prusa linea 1' } });
      expect(counterSum(await metricsOf(instance), 'portal_forwarded_requests_total')).toBeGreaterThan(0);
    }
    for (let request = 0; request < 6; request++) {
      expect((await get(deployment.url, customer, path)).status).toBe(200);
    }
  });

  it('is online in the live status of every instance', async () => {
    for (const instance of deployment.instances) {
      await expect
        .poll(async () => {
          const statuses = (await (await get(instance.url, customer, '/api/v1/machines/status')).json()) as {
            controllerId: number;
            status: { state: string };
          }[];
          return statuses.find((machine) => machine.controllerId === id.prusa)?.status.state;
        })
        .toBe('idle');
    }
  });

  it('takes a 100 MiB upload and gives it back whole through other instances, streamed both ways', async () => {
    const data = randomBytes(100 * 1024 * 1024);
    const name = `0:/gcodes/cross-${Date.now()}.gcode`;
    const [sender, reader] = others() as [Deployment['instances'][number], Deployment['instances'][number]];
    const uploaded = await get(
      sender.url,
      admin,
      boardProxyPath('3.6', 'admin', id.prusa, `rr_upload?name=${encodeURIComponent(name)}`),
      { method: 'POST', body: data, headers: { 'content-type': 'application/octet-stream' } },
    );
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toEqual({ err: 0 });
    const downloaded = await get(
      reader.url,
      admin,
      boardProxyPath('3.6', 'admin', id.prusa, `rr_download?name=${encodeURIComponent(name)}`),
    );
    expect(downloaded.status).toBe(200);
    const received = createHash('sha256');
    for await (const chunk of downloaded.body as ReadableStream<Uint8Array>) received.update(chunk);
    expect(received.digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
  });

  it("carries DSF's object-model WebSocket on the machine origin through HAProxy", async () => {
    const cookie = await machineCookie(deployment, tech, id.cella);
    const url = new URL(
      boardProxyPath('3.6', 'customer', id.cella, 'machine'),
      deployment.machineUrl(id.cella),
    );
    url.protocol = 'ws:';
    // Three sockets: round robin puts at least two of them on instances that do not hold the tunnel.
    for (let socketNumber = 0; socketNumber < 3; socketNumber++) {
      const socket = new WebSocket(url, { headers: { cookie } });
      const messages: string[] = [];
      socket.on('message', (message) => messages.push(message.toString()));
      try {
        await once(socket, 'open');
        await expect.poll(() => messages.length).toBe(1);
        expect(JSON.parse(messages[0] as string)).toMatchObject({ network: { name: 'Cella pallet' } });
        await sbcBoard.runGcode(`M117 "socket ${socketNumber}"`);
        socket.send('OK\n');
        await expect.poll(() => messages.slice(1).join('')).toContain(`socket ${socketNumber}`);
      } finally {
        socket.terminate();
      }
    }
  });

  it('shows its webcam through HAProxy on every instance, fed by one upstream from the holder', async () => {
    const url = `${deployment.machineUrl(id.prusa)}/proxy/webcam/${id.prusa}/?action=stream&token=${customer.videoToken}`;
    // Three viewers, round robin: at least two of them on instances that do not hold the tunnel.
    const viewers = [exchange(url), exchange(url), exchange(url)];
    try {
      const frames = viewers.map((viewer) => countFrames(viewer));
      for (const viewer of viewers) expect((await viewer.response).statusCode).toBe(200);
      await expect.poll(() => frames.every((count) => count() >= 5), { timeout: 10_000 }).toBe(true);
      expect(webcam.viewers).toBe(1);
      let forwarded = 0;
      for (const instance of others()) {
        forwarded += counterSum(await metricsOf(instance), 'portal_forwarded_requests_total', {
          target: 'webcam',
        });
      }
      expect(forwarded).toBeGreaterThan(0);
    } finally {
      for (const viewer of viewers) viewer.request.destroy();
    }
    await expect.poll(() => webcam.viewers, { timeout: 10_000 }).toBe(0);
  });

  it("is another business's machine on every instance: 404 there too", async () => {
    const customer2 = await logIn(deployment, 'customer2@demo.test');
    for (const instance of others()) {
      const response = await get(
        instance.url,
        customer2,
        boardProxyPath('3.6', 'customer', id.prusa, 'rr_model'),
      );
      expect(response.status).toBe(404);
    }
  });
});

/** The state each machine's card shows on `instance`, by controller. */
async function statesOn(instance: Deployment['instances'][number]): Promise<Map<number, string>> {
  const statuses = (await (await get(instance.url, admin, '/api/v1/machines/status')).json()) as {
    controllerId: number;
    status: { state: string };
  }[];
  return new Map(statuses.map((machine) => [machine.controllerId, machine.status.state]));
}

describe('an instance killed while it holds tunnels', () => {
  it('costs nothing else: its gateways are online on the others within 30 s, a download through another goes on', async () => {
    const roaming = roamingControllers();
    const [, second, third] = deployment.instances as [Instance, Instance, Instance];
    const held = async (instance: Deployment['instances'][number]) =>
      counterSum(await metricsOf(instance), 'portal_tunnels_held');
    const victim = (await held(third)) > 0 ? third : second;
    const survivor = victim === third ? second : third;
    expect(await held(victim)).toBeGreaterThan(0);
    for (const controller of roaming) {
      await expect.poll(async () => (await statesOn(survivor)).get(controller)).toBe('idle');
    }

    // A download of the first instance's board, through the survivor, is under way when the victim dies.
    const data = randomBytes(8 * 1024 * 1024);
    const name = '0:/gcodes/failover.gcode';
    const path = (file: string) => boardProxyPath('3.6', 'admin', id.prusa, file);
    expect(
      (
        await get(survivor.url, admin, path(`rr_upload?name=${encodeURIComponent(name)}`), {
          method: 'POST',
          body: data,
        })
      ).status,
    ).toBe(200);
    const download = await get(survivor.url, admin, path(`rr_download?name=${encodeURIComponent(name)}`));
    const reader = (download.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    if (first.value) chunks.push(first.value);

    const killedAt = Date.now();
    victim.process.child.kill('SIGKILL');
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
    }
    const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    expect(digest(Buffer.concat(chunks))).toBe(digest(data));

    // Every roaming gateway is back, on the two instances left: its board answers through the survivor, and the
    // survivor's status shows it followed again (a new reading since the kill).
    const answers = async (controller: number) =>
      (await get(survivor.url, admin, boardProxyPath('3.6', 'admin', controller, 'rr_model?key=network')))
        .status;
    await expect
      .poll(async () => (await Promise.all(roaming.map(answers))).every((status) => status === 200), {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(true);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(
      (await held(deployment.instances[0] as Deployment['instances'][number])) + (await held(survivor)),
    ).toBe(2 + roaming.length);
    await victim.start();
  });
});

describe('an instance drained while it holds tunnels', () => {
  it('hands them over: no request fails and no machine blinks offline, wherever the requests arrive', async () => {
    const roaming = roamingControllers();
    const held = async (instance: Instance) => counterSum(await metricsOf(instance), 'portal_tunnels_held');
    const [first, second, third] = deployment.instances as [Instance, Instance, Instance];
    const leaving = (await held(second)) >= (await held(third)) ? second : third;
    expect(await held(leaving)).toBeGreaterThan(0);
    const staying = [first, leaving === second ? third : second];

    // Control panels poll every machine on both staying instances and through HAProxy, which sends some to the
    // leaving one until it sees it unready; the staying instances' status is read all along.
    const traffic = startTraffic([...staying.map((instance) => instance.url), deployment.url], staying);
    await expect.poll(() => traffic.answered).toBeGreaterThan(50);

    const exited = leaving.terminate();
    await expect
      .poll(async () => (await held(first)) + (await held(staying[1] as Instance)), { timeout: 15_000 })
      .toBe(2 + roaming.length);
    expect(await exited).toBe(0);
    const afterExit = traffic.answered;
    await expect.poll(() => traffic.answered).toBeGreaterThan(afterExit + 50);
    expect(await traffic.stop()).toEqual({ failures: [], offline: [] });
    await leaving.start();
  }, 60_000);
});

describe('Redis restarted while instances hold tunnels', () => {
  it('costs no machine request nor status, and a tunnel claimed afterwards still replaces the older one', async () => {
    const traffic = startTraffic(
      deployment.instances.map((instance) => instance.url),
      deployment.instances,
    );
    await expect.poll(() => traffic.answered, PROGRESS).toBeGreaterThan(50);
    await deployment.redis.kill();
    let answered = traffic.answered;
    await expect.poll(() => traffic.answered, PROGRESS).toBeGreaterThan(answered + 50);
    await deployment.redis.start(); // empty: Redis kept nothing
    for (const instance of deployment.instances) {
      await expect.poll(() => readyzOf(instance.url), { timeout: 10_000 }).toBe(200);
    }
    answered = traffic.answered;
    await expect.poll(() => traffic.answered, PROGRESS).toBeGreaterThan(answered + 50);
    expect(await traffic.stop()).toEqual({ failures: [], offline: [] });

    // The first instance has held Prusa linea 1's tunnel since before; its gateway's replacement (new hardware with
    // the same key) dials the second one, and wins everywhere although Redis restarted its claims' numbers.
    const replacement = await rig.gateway({
      server: (deployment.instances[1] as Instance).url,
      controller: id.prusa,
      key: prusaKey,
      board: (await rig.board({ name: 'Prusa linea 1 bis' })).url,
    });
    await expect.poll(() => prusaGateway.connected, PROGRESS).toBe(false);
    await prusaGateway.close();
    for (const instance of deployment.instances) {
      await expect
        .poll(async () => {
          const response = await get(
            instance.url,
            admin,
            boardProxyPath('3.6', 'admin', id.prusa, 'rr_model?key=network'),
          );
          return ((await response.json()) as { result?: { name?: string } }).result?.name;
        }, PROGRESS)
        .toBe('Prusa linea 1 bis');
    }
    expect(replacement.connected).toBe(true);
  }, 60_000);
});

/**
 * How long a step may take to show progress (50 more answers, a tunnel replaced): vitest's 1 s default is short for a
 * machine running other suites, and after Redis comes back every instance reads its sessions and grants again.
 */
const PROGRESS = { timeout: 10_000 };

const readyzOf = async (origin: string) =>
  fetch(`${origin}/readyz`).then(
    (response) => response.status,
    () => 0,
  );

/**
 * Control panels polling every roaming machine's object model on each of `origins`, each asking again as soon as it
 * has its answer, and the status of `watched` read all along; `stop` says what failed and which machines showed
 * offline meanwhile.
 */
function startTraffic(origins: readonly string[], watched: readonly Instance[]) {
  const roaming = roamingControllers();
  const failures: string[] = [];
  const offline = new Set<number>();
  let running = true;
  const traffic = { answered: 0, stop };
  const poll = async (origin: string, controller: number) => {
    while (running) {
      const response = await get(
        origin,
        admin,
        boardProxyPath('3.6', 'admin', controller, 'rr_model?key=state'),
      ).catch((error: Error) => error);
      if (response instanceof Response && response.status === 200) traffic.answered++;
      else {
        const text =
          response instanceof Response ? `${response.status} ${await response.text()}` : response.message;
        failures.push(`${origin} ${controller}: ${text}`);
      }
    }
  };
  const watch = async () => {
    while (running) {
      for (const instance of watched) {
        const states = await statesOn(instance).catch((error: Error) => {
          failures.push(`${instance.url} status: ${error.message}`);
          return new Map<number, string>();
        });
        for (const [controller, state] of states) {
          if (roaming.includes(controller) && state === 'offline') offline.add(controller);
        }
      }
    }
  };
  const clients = [
    ...origins.flatMap((origin) => roaming.map((controller) => poll(origin, controller))),
    watch(),
  ];
  async function stop() {
    running = false;
    await Promise.all(clients);
    return { failures, offline: [...offline] };
  }
  return traffic;
}

describe('a machine event while three instances run', () => {
  it("shows on every instance's status stream, and is one push per recipient from the instance following the board", async () => {
    // Every user who may be told about Prusa linea 2 subscribes a browser, through HAProxy.
    const subscriptions = await Promise.all(
      [admin, tech, customer].map(async (session) => {
        const browser = newBrowserKeys();
        const endpoint = push.endpoint();
        await api(deployment, session, 'POST', '/api/v1/notifications/subscribe', {
          endpoint,
          expirationTime: null,
          keys: browser.keys,
          language: 'en',
        });
        return { endpoint, browser };
      }),
    );
    const kindsAt = (endpoint: string) =>
      push.received
        .filter((each) => `${push.origin}${each.path}` === endpoint)
        .map((each) => {
          const subscription = subscriptions.find((one) => one.endpoint === endpoint);
          return (JSON.parse(subscription?.browser.decrypt(each.body) ?? '{}') as PushMessage).kind;
        });
    const board = roamingBoards.get(id.prusa2) as RunningBoard;
    // Every instance's status stream shows it, whichever holds its tunnel.
    const streams = deployment.instances.map((instance) =>
      statesStreamed(`${instance.url}/api/v1/machines/status/stream?token=${customer.token}`, id.prusa2),
    );

    await board.runGcode('M112');
    for (const stream of streams) {
      await expect.poll(() => stream.states(), { timeout: 10_000 }).toContain('halted');
      stream.close();
    }
    await expect
      .poll(() => subscriptions.some(({ endpoint }) => kindsAt(endpoint).length > 0), { timeout: 10_000 })
      .toBe(true);
    // A later event of another kind is the fence: whatever the first one caused has arrived by the time it has.
    await board.close();
    const told = subscriptions.filter(({ endpoint }) => kindsAt(endpoint).length > 0);
    for (const { endpoint } of told) {
      await expect.poll(() => kindsAt(endpoint).length, { timeout: 15_000 }).toBe(2);
    }
    for (const { endpoint } of subscriptions) {
      expect(kindsAt(endpoint)).toEqual(
        told.some((one) => one.endpoint === endpoint) ? ['halted', 'boardOffline'] : [],
      );
    }
  }, 60_000);
});

/** The states a status stream at `url` shows for one controller, as they arrive. */
function statesStreamed(url: string, controllerId: number) {
  const stream = exchange(url);
  const states: string[] = [];
  let text = '';
  stream.response.then(
    (answer) =>
      answer.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const events = text.split('\n\n');
        text = events.pop() ?? '';
        for (const event of events) {
          if (!event.includes('event: status')) continue;
          const data = event.split('\n').find((line) => line.startsWith('data: '));
          const item = JSON.parse(data?.slice(6) ?? '{}') as {
            controllerId?: number;
            status?: { state: string };
          };
          if (item.controllerId === controllerId && item.status) states.push(item.status.state);
        }
      }),
    () => undefined,
  );
  return { states: () => states, close: () => stream.request.destroy() };
}
