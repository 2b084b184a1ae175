import {
  EXCLUDED_CONTROLLER_ID,
  isLicenseExpired,
  LICENSE_WARNING_DAYS,
  licenseDaysLeft,
  PALLET_MACHINE_TYPES,
} from '@portal/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModules } from '../app.ts';
import type { Database, DatabaseHandle } from '../db/database.ts';
import {
  boardTypes,
  computerControllers,
  computerTypes,
  licenses,
  machineGroups,
  machineGroupUsers,
  machineTypes,
  maintenanceDone,
  maintenanceTasks,
} from '../db/schema.ts';
import { toTaskState } from '../modules/maintenance/maintenance.mapper.ts';
import { MaintenanceCountersRepository } from '../modules/maintenance/maintenance-counters.repository.ts';
import { systemClock } from '../shared/clock.ts';
import { InProcessBus } from '../shared/cluster-bus.ts';
import { TEST_CONFIG, TEST_START } from '../test/test-config.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { seedDemoFleet } from './demo-fleet.ts';
import { DEMO_MAINTENANCE_DUE, DEMO_MAINTENANCE_TASKS } from './demo-maintenance.ts';

/** Everything the demo writes beyond users and businesses, in a stable order. */
const fleetOf = async (db: Database) => ({
  machineTypes: await db.select().from(machineTypes).orderBy(asc(machineTypes.id)),
  boardTypes: await db.select().from(boardTypes).orderBy(asc(boardTypes.id)),
  computerTypes: await db.select().from(computerTypes).orderBy(asc(computerTypes.id)),
  licenses: await db.select().from(licenses).orderBy(asc(licenses.id)),
  controllers: await db.select().from(computerControllers).orderBy(asc(computerControllers.id)),
  groups: await db.select().from(machineGroups).orderBy(asc(machineGroups.id)),
  assignments: await db
    .select()
    .from(machineGroupUsers)
    .orderBy(asc(machineGroupUsers.machineGroupId), asc(machineGroupUsers.userId)),
  maintenanceTasks: await db.select().from(maintenanceTasks).orderBy(asc(maintenanceTasks.id)),
  maintenanceDone: await db.select().from(maintenanceDone).orderBy(asc(maintenanceDone.id)),
});

let template: DatabaseHandle;
let fleet: Awaited<ReturnType<typeof fleetOf>>;
beforeAll(async () => {
  template = await openTestDatabase('demo');
  fleet = await fleetOf(template.db);
});
afterAll(() => template.close());

