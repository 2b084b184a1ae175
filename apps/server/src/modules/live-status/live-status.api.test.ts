import type { AddressInfo } from 'node:net';
import {
  errorBodySchema,
  licenseStateOf,
  type MachineLiveStatus,
  type MachineStatus,
  machineStatusListSchema,
  machineStatusSchema,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { EventSource } from 'eventsource';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { machineGroupUsers } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';
import { printFor, useDemoGroupBoards, writeSlicedFile } from '../../test/simulated-board.ts';
import { bearer, createTestApp } from '../../test/test-app.ts';
import type { MachineEvent } from './machine-events.ts';

const t = useTestApp({ liveStatus: { follow: true, pollMs: 50, streamRefreshMs: 100 } });
const demo = demoClient(t);
const boards = useDemoGroupBoards(t);
let origin: string;
const busEvents: MachineEvent[] = [];

beforeAll(async () => {
  t.modules.liveStatus.events.subscribe((event) => busEvents.push(event));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

const A_GROUPS = [
  'Cella pallet',
  'Modix grande formato',
  'Prusa linea 1',
  'Prusa linea 2',
  'Voron prototipi',
];
const B_GROUPS = ['Cella pallet B', 'Prusa laboratorio', 'RatRig produzione'];

async function statusesFor(email: string): Promise<MachineStatus[]> {
  const response = await demo.call(email, 'GET', '/api/v1/machines/status');
  expect(response.statusCode).toBe(200);
  return machineStatusListSchema.parse(response.json());
}
const names = (items: MachineStatus[]) => items.map((item) => item.name).sort();

async function statusOfGroup(email: string, name: string): Promise<MachineLiveStatus> {
  const item = (await statusesFor(email)).find((candidate) => candidate.name === name);
  if (!item) throw new Error(`${email} does not see ${name}`);
  return item.status;
}

/** A simulated board for a demo group; `prepare` sets it up (a print, a stall) before its gateway dials in. */
const connectGroup = boards.connect;

describe('GET /api/v1/machines/status', () => {
  it.each([
    ['admin@demo.test', [...A_GROUPS, ...B_GROUPS].sort()],
    ['manager@demo.test', A_GROUPS],
    ['tech@demo.test', ['Cella pallet', 'Prusa linea 1', 'Voron prototipi']],
    ['customer@demo.test', ['Prusa linea 1', 'Prusa linea 2']],
    ['manager2@demo.test', B_GROUPS],
    ['customer2@demo.test', ['Prusa laboratorio', 'RatRig produzione']],
  ])('gives %s the machine groups they see, and no other', async (email, expected) => {
    const items = await statusesFor(email);
    expect(names(items)).toEqual(expected);
    for (const item of items) {
      expect(item.controllerId).toBe((await demo.group(item.name)).computerControllerId);
      expect(item.machineGroupId).toBe((await demo.group(item.name)).id);
    }
  });

  it("gives each machine its controller's licence, so the cards can tell expiring and expired ones", async () => {
    const now = Date.now();
    const items = await statusesFor('admin@demo.test');
    const stateOf = (name: string) => {
      const license = items.find((item) => item.name === name)?.license;
      return license ? licenseStateOf(license, now) : 'none';
    };
    expect(stateOf('Prusa linea 1')).toBe('active');
    expect(stateOf('Prusa linea 2')).toBe('expiring');
    expect(stateOf('Voron prototipi')).toBe('expired');
    // A customer reads the same licence of the machines they see, and nothing of others.
    const customer = await statusesFor('customer@demo.test');
    expect(customer.find((item) => item.name === 'Prusa linea 2')?.license).toEqual(
      items.find((item) => item.name === 'Prusa linea 2')?.license,
    );
  });

  it('shows a machine whose gateway never connected as gateway offline', async () => {
    expect(await statusOfGroup('manager@demo.test', 'Voron prototipi')).toEqual({
      state: 'gatewayOffline',
      job: null,
      heaters: [],
      boardName: null,
      firmwareVersion: null,
      updatedAt: null,
    });
  });

  it('shows waiting until the board first answers', async () => {
    await connectGroup('Modix grande formato', {}, ({ board }) => {
      board.faults.stall = true;
    });
    expect((await statusOfGroup('manager@demo.test', 'Modix grande formato')).state).toBe('waiting');
  });

  it('shows the board offline when the gateway answers that it cannot reach it', async () => {
    await connectGroup('Cella pallet', {}, (board) => {
      board.gatewayAnswer = { status: 504, gateway: 'board-timeout' };
    });
    await vi.waitFor(async () =>
      expect(await statusOfGroup('manager@demo.test', 'Cella pallet')).toMatchObject({
        state: 'boardOffline',
        job: null,
      }),
    );
  });

  it('shows a print with its job, progress and times', async () => {
    // Ten minutes into a forty-minute print of 8000 bytes: 2000 bytes read, 1800 s left.
    await connectGroup(
      'Prusa linea 1',
      { name: 'prusa-1', firmware: '3.5', release: '3.5.1' },
      ({ board }) => {
        writeSlicedFile(board, '0:/gcodes/staffa.gcode', { size: 8000, printSeconds: 2400 });
        printFor(board, '0:/gcodes/staffa.gcode', 600);
      },
    );
    await vi.waitFor(async () =>
      expect(await statusOfGroup('customer@demo.test', 'Prusa linea 1')).toMatchObject({
        state: 'processing',
        boardName: 'prusa-1',
        firmwareVersion: '3.5.1',
        job: { fileName: '0:/gcodes/staffa.gcode', progress: 25, finished: false, durationSeconds: 600 },
      }),
    );
    const { job, updatedAt } = await statusOfGroup('customer@demo.test', 'Prusa linea 1');
    expect(updatedAt).not.toBeNull();
    expect(job?.estimatedEnd).toBe(
      new Date(Math.round(Date.parse(updatedAt ?? '') / 1000 + 1800) * 1000).toISOString(),
    );
  });

  it('answers 401 without a session token, and takes none from the query string', async () => {
    const anonymous = await t.app.inject({ url: '/api/v1/machines/status' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorBodySchema.safeParse(anonymous.json()).success).toBe(true);
    const token = await t.tokenFor('admin@demo.test');
    expect((await t.app.inject({ url: `/api/v1/machines/status?token=${token}` })).statusCode).toBe(401);
  });
});

/** An EventSource as a page opens it: the token in the query, or (`headers`) a client that can send one. */
function openStream(token: string, { inQuery = true } = {}) {
  const received: { type: string; data: unknown }[] = [];
  const url = `${origin}/api/v1/machines/status/stream${inQuery ? `?token=${token}` : ''}`;
  const source = new EventSource(url, {
    fetch: (input, init) =>
      fetch(input, inQuery ? init : { ...init, headers: { ...init?.headers, ...bearer(token) } }),
  });
  for (const type of ['snapshot', 'status']) {
    source.addEventListener(type, (event) => received.push({ type, data: JSON.parse(event.data) }));
  }
  const statuses = () =>
    received.flatMap((event) => (event.type === 'status' ? [machineStatusSchema.parse(event.data)] : []));
  return { source, received, statuses };
}

describe('GET /api/v1/machines/status/stream', () => {
  it('sends a snapshot, then each change of a visible machine, and nothing of another business', async () => {
    const customer = openStream(await t.tokenFor('customer@demo.test'));
    const admin = openStream(await t.tokenFor('admin@demo.test'), { inQuery: false });
    try {
      await vi.waitFor(() => expect(customer.received.length).toBeGreaterThan(0));
      const [first] = customer.received;
      expect(first?.type).toBe('snapshot');
      expect(names(machineStatusListSchema.parse(first?.data))).toEqual(['Prusa linea 1', 'Prusa linea 2']);
      await vi.waitFor(() => expect(admin.received[0]?.type).toBe('snapshot'));

      // Another business's machine changes: the administrator's stream shows it, the customer's must not.
      const ratrig = await connectGroup('RatRig produzione', { mode: 'sbc' });
      void ratrig.board.board.runGcode('M112');
      await vi.waitFor(() =>
        expect(admin.statuses()).toContainEqual(
          expect.objectContaining({
            machineGroupId: ratrig.group.id,
            status: expect.objectContaining({ state: 'halted' }),
          }),
        ),
      );

      // Then one of the customer's machines changes: its event arrives after any the other could have caused.
      const linea2 = await connectGroup('Prusa linea 2', { initial: 'paused' });
      await vi.waitFor(() =>
        expect(customer.statuses()).toContainEqual(
          expect.objectContaining({
            machineGroupId: linea2.group.id,
            status: expect.objectContaining({ state: 'paused' }),
          }),
        ),
      );
      expect(
        customer.statuses().every((item) => ['Prusa linea 1', 'Prusa linea 2'].includes(item.name)),
      ).toBe(true);
      expect(JSON.stringify(customer.received)).not.toContain('RatRig');
      expect(
        busEvents.some(
          (event) => event.type !== 'queue' && event.controllerId === ratrig.group.computerControllerId,
        ),
      ).toBe(true);
    } finally {
      customer.source.close();
      admin.source.close();
    }
  });

  it('answers as an event stream, kept alive by the server', async () => {
    const token = await t.tokenFor('customer@demo.test');
    const controller = new AbortController();
    const response = await fetch(`${origin}/api/v1/machines/status/stream?token=${token}`, {
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    controller.abort();
    await vi.waitFor(() => expect(t.modules.liveStatus.streams.open).toBe(0));
  });

  it('sends a new snapshot when the machines the caller sees change', async () => {
    const customer = openStream(await t.tokenFor('customer@demo.test'));
    const snapshots = () =>
      customer.received.flatMap((event) =>
        event.type === 'snapshot' ? [names(machineStatusListSchema.parse(event.data))] : [],
      );
    const assignment = {
      machineGroupId: (await demo.group('Cella pallet')).id,
      userId: await t.idOf('customer@demo.test'),
    };
    try {
      await vi.waitFor(() => expect(snapshots()).toEqual([['Prusa linea 1', 'Prusa linea 2']]));
      await t.database.db.insert(machineGroupUsers).values(assignment);
      await vi.waitFor(() =>
        expect(snapshots().at(-1)).toEqual(['Cella pallet', 'Prusa linea 1', 'Prusa linea 2']),
      );
      await t.database.db
        .delete(machineGroupUsers)
        .where(
          and(
            eq(machineGroupUsers.machineGroupId, assignment.machineGroupId),
            eq(machineGroupUsers.userId, assignment.userId),
          ),
        );
      await vi.waitFor(() => expect(snapshots().at(-1)).toEqual(['Prusa linea 1', 'Prusa linea 2']));
    } finally {
      customer.source.close();
    }
  });

  it('ends when the session that opened it ends', async () => {
    const token = await t.tokenFor('customer@demo.test');
    const response = await fetch(`${origin}/api/v1/machines/status/stream?token=${token}`);
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    expect((await reader.read()).done).toBe(false);
    const logout = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: bearer(token) });
    expect(logout.statusCode).toBeLessThan(300);
    while (!(await reader.read()).done);
  });

  it('ends open streams when the server stops', async () => {
    const other = await createTestApp();
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = other.app.server.address() as AddressInfo;
    const token = await other.tokenFor('admin@demo.test');
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/machines/status/stream?token=${token}`);
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    expect((await reader.read()).done).toBe(false);
    await other.close();
    while (!(await reader.read()).done);
  });

  it('answers 401 without a token or with a bad one, and 400 for a token sent twice', async () => {
    const token = await t.tokenFor('customer@demo.test');
    const statusOf = async (query: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${origin}/api/v1/machines/status/stream${query}`, { headers });
      const body = errorBodySchema.safeParse(await response.json());
      expect(body.success).toBe(true);
      return response.status;
    };
    expect(await statusOf('')).toBe(401);
    expect(await statusOf('?token=not-a-token')).toBe(401);
    expect(await statusOf(`?token=${token.slice(0, -2)}xx`)).toBe(401);
    expect(await statusOf(`?token=${token}&token=${token}`)).toBe(400);
    expect(await statusOf(`?token=${token}`, bearer(token))).toBe(400);
  });
});
