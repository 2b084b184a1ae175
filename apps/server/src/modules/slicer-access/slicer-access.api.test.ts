import { Role, type SlicerUrlSegment, slicerDuetPath } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businesses, computerControllers, licenses, users } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { useRecordingBoard } from '../../test/fake-gateway.ts';
import { CUSTOMER, type DuetRequestInit, duetRequest } from '../../test/slicer-fixtures.ts';
import { bearer } from '../../test/test-app.ts';

const t = useTestApp({ proxyTimeoutMs: 2000, sessionCacheMs: 0 });
/** The valid controller's board, answering every request `{"err":0}`. */
const board = useRecordingBoard(t);
const { received } = board;
/** Controllers of demo groups: A's valid one (customer@ assigned), A's with an expired licence, B's. */
const controller = { valid: 0, expired: 0, other: 0 };
let sessions: Record<'admin' | 'manager' | 'customer' | 'customer2', string>;

beforeAll(async () => {
  Object.assign(controller, await t.demoControllers());
  sessions = await t.sessionsFor('admin', 'manager', 'customer', 'customer2');
  await board.connect(controller.valid);
});
afterEach(() => {
  board.forget();
});

const upload = { can_connect: true, can_upload_files: true, full_control: false };
const full = { can_connect: true, can_upload_files: true, full_control: true };