describe('the demo fleet', () => {
  it('has machine types 1-5, type 2 the pallet unit, and Duet boards and Raspberry Pi gateways', () => {
    expect(fleet.machineTypes.map((type) => type.id)).toEqual([1, 2, 3, 4, 5]);
    for (const id of PALLET_MACHINE_TYPES) expect(fleet.machineTypes[id - 1]?.name).toMatch(/pallet/i);
    expect(fleet.boardTypes.map((type) => type.name)).toContain('Duet 3 Mainboard 6HC');
    expect(fleet.computerTypes.map((type) => type.name)).toEqual([
      'Raspberry Pi 4 Model B',
      'Raspberry Pi 5',
    ]);
  });

  it("keeps controller 1 as the operator's unused spare and gives every group its own controller", () => {
    const first = fleet.controllers[0];
    expect(first).toMatchObject({ id: EXCLUDED_CONTROLLER_ID, name: 'Magazzino', licenseId: null });
    const used = fleet.groups.map((group) => group.computerControllerId);
    expect(used).not.toContain(EXCLUDED_CONTROLLER_ID);
    expect(new Set(used).size).toBe(fleet.groups.length);
    const unused = fleet.controllers.filter((controller) => !used.includes(controller.id));
    expect(unused.map((controller) => controller.name)).toEqual(['Magazzino', 'Gateway OA di scorta']);
    for (const group of fleet.groups) {
      const controller = fleet.controllers.find((row) => row.id === group.computerControllerId);
      expect(controller?.businessId).toBe(group.businessId);
    }
  });

  it('spreads groups over several locations of both customer businesses, with assignments', () => {
    const businessIds = [...new Set(fleet.groups.map((group) => group.businessId))];
    const counts = businessIds.map((id) => fleet.groups.filter((group) => group.businessId === id).length);
    expect(counts).toEqual([5, 3]);
    expect(new Set(fleet.groups.map((group) => group.location))).toEqual(
      new Set(['Reparto stampa', 'Laboratorio', 'Magazzino']),
    );
    expect(fleet.assignments.length).toBeGreaterThanOrEqual(6);
  });

  it('binds licences that are valid for a year, expiring within 30 days, and expired', () => {
    const now = TEST_START.getTime();
    const bound = fleet.controllers.flatMap((controller) => {
      const row = fleet.licenses.find((license) => license.id === controller.licenseId);
      return row ? [{ activation: row.activation?.getTime() ?? null, expiry: row.expiryMs }] : [];
    });
    const daysLeft = bound.map((license) => licenseDaysLeft(license, now));
    expect(daysLeft.some((days) => days >= 364)).toBe(true);
    expect(daysLeft.some((days) => days > 0 && days < LICENSE_WARNING_DAYS)).toBe(true);
    expect(bound.some((license) => isLicenseExpired(license, now))).toBe(true);
    const free = fleet.licenses.filter(
      (license) => !fleet.controllers.some((c) => c.licenseId === license.id),
    );
    expect(free.map((license) => license.activation)).toEqual([null, null]);
  });

  it("has a maintenance plan for every machine type, with one task overdue and one due soon on the demo's clock", async () => {
    expect(new Set(fleet.maintenanceTasks.map((task) => task.machineTypeId))).toEqual(
      new Set(fleet.machineTypes.map((type) => type.id)),
    );
    expect(fleet.maintenanceTasks).toHaveLength(DEMO_MAINTENANCE_TASKS.length);
    // Every task of every group's plan was done once, so the done log shows the work.
    const states = (
      await new MaintenanceCountersRepository(template.db).taskStates(undefined, TEST_START)
    ).map((row) => ({
      ...toTaskState(row, null),
      group: row.group.name,
      taskName: row.task.name,
      done: row.lastDoneId !== null,
    }));
    expect(fleet.maintenanceDone).toHaveLength(states.length);
    expect(states.every((state) => state.done && state.since < TEST_START.toISOString())).toBe(true);
    const due = states
      .filter((state) => state.state !== 'ok')
      .map(({ group, taskName, state, nearest }) => ({ group, task: taskName, state, nearest }));
    expect(due).toEqual([
      {
        group: DEMO_MAINTENANCE_DUE.group,
        task: DEMO_MAINTENANCE_DUE.dueSoon.task,
        state: 'dueSoon',
        nearest: 'days',
      },
      {
        group: DEMO_MAINTENANCE_DUE.group,
        task: DEMO_MAINTENANCE_DUE.overdue.task,
        state: 'overdue',
        nearest: 'days',
      },
    ]);
    // Far from due otherwise: the statistics logs' jobs (about one every two days) do not make another one due.
    for (const state of states.filter((each) => each.state === 'ok'))
      expect(state.fraction ?? 0).toBeLessThan(0.6);
  });

  it('is the same fleet whenever it is seeded at the same time', async () => {
    const empty = await openTestDatabase('empty');
    try {
      const modules = createModules({
        db: empty.db,
        clock: systemClock,
        config: TEST_CONFIG,
        bus: new InProcessBus(),
      });
      await seedDemoFleet(modules, { db: empty.db, now: TEST_START });
      expect(await fleetOf(empty.db)).toEqual(fleet);
    } finally {
      await empty.close();
    }
  });
});
