import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildMachineOrigin } from '../../machine-origin.ts';
import { MachineOrigins } from '../../shared/machine-origins.ts';
import { useTestApp } from '../../test/api-test.ts';
import { connectFakeGateway, type FakeGateway } from '../../test/fake-gateway.ts';
import { bearer } from '../../test/test-app.ts';

/** Configured machine origins, so the answer's origin can be checked exactly. */
const MACHINE_ORIGINS = 'https://cam-{id}.machines.example.test';

const t = useTestApp({ machineOrigins: new MachineOrigins(MACHINE_ORIGINS) });
let origin: FastifyInstance;
const gateways: FakeGateway[] = [];
/** Controllers of demo groups: A's with a valid licence (customer@ assigned), A's expired one, and B's. */
const controller = { valid: 0, expired: 0, other: 0 };

const controllerOf = async (name: string) => {
  const row = await t.demoGroup(name);
  return { groupId: row.id, controllerId: row.computerControllerId };
};

const webcamOf = (token: string, id: number | string) =>
  t.app.inject({ url: `/api/v1/machines/${id}/webcam`, headers: bearer(token) });

beforeAll(async () => {
  origin = await buildMachineOrigin(t.modules);
  controller.valid = (await controllerOf('Prusa linea 1')).controllerId;
  controller.expired = (await controllerOf('Voron prototipi')).controllerId;
  controller.other = (await controllerOf('RatRig produzione')).controllerId;
});

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((fake) => fake.disconnect()));
});

afterAll(async () => {
  await origin.close();
});

describe("GET /api/v1/machines/{id}/webcam: the webcam's address", () => {
  it('names the stream on the machine origin, without any token, and the relay there answers it', async () => {
    const token = await t.tokenFor('customer@demo.test');
    const response = await webcamOf(token, controller.valid);
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    expect(url.pathname).toBe(`/proxy/webcam/${controller.valid}/`);
    expect([...url.searchParams]).toEqual([['action', 'stream']]);
    expect(url.origin).toBe(`https://cam-${controller.valid}.machines.example.test`);

    // The same path on the machine origin is the webcam relay: with a video token its snapshot comes through.
    const fake = await connectFakeGateway(t.modules.gateway.registry, controller.valid, (stream) => {
      stream.respond({ ':status': 200, 'content-type': 'image/jpeg' });
      stream.end('jpeg-bytes');
    });
    gateways.push(fake);
    const user = await t.modules.users.repository.findWithBusinessStateByEmail('customer@demo.test');
    if (!user) throw new Error('no demo customer');
    const { videoToken } = await t.modules.auth.service.openSession(user);
    url.searchParams.set('action', 'snapshot');
    url.searchParams.set('token', videoToken);
    const snapshot = await origin.inject({
      url: `${url.pathname}${url.search}`,
      headers: { host: url.host },
    });
    expect([snapshot.statusCode, snapshot.body]).toEqual([200, 'jpeg-bytes']);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject(`/api/v1/machines/${controller.valid}/webcam`);
    expect([response.statusCode, response.json().code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it("answers 404 for another business's machine and for one that does not exist", async () => {
    for (const email of ['customer@demo.test', 'manager@demo.test']) {
      const response = await webcamOf(await t.tokenFor(email), controller.other);
      expect([response.statusCode, response.json().code]).toEqual([404, 'NOT_FOUND']);
    }
    const missing = await webcamOf(await t.tokenFor('admin@demo.test'), 999_999);
    expect(missing.statusCode).toBe(404);
  });

  it('answers 400 for an id that is not one', async () => {
    const response = await webcamOf(await t.tokenFor('customer@demo.test'), 'abc');
    expect([response.statusCode, response.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('answers 403 LICENSE_EXPIRED to a customer of a machine whose licence ended; administrators pass', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    const customerId = await t.idOf('customer@demo.test');
    const { groupId } = await controllerOf('Voron prototipi');
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${customerId}/machines`,
      headers: bearer(admin),
      payload: { machine: groupId },
    });
    expect(assigned.statusCode).toBeLessThan(300);

    const customer = await webcamOf(await t.tokenFor('customer@demo.test'), controller.expired);
    expect([customer.statusCode, customer.json().code]).toEqual([403, 'LICENSE_EXPIRED']);
    const administrator = await webcamOf(admin, controller.expired);
    expect(administrator.statusCode).toBe(200);
  });
});
