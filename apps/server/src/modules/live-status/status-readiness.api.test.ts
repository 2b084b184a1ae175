import type { AddressInfo } from 'node:net';
import {
  type MachineLiveStatus,
  type MachineStatus,
  machineStatusListSchema,
  machineStatusSchema,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { machineGroupUsers } from '../../db/schema.ts';
import { demoClient } from '../../test/demo-lookup.ts';
import { useTwoInstances } from '../../test/two-instances.ts';

/**
 * The print queue's readiness ("bed clear") in the fleet's statuses (docs/design.md §6): carried to whoever may use
 * the queue of the machine's business, and followed by the status streams of every instance of a deployment.
 * The streams' periodic check is an hour away: a change they show came through the bus.
 */
const instances = useTwoInstances({ liveStatus: { follow: false, streamRefreshMs: 3_600_000 } });
let demo: ReturnType<typeof demoClient>;
/** The second instance's origin: streams opened there hear of marks made on the first. */
let secondOrigin: string;

beforeAll(async () => {
  demo = demoClient(instances.first);
  await instances.second.app.listen({ host: '127.0.0.1', port: 0 });
  secondOrigin = `http://127.0.0.1:${(instances.second.app.server.address() as AddressInfo).port}`;
});

async function statusesFor(email: string): Promise<MachineStatus[]> {
  const response = await demo.call(email, 'GET', '/api/v1/machines/status');
  expect(response.statusCode).toBe(200);
  return machineStatusListSchema.parse(response.json());
}

/** Each machine the person sees by name, with its readiness ('absent' when the status does not carry it). */
async function readinessFor(email: string): Promise<Record<string, boolean | 'absent'>> {
  const items = await statusesFor(email);
  return Object.fromEntries(items.map((item) => [item.name, item.ready ?? 'absent']));
}

async function mark(email: string, group: string, method: 'PUT' | 'DELETE') {
  const { id } = await demo.group(group);
  const response = await demo.call(email, method, `/api/v1/machinegroup/${id}/ready`);
  expect(response.statusCode, response.body).toBeLessThan(300);
}

/** Assigns a machine group to a user directly, as no screen would across businesses; returns the undoing. */
async function assign(email: string, group: string): Promise<() => Promise<void>> {
  const row = { machineGroupId: (await demo.group(group)).id, userId: await instances.first.idOf(email) };
  const { db } = instances.first.database;
  await db.insert(machineGroupUsers).values(row);
  return async () => {
    await db
      .delete(machineGroupUsers)
      .where(
        and(
          eq(machineGroupUsers.machineGroupId, row.machineGroupId),
          eq(machineGroupUsers.userId, row.userId),
        ),
      );
  };
}

/** A page's status stream on the second instance: its `status` events as they come. */
async function openStream(email: string) {
  const token = await instances.first.tokenFor(email);
  const source = new EventSource(`${secondOrigin}/api/v1/machines/status/stream?token=${token}`);
  const snapshots: MachineStatus[][] = [];
  const statuses: MachineStatus[] = [];
  source.addEventListener('snapshot', (event) =>
    snapshots.push(machineStatusListSchema.parse(JSON.parse(event.data))),
  );
  source.addEventListener('status', (event) =>
    statuses.push(machineStatusSchema.parse(JSON.parse(event.data))),
  );
  await vi.waitFor(() => expect(snapshots).toHaveLength(1));
  return { source, snapshots, statuses };
}

describe('GET /api/v1/machines/status and readiness', () => {
  it('carries each machine’s readiness to every person who uses its business’s queue', async () => {
    const everyone = ['admin@demo.test', 'manager@demo.test', 'tech@demo.test', 'customer@demo.test'];
    for (const email of [...everyone, 'manager2@demo.test', 'customer2@demo.test']) {
      expect(
        Object.values(await readinessFor(email)).every((ready) => ready === false),
        email,
      ).toBe(true);
    }
    await mark('customer@demo.test', 'Prusa linea 1', 'PUT');
    for (const email of everyone) expect((await readinessFor(email))['Prusa linea 1'], email).toBe(true);
    expect((await readinessFor('manager@demo.test'))['Prusa linea 2']).toBe(false);
    await mark('manager@demo.test', 'Prusa linea 1', 'DELETE');
    for (const email of everyone) expect((await readinessFor(email))['Prusa linea 1'], email).toBe(false);
  });

  it('leaves it out for a machine of another business, whose queue the person may not use', async () => {
    const unassign = await assign('customer@demo.test', 'RatRig produzione');
    try {
      await mark('manager2@demo.test', 'RatRig produzione', 'PUT');
      expect(await readinessFor('customer@demo.test')).toEqual({
        'Prusa linea 1': false,
        'Prusa linea 2': false,
        'RatRig produzione': 'absent',
      });
      // As the queue itself answers them: no such machine.
      const { id } = await demo.group('RatRig produzione');
      const queue = await demo.call('customer@demo.test', 'GET', `/api/v1/machinegroup/${id}/print-queue`);
      expect(queue.statusCode).toBe(404);
      expect((await readinessFor('customer2@demo.test'))['RatRig produzione']).toBe(true);
    } finally {
      await mark('manager2@demo.test', 'RatRig produzione', 'DELETE');
      await unassign();
    }
  });
});

describe('the status stream and readiness', () => {
  let unassign: (() => Promise<void>) | undefined;
  afterAll(async () => unassign?.());

  it('sends a machine again when it is marked and taken back on another instance, to its queue’s people only', async () => {
    unassign = await assign('customer@demo.test', 'RatRig produzione');
    const customer = await openStream('customer@demo.test');
    const line2 = await demo.group('Prusa linea 2');
    const ratrig = await demo.group('RatRig produzione');
    const readyEvents = (id: number) =>
      customer.statuses.filter((item) => item.machineGroupId === id).map((item) => item.ready);
    try {
      expect(customer.snapshots[0]?.find((item) => item.machineGroupId === ratrig.id)).not.toHaveProperty(
        'ready',
      );
      // Another business's machine is marked first: whatever it caused would come before what follows.
      await mark('manager2@demo.test', 'RatRig produzione', 'PUT');
      await mark('manager@demo.test', 'Prusa linea 2', 'PUT');
      await vi.waitFor(() => expect(readyEvents(line2.id)).toEqual([true]));
      await mark('customer@demo.test', 'Prusa linea 2', 'DELETE');
      await vi.waitFor(() => expect(readyEvents(line2.id)).toEqual([true, false]));
      expect(readyEvents(ratrig.id)).toEqual([]);
      expect(customer.snapshots).toHaveLength(1);
    } finally {
      customer.source.close();
      await mark('manager2@demo.test', 'RatRig produzione', 'DELETE');
    }
  });

  it('sends a machine again when it starts printing something else and so loses its mark', async () => {
    const customer = await openStream('customer@demo.test');
    const line1 = await demo.group('Prusa linea 1');
    const controllerId = line1.computerControllerId ?? 0;
    const status = (state: MachineLiveStatus['state']): MachineLiveStatus => ({
      state,
      job: null,
      heaters: [],
      boardName: null,
      firmwareVersion: null,
      updatedAt: new Date().toISOString(),
    });
    const emit = (state: MachineLiveStatus['state']) =>
      instances.first.modules.liveStatus.events.emit({
        type: 'status',
        controllerId,
        at: new Date().toISOString(),
        status: status(state),
      });
    try {
      await mark('customer@demo.test', 'Prusa linea 1', 'PUT');
      await vi.waitFor(() =>
        expect(customer.statuses.at(-1)).toMatchObject({ machineGroupId: line1.id, ready: true }),
      );
      // Printed from the panel: the bed is no longer clear (docs/product.md §11). The status comes first, still
      // marked; the mark's end follows once the queue took it.
      const before = customer.statuses.length;
      emit('processing');
      await vi.waitFor(() =>
        expect(customer.statuses.slice(before).map((item) => item.ready)).toEqual([true, false]),
      );
      expect(customer.statuses[before]?.status.state).toBe('processing');
      expect((await readinessFor('customer@demo.test'))['Prusa linea 1']).toBe(false);
    } finally {
      customer.source.close();
    }
  });
});
