import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type http2 from 'node:http2';
import { GATEWAY_ANSWER_HEADER } from '@portal/tunnel';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { machineGroups } from '../../db/schema.ts';
import {
  answerJson,
  connectFakeGateway,
  type FakeGateway,
  type StreamHandler,
} from '../../test/fake-gateway.ts';
import { bearer, type TestApp } from '../../test/test-app.ts';
import { type TwoInstances, useTwoInstances } from '../../test/two-instances.ts';
import { InstancePeers } from './instance-link.ts';
import { HOLDER_ANSWERS, type TunnelActor } from './tunnel-registry.ts';

// Two instances of one deployment on one database and one Redis, each with its instance port: a request for a
// machine whose tunnel the other holds is forwarded there, authorised on both.
const instances = useTwoInstances({ proxyTimeoutMs: 2_000 });
let first: TestApp;
let second: TwoInstances['second'];
const gateways: FakeGateway[] = [];
let controllerId = 0;
let othersController = 0;

beforeAll(async () => {
  ({ first, second } = instances);
  const groupController = async (name: string) => {
    const [row] = await first.database.db.select().from(machineGroups).where(eq(machineGroups.name, name));
    if (!row) throw new Error(`no demo group ${name}`);
    return row.computerControllerId;
  };
  controllerId = await groupController('Prusa linea 1');
  othersController = await groupController('RatRig produzione');
});

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((gateway) => gateway.disconnect()));
});

/** A gateway dialled into `on`'s instance, disconnected after the test. */
async function dial(on: Pick<TestApp, 'modules'>, id: number, handler: StreamHandler) {
  const gateway = await connectFakeGateway(on.modules.gateway.registry, id, handler);
  gateways.push(gateway);
  return gateway;
}

const proxied = (app: FastifyInstance, token: string, id: number, rest: string) =>
  app.inject({ url: `/proxy/duet/3.6/customer/${id}/${rest}`, headers: bearer(token) });

describe('a machine whose tunnel another instance holds', () => {
  it('is online on every instance, and its board answers through the holder', async () => {
    const gateway = await dial(first, controllerId, answerJson({ key: 'state', result: { status: 'idle' } }));
    await expect.poll(() => second.modules.gateway.tunnels.isOnline(controllerId)).toBe(true);
    expect(second.modules.gateway.registry.isOnline(controllerId)).toBe(false);

    const token = await first.tokenFor('customer@demo.test');
    const answer = await proxied(second.app, token, controllerId, 'rr_model?key=state');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ key: 'state', result: { status: 'idle' } });
    expect(gateway.paths.at(-1)).toBe('/board/rr_model?key=state');
  });

  it("is not another business's on either instance", async () => {
    await dial(first, othersController, answerJson({}));
    await expect.poll(() => second.modules.gateway.tunnels.isOnline(othersController)).toBe(true);
    const token = await first.tokenFor('customer@demo.test');
    expect((await proxied(second.app, token, othersController, 'rr_model')).statusCode).toBe(404);
  });

  it('goes offline everywhere when its tunnel ends, and answers 502 GATEWAY_OFFLINE', async () => {
    const gateway = await dial(first, controllerId, answerJson({}));
    await expect.poll(() => second.modules.gateway.tunnels.isOnline(controllerId)).toBe(true);
    await gateway.disconnect();
    await expect.poll(() => second.modules.gateway.tunnels.isOnline(controllerId)).toBe(false);
    const token = await first.tokenFor('customer@demo.test');
    const answer = await proxied(second.app, token, controllerId, 'rr_model');
    expect(answer.statusCode).toBe(502);
    expect(answer.json().code).toBe('GATEWAY_OFFLINE');
  });

  it('loses its tunnel on the holder within a second when its key is replaced on the other instance', async () => {
    await dial(first, controllerId, answerJson({}));
    await expect.poll(() => second.modules.gateway.tunnels.isOnline(controllerId)).toBe(true);
    const admin = await first.tokenFor('admin@demo.test');
    const replaced = await second.app.inject({
      method: 'POST',
      url: `/api/v1/controller/computer/${controllerId}/key`,
      headers: bearer(admin),
    });
    expect(replaced.statusCode).toBe(201);
    await expect
      .poll(() => first.modules.gateway.registry.isOnline(controllerId), { timeout: 1000 })
      .toBe(false);
  });

  it('is replaced by a newer tunnel on the other instance, which then serves it', async () => {
    await dial(first, controllerId, answerJson({ from: 'a' }));
    await expect.poll(() => second.modules.gateway.tunnels.isOnline(controllerId)).toBe(true);
    await dial(second, controllerId, answerJson({ from: 'b' }));
    await expect.poll(() => first.modules.gateway.registry.isOnline(controllerId)).toBe(false);
    expect(first.modules.gateway.tunnels.isOnline(controllerId)).toBe(true);
    const token = await first.tokenFor('customer@demo.test');
    const answer = await proxied(first.app, token, controllerId, 'rr_model');
    expect(answer.json()).toEqual({ from: 'b' });
  });
});

describe('the instance link', () => {
  const request = async (peers: InstancePeers, actor?: TunnelActor) => {
    const stream = peers.open(instances.firstAddress, controllerId, {
      method: 'GET',
      target: 'board',
      path: '/rr_model',
      waitMs: 1000,
      ...(actor && { actor }),
    });
    stream.on('error', () => undefined);
    const [head] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
    stream.close();
    return head;
  };

  /** The link as an instance knowing `secret` dials it, closed after `use`. */
  const withPeers = async (secret: string, use: (peers: InstancePeers) => Promise<void>) => {
    const peers = new InstancePeers(secret);
    try {
      await use(peers);
    } finally {
      peers.close();
    }
  };

  it('refuses a stream without the shared secret', async () => {
    await withPeers('not the deployment secret at all, 32+', async (stranger) => {
      expect((await request(stranger))[':status']).toBe(401);
    });
  });

  it("authorises the user again on the holder: another business's user is refused there", async () => {
    await dial(first, controllerId, answerJson({}));
    await withPeers(instances.secret, async (peers) => {
      const owner = await first.idOf('customer@demo.test');
      expect((await request(peers, { userId: owner, path: 'customer' }))[':status']).toBe(200);
      const stranger = await first.idOf('customer2@demo.test');
      const refused = await request(peers, { userId: stranger, path: 'customer' });
      expect(refused[':status']).toBe(403);
      expect(refused[GATEWAY_ANSWER_HEADER]).toBe(HOLDER_ANSWERS.refused);
      const ended = await request(peers, { userId: owner, path: 'customer', sessionId: randomUUID() });
      expect(ended[':status']).toBe(403);
    });
  });

  it("authorises a live-status reading (a job's thumbnail) again on the holder by the live status's rule", async () => {
    await dial(first, controllerId, answerJson({}));
    await withPeers(instances.secret, async (peers) => {
      const owner = await first.idOf('customer@demo.test');
      expect((await request(peers, { userId: owner, path: 'status' }))[':status']).toBe(200);
      const stranger = await first.idOf('customer2@demo.test');
      expect((await request(peers, { userId: stranger, path: 'status' }))[':status']).toBe(403);
    });
  });
});
