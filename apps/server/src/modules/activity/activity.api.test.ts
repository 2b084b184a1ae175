import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ActivityEntry, type ActivityVerification, type Page, Role } from '@portal/contract';
import { boardRequest } from '@portal/duet/protocol';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityRecords } from '../../db/schema.ts';
import { InProcessBus } from '../../shared/cluster-bus.ts';
import { useTestApp } from '../../test/api-test.ts';
import { useRecordingBoard } from '../../test/fake-gateway.ts';
import { bearer } from '../../test/test-app.ts';
import { TEST_ACTIVITY_KEY, TEST_CONFIG } from '../../test/test-config.ts';
import { createActivityModule } from './activity.module.ts';
import { ActivityRepository } from './activity.repository.ts';
import { ActivityJournal } from './activity-journal.ts';
import { ActivityKey } from './activity-key.ts';
import { ActivityLog } from './activity-log.ts';

const t = useTestApp({ activity: { flushMs: 5 } });
/** Both controllers' boards, answering every request `{"err":0}` (as RRF answers a change it made). */
const board = useRecordingBoard(t);
let controllerA = 0;
let controllerB = 0;
let tokens: Record<'admin' | 'manager' | 'tech' | 'customer' | 'customer2', string>;

const controllerOf = async (name: string) => {
  const row = await t.demoGroup(name);
  if (!row.computerControllerId) throw new Error(`no controller in demo group ${name}`);
  return row.computerControllerId;
};

beforeAll(async () => {
  controllerA = await controllerOf('Prusa linea 1');
  controllerB = await controllerOf('RatRig produzione');
  tokens = await t.sessionsFor('admin', 'manager', 'tech', 'customer', 'customer2');
  for (const id of [controllerA, controllerB]) {
    await board.connect(id);
  }
});

afterEach(() => t.modules.activity.log.flush());

const proxied = (
  token: string,
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; payload?: Buffer | string; contentType?: string } = {},
) =>
  t.app.inject({
    method: init.method ?? 'GET',
    url: path,
    headers: { ...bearer(token), ...(init.contentType && { 'content-type': init.contentType }) },
    ...(init.payload !== undefined && { payload: init.payload }),
  });

