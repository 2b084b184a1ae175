import { createHash, randomBytes } from 'node:crypto';
import { type ComputerController, PAIRING_CODE_TTL_MS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';
import { bearer } from '../../test/test-app.ts';
import { PAIRING_LIMITS } from './pairing-rules.ts';

const t = useTestApp();
const demo = demoClient(t);

const ADMIN = 'admin@demo.test';
const CONTROLLERS = '/api/v1/controller/computer';
let addressSerial = 0;
/** An address of its own per test, so one test's counts do not reach another's limits. */
const freshAddress = () => `203.0.113.${++addressSerial}`;

/** A gateway without a key: it makes its key and asks for a code from `address`. */
async function gatewayAsksForCode(address = freshAddress()) {
  const key = randomBytes(32).toString('base64url');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/gateway/pairing',
    remoteAddress: address,
    payload: { keyHash: createHash('sha256').update(key).digest('hex'), version: '0.1.0' },
  });
  return { key, response, code: response.json<{ code: string }>().code };
}

const statusOf = (code: string, key: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/gateway/pairing/status', payload: { code, key } });

async function claim(email: string, controller: number, body: object, address = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: `${CONTROLLERS}/${controller}/pairing`,
    remoteAddress: address,
    headers: bearer(await t.tokenFor(email)),
    payload: body,
  });
}

const spareOf = async (business: 'A' | 'B', name: string) => {
  const response = await demo.call(ADMIN, 'POST', CONTROLLERS, {
    name,
    type: 1,
    business: await demo.businessId(business),
  });
  return response.json<ComputerController>().id;
};

describe('pairing a gateway with a code', () => {
  it('gives a short code, and an administrator claiming it installs the gateway’s own key', async () => {
    const { key, response, code } = await gatewayAsksForCode();
    expect(response.statusCode).toBe(201);
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(response.json()).toMatchObject({
      expiresAt: new Date(t.clock.now().getTime() + PAIRING_CODE_TTL_MS).toISOString(),
    });
    expect((await statusOf(code, key)).json()).toMatchObject({ state: 'waiting' });

    const controller = await spareOf('A', 'Gateway da accoppiare');
    const claimed = await claim(ADMIN, controller, {
      code: ` ${code.toLowerCase().replace('-', ' ')} `,
      board: 'http://192.168.1.50',
      webcam: 'http://192.168.1.51:8080',
    });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ id: controller, keyCreatedAt: t.clock.now().toISOString() });

    expect((await statusOf(code, key)).json()).toEqual({
      state: 'paired',
      controller,
      board: 'http://192.168.1.50',
      webcam: 'http://192.168.1.51:8080',
    });
    expect(await t.modules.controllers.service.verifyGatewayKey(controller, key)).toBe(true);
  });

  it('replaces a key generated before: the old one stops working', async () => {
    const controller = await spareOf('A', 'Gateway con chiave');
    const old = (await demo.call(ADMIN, 'POST', `${CONTROLLERS}/${controller}/key`)).json<{ key: string }>()
      .key;
    const { key, code } = await gatewayAsksForCode();
    expect((await claim(ADMIN, controller, { code, board: 'http://10.0.0.5' })).statusCode).toBe(200);
    expect(await t.modules.controllers.service.verifyGatewayKey(controller, old)).toBe(false);
    expect(await t.modules.controllers.service.verifyGatewayKey(controller, key)).toBe(true);
    expect((await statusOf(code, key)).json()).toMatchObject({ webcam: null });
  });

  it('uses a code once', async () => {
    const { code } = await gatewayAsksForCode();
    const first = await spareOf('A', 'Primo');
    const second = await spareOf('A', 'Secondo');
    expect((await claim(ADMIN, first, { code, board: 'http://10.0.0.5' })).statusCode).toBe(200);
    const again = await claim(ADMIN, second, { code, board: 'http://10.0.0.5' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { code: ['invalid'] } });
    expect((await demo.controller(second)).keyHash).toBeNull();
  });

  it('lets a code expire after ten minutes: no claim, and the gateway is told to ask again', async () => {
    const { key, code } = await gatewayAsksForCode();
    const controller = await spareOf('A', 'Scaduto');
    t.clock.advance(PAIRING_CODE_TTL_MS);
    const late = await claim(ADMIN, controller, { code, board: 'http://10.0.0.5' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ fields: { code: ['invalid'] } });
    expect((await statusOf(code, key)).statusCode).toBe(404);
  });

  it('tells the status only to the key that asked for the code', async () => {
    const { code } = await gatewayAsksForCode();
    const wrong = await statusOf(code, randomBytes(32).toString('base64url'));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await statusOf('ABCD-EFGH', 'x')).statusCode).toBe(404);
  });

  it('refuses codes that cannot be one and addresses a gateway cannot use, as field errors', async () => {
    const controller = await spareOf('A', 'Campi');
    const response = await claim(ADMIN, controller, {
      code: 'ABC0-1234',
      board: 'https://192.168.1.50',
      webcam: 'http://192.168.1.51:8080/stream',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: { code: ['invalidFormat'], board: ['invalidFormat'], webcam: ['invalidFormat'] },
    });
  });
});