const createToken = (session: string, controllerId: number, payload: object = upload) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/customer/printer/duet/${controllerId}/token`,
    headers: bearer(session),
    payload,
  });

/** A token for the valid controller, the customer's unless told, upload and print unless told. */
const tokenOf = (email = CUSTOMER, rights: { full_control?: boolean } = {}) =>
  t.slicerToken(email, controller.valid, rights);

/** A request under a token's Duet URL: the valid controller's, at the upload level, unless told. */
const slicer = (
  token: string,
  rest: string,
  {
    level = 'upload',
    id = controller.valid,
    ...init
  }: DuetRequestInit & { level?: SlicerUrlSegment; id?: number } = {},
) => duetRequest(t.app, slicerDuetPath(id, level, token), rest, init);

describe('creating and revoking slicer tokens', () => {
  it('gives a customer an upload token for a machine they reach, expiring six months later', async () => {
    const response = await createToken(sessions.customer, controller.valid);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.level).toBe('upload');
    const now = t.clock.now();
    const inSixMonths = new Date(now);
    inSixMonths.setUTCMonth(now.getUTCMonth() + 6);
    expect(Math.abs(body.expires_at - inSixMonths.getTime())).toBeLessThan(1000);
  });

  it('keeps full control for administrators, and another business machine is 404', async () => {
    expect((await createToken(sessions.customer, controller.valid, full)).statusCode).toBe(403);
    expect((await createToken(sessions.admin, controller.valid, full)).json().level).toBe('full_control');
    expect((await createToken(sessions.customer2, controller.valid)).statusCode).toBe(404);
    expect((await createToken(sessions.customer, 999_999)).statusCode).toBe(404);
    expect((await createToken(sessions.manager, controller.expired)).json().code).toBe('LICENSE_EXPIRED');
  });

  it('refuses a request that asks for no level, and anonymous callers', async () => {
    const none = { can_connect: false, can_upload_files: false, full_control: false };
    expect((await createToken(sessions.customer, controller.valid, none)).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer/printer/duet/${controller.valid}/token`,
      payload: upload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the slicer URL', () => {
  it("relays PrusaSlicer's upload and print with the prefix stripped and the body raw", async () => {
    const token = await tokenOf();
    const connect = await slicer(token, 'rr_connect?password=reprap&time=2026-01-01T10:00:00');
    expect(connect.json()).toEqual({ err: 0 });
    const uploaded = await slicer(token, 'rr_upload?name=0:/gcodes/cube.gcode&time=2026-01-01T10:00:00', {
      method: 'POST',
      payload: 'G28\nG1 X10=5&a\n',
      headers: { 'content-type': 'application/x-www-form-urlencoded', expect: '100-continue' },
    });
    expect(uploaded.statusCode).toBe(200);
    const print = await slicer(token, 'rr_gcode?gcode=M32%20"0:/gcodes/cube.gcode"');
    expect(print.statusCode).toBe(200);
    // The test client escapes the literal quotes itself; the portal reads either form as the board will.
    expect(board.lines()).toEqual([
      'GET /board/rr_connect?password=reprap&time=2026-01-01T10:00:00',
      'POST /board/rr_upload?name=0:/gcodes/cube.gcode&time=2026-01-01T10:00:00',
      'GET /board/rr_gcode?gcode=M32 "0:/gcodes/cube.gcode"',
    ]);
    expect(received[1]?.body).toBe('G28\nG1 X10=5&a\n');
    expect(print.headers['content-security-policy']).toMatch(/^sandbox/);
  });

  it("takes Cura's Basic credentials and %22 quotes, and DSF's machine/code", async () => {
    const token = await tokenOf();
    const basic = { authorization: `Basic ${Buffer.from('cura:secret').toString('base64')}` };
    const simulate = await slicer(token, 'rr_gcode?gcode=M37%20P%220%3A/gcodes/cube.gcode%22', {
      headers: basic,
    });
    expect(simulate.statusCode).toBe(200);
    const code = await slicer(token, 'machine/code', {
      method: 'POST',
      payload: 'M32 "0:/gcodes/cube.gcode"',
      headers: { 'content-type': 'text/plain' },
    });
    expect(code.statusCode).toBe(200);
    expect(received.at(-1)?.body).toBe('M32 "0:/gcodes/cube.gcode"');
  });

  it('refuses with a JSON 403 what an upload token does not allow, and never asks the board', async () => {
    const token = await tokenOf();
    const refused = [
      await slicer(token, 'rr_gcode?gcode=M112'),
      await slicer(token, 'rr_delete?name=0:/gcodes/cube.gcode'),
      await slicer(token, 'rr_download?name=0:/sys/config.g'),
      await slicer(token, 'machine/file/gcodes/cube.gcode', { method: 'DELETE' }),
      await slicer(token, 'machine/code', {
        method: 'POST',
        payload: 'M112',
        headers: { 'content-type': 'text/plain' },
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(received).toEqual([]);
  });

  it('refuses an upload whose G-code re-programs the board, since the same token prints it', async () => {
    const token = await tokenOf();
    const lines = 'G1 X10 Y10 E0.5\n'.repeat(5_000);
    for (const [path, method, code] of [
      ['rr_upload?name=0:/gcodes/evil.gcode', 'POST', 'M552 S0'],
      ['machine/file/gcodes/evil.gcode', 'PUT', 'M997 S0'],
    ] as const) {
      const response = await slicer(token, path, { method, payload: `${lines}${code}\n${lines}` });
      expect([response.statusCode, response.json().code], path).toEqual([403, 'ADMIN_PATH_ONLY']);
    }
    // Neither upload was completed on the board.
    expect(received).toEqual([]);
    const fine = await slicer(token, 'rr_upload?name=0:/gcodes/fine.gcode', {
      method: 'POST',
      payload: lines,
    });
    expect(fine.json()).toEqual({ err: 0 });
  });

  it('lets a full-control token send anything, on its own level only', async () => {
    const token = await tokenOf('admin@demo.test', { full_control: true });
    expect((await slicer(token, 'rr_gcode?gcode=M112', { level: 'full_control' })).statusCode).toBe(200);
    expect((await slicer(token, 'rr_gcode?gcode=M112')).statusCode).toBe(403);
    const uploadToken = await tokenOf();
    expect((await slicer(uploadToken, 'rr_model', { level: 'full_control' })).statusCode).toBe(403);
    expect((await slicer(uploadToken, 'rr_model', { id: controller.other })).statusCode).toBe(403);
  });

  it('ends a token when a new one is created, and every token on revoke-all', async () => {
    const first = await tokenOf();
    const second = await tokenOf();
    expect((await slicer(first, 'rr_model')).json()).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await slicer(second, 'rr_model')).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/customer/tokens/invalidate',
      headers: bearer(sessions.customer),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await slicer(second, 'rr_model')).statusCode).toBe(401);
    const third = await tokenOf();
    expect((await slicer(third, 'rr_model')).statusCode).toBe(200);
  });

  it('refuses forged and expired tokens with 401', async () => {
    const token = await tokenOf();
    const [head, payload] = token.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    expect((await slicer(forged, 'rr_model')).json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await slicer('not-a-token', 'rr_model')).statusCode).toBe(401);
    const [, claims] = token.split('.');
    const tampered = JSON.parse(Buffer.from(claims as string, 'base64url').toString());
    tampered.lvl = 'full_control';
    const raised = `${head}.${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${token.split('.')[2]}`;
    expect((await slicer(raised, 'rr_model', { level: 'full_control' })).statusCode).toBe(401);
    t.clock.advance(185 * 24 * 3600 * 1000);
    try {
      expect((await slicer(token, 'rr_model')).json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    } finally {
      t.clock.advance(-185 * 24 * 3600 * 1000);
    }
  });

  it('stops working when the business is suspended, the licence lapses or the user is disabled', async () => {
    const db = t.database.db;
    const token = await tokenOf();
    const [customer] = await db.select().from(users).where(eq(users.email, 'customer@demo.test'));
    const [machine] = await db
      .select()
      .from(computerControllers)
      .where(eq(computerControllers.id, controller.valid));
    if (!customer || !machine?.licenseId) throw new Error('demo rows missing');
    const [license] = await db.select().from(licenses).where(eq(licenses.id, machine.licenseId));

    await db.update(businesses).set({ active: false }).where(eq(businesses.id, customer.businessId));
    expect((await slicer(token, 'rr_model')).json()).toMatchObject({ code: 'BUSINESS_SUSPENDED' });
    await db.update(businesses).set({ active: true }).where(eq(businesses.id, customer.businessId));

    await db
      .update(licenses)
      .set({ activation: new Date('2000-01-01') })
      .where(eq(licenses.id, machine.licenseId));
    expect((await slicer(token, 'rr_model')).json()).toMatchObject({ code: 'LICENSE_EXPIRED' });
    await db
      .update(licenses)
      .set({ activation: license?.activation ?? null })
      .where(eq(licenses.id, machine.licenseId));

    await db.update(users).set({ enabled: false }).where(eq(users.id, customer.id));
    expect((await slicer(token, 'rr_model')).json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    await db.update(users).set({ enabled: true }).where(eq(users.id, customer.id));

    expect((await slicer(token, 'rr_model')).statusCode).toBe(200);
  });

  it("ends an administrator's full-control token once the administrator is demoted", async () => {
    const db = t.database.db;
    const token = await tokenOf('admin@demo.test', { full_control: true });
    expect((await slicer(token, 'rr_gcode?gcode=M112', { level: 'full_control' })).statusCode).toBe(200);
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    if (!admin) throw new Error('demo administrator missing');
    board.forget();
    await db.update(users).set({ role: Role.Manager }).where(eq(users.id, admin.id));
    try {
      const demoted = await slicer(token, 'rr_gcode?gcode=M112', { level: 'full_control' });
      expect([401, 403]).toContain(demoted.statusCode);
      expect(demoted.json()).toHaveProperty('code');
      expect(received).toEqual([]);
    } finally {
      await db.update(users).set({ role: admin.role }).where(eq(users.id, admin.id));
    }
  });
});