async function listed(token: string, query = ''): Promise<Page<ActivityEntry>> {
  await t.modules.activity.log.flush();
  const response = await t.app.inject({ url: `/api/v1/activity${query}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const verify = async (): Promise<ActivityVerification> => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/activity/verify',
    headers: bearer(tokens.admin),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('the activity record of board changes', () => {
  it('records G-code sent on the admin path with who, where from, the machine, its business and the answer', async () => {
    const sent = await proxied(tokens.admin, `/proxy/duet/3.6/admin/${controllerA}/rr_gcode?gcode=M115%20P1`);
    expect(sent.statusCode).toBe(200);
    const [entry] = (await listed(tokens.admin, `?controller=${controllerA}&kind=board.gcode`)).items;
    expect(entry).toMatchObject({
      kind: 'board.gcode',
      detail: { gcode: 'M115 P1' },
      via: 'admin',
      actor: { email: 'admin@demo.test', role: Role.Administrator },
      controller: controllerA,
      machine: 'Prusa linea 1',
      outcome: 200,
      address: '127.0.0.1',
    });
    expect(entry?.business).toEqual(expect.any(Number));
  });

  it('records an upload with its name, size and SHA-256, and a DSF G-code body with its text', async () => {
    const file = Buffer.from('G28\nG1 X10 Y10\n'.repeat(1000));
    const upload = await proxied(
      tokens.customer,
      `/proxy/duet/3.6/customer/${controllerA}/rr_upload?name=${encodeURIComponent('0:/gcodes/part.gcode')}`,
      { method: 'POST', payload: file, contentType: 'application/octet-stream' },
    );
    expect(upload.statusCode).toBe(200);
    const code = await proxied(tokens.admin, `/proxy/duet/3.6/admin/${controllerA}/machine/code`, {
      method: 'POST',
      payload: 'M104 S200',
      contentType: 'text/plain',
    });
    expect(code.statusCode).toBe(200);
    const { items } = await listed(tokens.admin, `?controller=${controllerA}`);
    expect(items.find((entry) => entry.kind === 'board.upload')).toMatchObject({
      detail: {
        name: '0:/gcodes/part.gcode',
        size: file.length,
        sha256: createHash('sha256').update(file).digest('hex'),
      },
      via: 'customer',
      actor: { email: 'customer@demo.test' },
    });
    expect(items[0]).toMatchObject({ kind: 'board.gcode', detail: { gcode: 'M104 S200' } });
  });

  it('records deletes, moves and new folders of both firmwares, escaped paths included, and no read', async () => {
    const before = (await listed(tokens.admin)).total;
    const base = `/proxy/duet/3.6/admin/${controllerA}`;
    await proxied(tokens.admin, `${base}/rr_model?key=state&flags=d99fn`);
    await proxied(tokens.admin, `${base}/rr_filelist?dir=0:/gcodes`);
    await proxied(tokens.admin, `${base}/rr_delete?name=0:/gcodes/a.gcode`);
    await proxied(tokens.admin, `${base}/rr_%6Dove?old=0:/gcodes/b.gcode&new=0:/gcodes/c.gcode`);
    await proxied(tokens.admin, `${base}/rr_mkdir?dir=0:/gcodes/new`);
    await proxied(tokens.admin, `${base}/machine/file/0:/gcodes/d.gcode`, { method: 'DELETE' });
    await proxied(tokens.admin, `${base}/machine/directory/0:/gcodes/e`, { method: 'PUT' });
    await proxied(tokens.admin, `${base}/machine/file/move`, {
      method: 'POST',
      payload: 'from=0%3A%2Fgcodes%2Ff.gcode&to=0%3A%2Fgcodes%2Fg.gcode',
      contentType: 'application/x-www-form-urlencoded',
    });
    const { items, total } = await listed(tokens.admin, '?pageSize=6');
    expect(total - before).toBe(6);
    expect(items.map((entry) => [entry.kind, entry.detail]).reverse()).toEqual([
      ['board.delete', { name: '0:/gcodes/a.gcode' }],
      ['board.move', { from: '0:/gcodes/b.gcode', to: '0:/gcodes/c.gcode' }],
      ['board.mkdir', { name: '0:/gcodes/new' }],
      ['board.delete', { name: '0:/gcodes/d.gcode' }],
      ['board.mkdir', { name: '0:/gcodes/e' }],
      ['board.move', { from: '0:/gcodes/f.gcode', to: '0:/gcodes/g.gcode' }],
    ]);
  });

  it("shows a business's people only what concerns their machines and themselves; an administrator everything", async () => {
    await proxied(tokens.admin, `/proxy/duet/3.6/admin/${controllerB}/rr_gcode?gcode=M117%20B`);
    const all = await listed(tokens.admin);
    const ofA = await listed(tokens.manager);
    const ofB = await listed(tokens.customer2);
    expect(all.items.some((entry) => entry.controller === controllerB)).toBe(true);
    expect(ofA.total).toBeGreaterThan(0);
    expect(ofA.items.every((entry) => entry.controller === controllerA)).toBe(true);
    expect(ofB.items.map((entry) => entry.detail)).toEqual([{ gcode: 'M117 B' }]);
    expect((await listed(tokens.admin, '?q=m117%20b')).items.map((entry) => entry.detail)).toEqual([
      { gcode: 'M117 B' },
    ]);
    // Filtering by another business's machine finds nothing of it.
    expect((await listed(tokens.customer, `?controller=${controllerB}`)).total).toBe(0);
  });

  it('exports CSV with a header and one line per entry, oldest first', async () => {
    await t.modules.activity.log.flush();
    const response = await t.app.inject({
      url: `/api/v1/activity/export.csv?controller=${controllerB}`,
      headers: bearer(tokens.admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe(
      'seq,at,kind,actor_id,actor_email,actor_role,actor_business,controller,machine,business,ticket,via,detail,address,outcome,hash',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"{""gcode"":""M117 B""}"');
  });
});

describe('the chain of the activity record', () => {
  it('is refused any UPDATE, DELETE or TRUNCATE by the database itself', async () => {
    await proxied(tokens.admin, `/proxy/duet/3.6/admin/${controllerA}/rr_gcode?gcode=M118`);
    await t.modules.activity.log.flush();
    const { db } = t.database;
    await expect(db.update(activityRecords).set({ kind: 'board.mkdir' })).rejects.toThrow();
    await expect(db.delete(activityRecords)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE activity_records`)).rejects.toThrow();
  });

  it('checks whole, then finds an altered entry and a removed one where they are', async () => {
    await proxied(tokens.admin, `/proxy/duet/3.6/admin/${controllerA}/rr_gcode?gcode=M119`);
    await t.modules.activity.log.flush();
    const whole = await verify();
    expect(whole).toMatchObject({ intact: true, broken: null });
    expect(whole.checked).toBeGreaterThan(5);
    const { db } = t.database;
    const [middle] = await db
      .select({ seq: activityRecords.seq })
      .from(activityRecords)
      .where(sql`${activityRecords.detail}->>'gcode' = 'M115 P1'`);
    if (!middle) throw new Error('no entry to tamper with');
    // Tampering as only the database's owner could: with the triggers off for this transaction.
    const tamper = (statement: ReturnType<typeof sql>) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(statement);
      });
    await tamper(sql`UPDATE activity_records SET detail = '{"gcode":"M115"}' WHERE seq = ${middle.seq}`);
    expect(await verify()).toMatchObject({ intact: false, broken: { seq: middle.seq, reason: 'altered' } });
    await tamper(
      sql`UPDATE activity_records SET detail = '{"gcode":"M115 P1","via":"admin"}' WHERE seq = ${middle.seq}`,
    );
    expect(await verify()).toMatchObject({ intact: true });
    await tamper(sql`DELETE FROM activity_records WHERE seq = ${middle.seq + 1}`);
    expect(await verify()).toMatchObject({
      intact: false,
      broken: { seq: middle.seq + 1, reason: 'missing' },
    });
  });
});