describe('who may claim', () => {
  it('is administrators: a manager is refused on their own controller, and another business’s is 404', async () => {
    const own = await spareOf('A', 'Del manager');
    const other = await spareOf('B', 'Di un altro');
    const { code } = await gatewayAsksForCode();
    const body = { code, board: 'http://10.0.0.5' };
    expect((await claim('manager@demo.test', own, body)).statusCode).toBe(403);
    expect((await claim('manager@demo.test', other, body)).statusCode).toBe(404);
    for (const email of ['tech@demo.test', 'customer@demo.test']) {
      expect((await claim(email, other, body)).statusCode).toBe(404);
    }
    expect((await claim(ADMIN, 999_999, body)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `${CONTROLLERS}/${own}/pairing`, payload: body }))
        .statusCode,
    ).toBe(401);
    // None of those used the code up.
    expect((await claim(ADMIN, own, body)).statusCode).toBe(200);
  });
});

describe('limits', () => {
  it('gives one address a limited number of codes in ten minutes', async () => {
    const address = freshAddress();
    for (let i = 0; i < PAIRING_LIMITS.codesPerAddress; i += 1) {
      expect((await gatewayAsksForCode(address)).response.statusCode).toBe(201);
    }
    const refused = (await gatewayAsksForCode(address)).response;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await gatewayAsksForCode()).response.statusCode).toBe(201);
    t.clock.advance(PAIRING_LIMITS.windowMs);
    expect((await gatewayAsksForCode(address)).response.statusCode).toBe(201);
  });

  it('counts every claim of a user: guessing stops long before a code could be found', async () => {
    const controller = await spareOf('A', 'Bersaglio');
    const address = freshAddress();
    for (let i = 0; i < PAIRING_LIMITS.claimsPerUser; i += 1) {
      const wrong = await claim(ADMIN, controller, { code: 'ZZZZ-ZZZ2', board: 'http://10.0.0.5' }, address);
      expect(wrong.statusCode).toBe(400);
    }
    const { code } = await gatewayAsksForCode();
    const refused = await claim(ADMIN, controller, { code, board: 'http://10.0.0.5' }, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(PAIRING_LIMITS.windowMs);
    // The window is over, and the code has expired with it: the gateway shows a new one.
    const fresh = await gatewayAsksForCode();
    expect(
      (await claim(ADMIN, controller, { code: fresh.code, board: 'http://10.0.0.5' }, address)).statusCode,
    ).toBe(200);
  });
});

describe("the gateway's packages", () => {
  it('lists the newest version’s packages to administrators and serves their bytes', async () => {
    const list = await demo.call(ADMIN, 'GET', '/api/v1/gateway/packages');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      version: '0.1.0',
      packages: [
        { kind: 'deb', file: 'portal-gateway_0.1.0_all.deb' },
        { kind: 'npm', file: 'portal-gateway-0.1.0.tgz' },
      ],
    });
    const deb = await demo.call(ADMIN, 'GET', '/api/v1/gateway/packages/portal-gateway_0.1.0_all.deb');
    expect(deb.statusCode).toBe(200);
    expect(deb.headers['content-type']).toBe('application/vnd.debian.binary-package');
    expect(deb.headers['content-disposition']).toBe('attachment; filename="portal-gateway_0.1.0_all.deb"');
    expect(deb.body).toBe('a stand-in for the Debian package\n');
  });

  it('serves nothing but the listed files, and nothing to others', async () => {
    for (const file of ['portal-gateway-0.0.9.tgz', '..%2Ftest-config.ts', 'test-config.ts']) {
      expect((await demo.call(ADMIN, 'GET', `/api/v1/gateway/packages/${file}`)).statusCode).toBe(404);
    }
    for (const email of ['manager@demo.test', 'tech@demo.test', 'customer@demo.test']) {
      expect((await demo.call(email, 'GET', '/api/v1/gateway/packages')).statusCode).toBe(403);
    }
  });
});
