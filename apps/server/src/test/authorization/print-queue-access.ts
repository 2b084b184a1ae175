import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  libraryFileChunks,
  libraryFiles,
  machineReadiness,
  printQueueJobs,
  printQueueRuns,
} from '../../db/schema.ts';
import type { Fixtures, RoleCaller, Side } from './fixtures.ts';
import { groupOf, groupViewers } from './hardware-access.ts';
import type { Reach, RouteAccess } from './route-access.ts';

/** A business's queue: its managers and customers; administrators and technicians every business's. */
const queueUsers: Record<RoleCaller, Reach> = {
  administrator: 'all',
  manager: 'own',
  technician: 'all',
  customer: 'own',
};

/** The automatic start: the business's managers, and administrators. */
const autoStartEditors: Record<RoleCaller, Reach> = {
  administrator: 'all',
  manager: 'own',
  technician: 'none',
  customer: 'none',
};

let serial = 0;

/** A fresh file in the side's business library (its bytes in the database's store). */
async function newFile(f: Fixtures, side: Side): Promise<number> {
  serial += 1;
  const contentKey = randomUUID();
  const data = Buffer.from('G28\n');
  const { db } = f.t.database;
  await db.insert(libraryFileChunks).values({ contentKey, seq: 0, data, writtenAt: f.t.clock.now() });
  const [row] = await db
    .insert(libraryFiles)
    .values({
      businessId: f.business[side],
      name: `matrix-${serial}.gcode`,
      size: data.length,
      sha256: '0'.repeat(64),
      uploadedAt: f.t.clock.now(),
      storage: 'database',
      contentKey,
    })
    .returning({ id: libraryFiles.id });
  if (!row) throw new Error('fixture library file not stored');
  return row.id;
}

/** A fresh waiting job of the side's demo group, by its machine type (which every queue user may name). */
async function newJob(
  f: Fixtures,
  side: Side,
): Promise<{ id: number; groupId: number; controllerId: number }> {
  const group = await groupOf(f, side);
  const [row] = await f.t.database.db
    .insert(printQueueJobs)
    .values({
      businessId: f.business[side],
      libraryFileId: await newFile(f, side),
      fileName: 'matrix.gcode',
      machineTypeId: group.machineTypeId,
      copies: 2,
      position: 1,
      queuedAt: f.t.clock.now(),
    })
    .returning({ id: printQueueJobs.id });
  if (!row) throw new Error('fixture job not stored');
  return { id: row.id, groupId: group.id, controllerId: group.computerControllerId };
}

/**
 * The side's demo group free, idle and marked ready, with a fresh job for it: what a start needs, so that only the
 * rules can refuse it.
 */
async function readyMachine(f: Fixtures, side: Side) {
  const job = await newJob(f, side);
  const { db } = f.t.database;
  await db
    .update(printQueueRuns)
    .set({ state: 'finished' })
    .where(
      and(
        eq(printQueueRuns.machineGroupId, job.groupId),
        inArray(printQueueRuns.state, ['starting', 'printing', 'paused']),
      ),
    );
  await db
    .insert(machineReadiness)
    .values({ machineGroupId: job.groupId, markedAt: f.t.clock.now() })
    .onConflictDoNothing();
  f.t.modules.liveStatus.events.emit({
    type: 'status',
    controllerId: job.controllerId,
    at: f.t.clock.now().toISOString(),
    status: {
      state: 'idle',
      job: null,
      heaters: [],
      boardName: null,
      firmwareVersion: null,
      updatedAt: f.t.clock.now().toISOString(),
    },
  });
  return job;
}

/** A fresh run of the side's demo group that is still starting (the queue only marks it cancelled). */
async function newRun(f: Fixtures, side: Side): Promise<number> {
  const job = await readyMachine(f, side);
  const [row] = await f.t.database.db
    .insert(printQueueRuns)
    .values({
      jobId: job.id,
      machineGroupId: job.groupId,
      copy: 1,
      boardFile: '0:/gcodes/queue/matrix.gcode',
      startedAt: f.t.clock.now(),
    })
    .returning({ id: printQueueRuns.id });
  if (!row) throw new Error('fixture run not stored');
  return row.id;
}

/** The rows of the print queue module (modules/print-queue). */
export const PRINT_QUEUE_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/business/:id/print-queue': {
    roles: queueUsers,
    request: async (f, side) => ({ url: `/api/v1/business/${f.business[side]}/print-queue` }),
  },
  'GET /api/v1/business/:id/print-queue/history': {
    roles: queueUsers,
    request: async (f, side) => ({ url: `/api/v1/business/${f.business[side]}/print-queue/history` }),
  },
  'PUT /api/v1/business/:id/print-queue/settings': {
    roles: autoStartEditors,
    request: async (f, side) => ({
      url: `/api/v1/business/${f.business[side]}/print-queue/settings`,
      payload: { autoStart: false },
    }),
  },
  'POST /api/v1/business/:id/print-queue/jobs': {
    roles: queueUsers,
    request: async (f, side) => ({
      url: `/api/v1/business/${f.business[side]}/print-queue/jobs`,
      payload: {
        file: await newFile(f, side),
        target: { machineType: (await groupOf(f, side)).machineTypeId },
      },
    }),
  },
  'GET /api/v1/print-queue/jobs/:id': {
    roles: queueUsers,
    request: async (f, side) => ({ url: `/api/v1/print-queue/jobs/${(await newJob(f, side)).id}` }),
  },
  'PUT /api/v1/print-queue/jobs/:id/position': {
    roles: queueUsers,
    request: async (f, side) => ({
      url: `/api/v1/print-queue/jobs/${(await newJob(f, side)).id}/position`,
      payload: { position: 1 },
    }),
  },
  'PUT /api/v1/print-queue/jobs/:id/copies': {
    roles: queueUsers,
    request: async (f, side) => ({
      url: `/api/v1/print-queue/jobs/${(await newJob(f, side)).id}/copies`,
      payload: { copies: 3 },
    }),
  },
  'POST /api/v1/print-queue/jobs/:id/cancel': {
    roles: queueUsers,
    request: async (f, side) => ({ url: `/api/v1/print-queue/jobs/${(await newJob(f, side)).id}/cancel` }),
  },
  'POST /api/v1/print-queue/jobs/:id/start': {
    roles: groupViewers,
    request: async (f, side) => {
      const job = await readyMachine(f, side);
      return { url: `/api/v1/print-queue/jobs/${job.id}/start`, payload: { machineGroup: job.groupId } };
    },
  },
  'POST /api/v1/print-queue/runs/:id/cancel': {
    roles: groupViewers,
    request: async (f, side) => ({ url: `/api/v1/print-queue/runs/${await newRun(f, side)}/cancel` }),
  },
  'GET /api/v1/machinegroup/:id/print-queue': {
    roles: groupViewers,
    request: async (f, side) => ({ url: `/api/v1/machinegroup/${(await groupOf(f, side)).id}/print-queue` }),
  },
  'PUT /api/v1/machinegroup/:id/ready': {
    roles: groupViewers,
    request: async (f, side) => {
      // A machine with a run still going refuses to be marked ready: the fixture's machine is free.
      await readyMachine(f, side);
      return { url: `/api/v1/machinegroup/${(await groupOf(f, side)).id}/ready` };
    },
  },
  'DELETE /api/v1/machinegroup/:id/ready': {
    roles: groupViewers,
    request: async (f, side) => ({ url: `/api/v1/machinegroup/${(await groupOf(f, side)).id}/ready` }),
  },
};