describe('the retention of the activity record', () => {
  it('prunes entries older than it from the oldest on; the chain then starts from the last one pruned', async () => {
    // The test clock stands days before the database's: every entry so far is older than three days.
    await t.modules.activity.repository.setRetention(3);
    try {
      expect(await t.modules.activity.repository.prune()).toBeGreaterThan(0);
      expect((await listed(tokens.admin)).total).toBe(0);
      await proxied(tokens.admin, `/proxy/duet/3.6/admin/${controllerA}/rr_gcode?gcode=M120`);
      await t.modules.activity.log.flush();
      expect(await verify()).toMatchObject({ intact: true, checked: 1 });
    } finally {
      await t.modules.activity.repository.setRetention(1825);
    }
    // Within the retention nothing can be removed.
    await expect(t.database.db.delete(activityRecords)).rejects.toThrow();
  });
});

describe('the activity record of administrative actions', () => {
  it('records who changed which user and how, creations with their id, and never a password', async () => {
    const customerId = await t.idOf('customer@demo.test');
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${customerId}`,
      headers: bearer(tokens.manager),
      payload: { name: 'Carla' },
    });
    expect(updated.statusCode).toBe(200);
    const [business] = (await listed(tokens.admin, '?kind=user.update')).items;
    expect(business).toMatchObject({
      kind: 'user.update',
      actor: { email: 'manager@demo.test', role: Role.Manager, name: expect.any(String) },
      detail: { route: 'PUT /api/v1/users/:id', id: customerId, name: 'Carla' },
      // The user named by the name they have now, not only by id.
      names: { id: expect.stringMatching(/^Carla\b/) },
      controller: null,
      outcome: 200,
    });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(tokens.admin),
      payload: {
        business: business?.actor?.business,
        email: 'audited@demo.test',
        name: 'Audit',
        surname: 'Ed',
        password: 'Secret-Pass-123',
        role: Role.Customer,
        enabled: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const [entry] = (await listed(tokens.admin, '?kind=user.create')).items;
    expect(entry?.detail).toMatchObject({
      created: created.json().id,
      email: 'audited@demo.test',
      password: 'set',
    });
    expect(entry?.names).toEqual({ created: 'Audit Ed', business: expect.any(String) });
    expect(JSON.stringify(entry)).not.toContain('Secret-Pass-123');
    // It concerns the user's business: its manager reads it too.
    expect((await listed(tokens.manager, '?kind=user.create')).items.map((item) => item.seq)).toContain(
      entry?.seq,
    );
  });

  it('records nothing of a refused action', async () => {
    const before = (await listed(tokens.admin)).total;
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${await t.idOf('admin@demo.test')}`,
      headers: bearer(tokens.customer),
      payload: { name: 'X' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await listed(tokens.admin)).total).toBe(before);
  });
});

describe('an instance that stopped before its entries were written', () => {
  it('writes them at its next start from its journal: answered ones whole, the one under way marked unfinished', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'activity-journal-'));
    try {
      const repository = new ActivityRepository(t.database.db, new ActivityKey(TEST_ACTIVITY_KEY));
      const { journal } = await ActivityJournal.open(root);
      // Batches an hour apart: nothing reaches the database before the "crash".
      const log = new ActivityLog({ repository, clock: t.clock.now, flushMs: 3_600_000 });
      log.start(pino({ level: 'silent' }), journal);
      const actor = { userId: await t.idOf('admin@demo.test'), path: 'admin' as const, sessionId: 's' };
      const facts = { controllerId: controllerA, actor, address: '127.0.0.1' };
      const gcode = (code: string) => boardRequest('GET', '/rr_gcode', { gcode: code });
      log
        .changeOf({ ...facts, board: gcode('M300 journal') })
        ?.start()
        .end(200);
      log.changeOf({ ...facts, board: gcode('M301 journal') })?.start();
      await vi.waitFor(async () =>
        expect(
          (
            await readFile(path.join(root, (await readdir(root))[0] as string, '00000000.ndjson'), 'utf8')
          ).split('\n'),
        ).toHaveLength(4),
      );
      // The process dies: its lock goes stale, its journal stays.
      await journal.close({ clean: false });

      const next = createActivityModule({
        db: t.database.db,
        clock: t.clock.now,
        config: { ...TEST_CONFIG, activity: { journalDir: root } },
        bus: new InProcessBus(),
      });
      await next.start(pino({ level: 'silent' }));
      const { items } = await listed(tokens.admin, '?q=journal');
      expect(items.map((entry) => [entry.detail, entry.outcome])).toEqual([
        [{ gcode: 'M301 journal', unfinished: true }, null],
        [{ gcode: 'M300 journal' }, 200],
      ]);
      await next.stop();
      // Written once: a second start finds nothing left.
      expect(await readdir(root)).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the activity routes', () => {
  it('answer 401 without a session, 400 on a bad filter, 403 to a check by anyone but an administrator', async () => {
    expect((await t.app.inject({ url: '/api/v1/activity' })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/v1/activity?controller=abc', headers: bearer(tokens.admin) });
    expect(bad.statusCode).toBe(400);
    const kind = await t.app.inject({ url: '/api/v1/activity?kind=nope', headers: bearer(tokens.admin) });
    expect(kind.statusCode).toBe(400);
    for (const token of [tokens.manager, tokens.tech, tokens.customer]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/activity/verify',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(403);
    }
  });
});
