import { randomUUID } from 'node:crypto';
import type http2 from 'node:http2';
import {
  type ErrorCode,
  LICENSE_YEAR_MS,
  type MachineCardState,
  type MachineLiveStatus,
  type QueueRunFailure,
  Role,
} from '@portal/contract';
import { GATEWAY_ANSWER_HEADER } from '@portal/tunnel';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  businesses,
  computerControllers,
  libraryFileChunks,
  libraryFiles,
  licenses,
  machineGroups,
  machineGroupUsers,
  machineReadiness,
  notifications,
  printQueueJobs,
  printQueueRuns,
  serviceSessions,
  users,
} from '../db/schema.ts';
import type { MachineTransition } from '../modules/live-status/machine-events.ts';
import type { AppConfig } from '../shared/module.ts';
import type { ApiTest } from './api-test.ts';
import { connectFakeGateway, type FakeGateway } from './fake-gateway.ts';
import type { TestApp } from './test-app.ts';

export const CUSTOMER = 'customer@demo.test';
export const MANAGER = 'manager@demo.test';
export const TECH = 'tech@demo.test';
export const ADMIN = 'admin@demo.test';
export const OTHER_MANAGER = 'manager2@demo.test';
export const OTHER_CUSTOMER = 'customer2@demo.test';
/** A technician of the operator's business, outside business A, assigned to A's first Prusa line. */
export const OUTSIDE_TECH = 'tech.operator@demo.test';

/**
 * The app the print queue's API tests run: requests to a board time out after 5 s rather than 30, and the
 * statistics log the maintenance module reads after a job finished is read at once (the fixtures wait for it).
 */
export const PRINT_QUEUE_TEST_CONFIG: Partial<AppConfig> = {
  proxyTimeoutMs: 5000,
  maintenance: { catchUpDelayMs: 50 },
};

/** The content of every library file the fixtures store. */
export const GCODE = 'G28\nG1 X10 Y10\n';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What goes wrong with a machine's board: it refuses uploads (`err` 1), refuses G-code (HTTP 500), or its gateway
 * cannot reach it (503 `board-unreachable`).
 */
export type QueueBoardFault = 'refusesUploads' | 'refusesGcode' | 'unreachable';

/** What each machine's board received, and what goes wrong with it (null: nothing). */
export interface QueueTestBoard {
  controllerId: number;
  groupId: number;
  requests: { path: string; body: string }[];
  fault: QueueBoardFault | null;
  gateway?: FakeGateway;
}

/** A Prusa's live status at `at`, as the live status monitor publishes it: its state, and its job's file. */
export function boardStatus(
  at: Date,
  state: MachineCardState,
  fileName?: string,
  finished = false,
): MachineLiveStatus {
  return {
    state,
    job: fileName
      ? {
          fileName,
          progress: finished ? 100 : 10,
          finished,
          durationSeconds: 5,
          estimatedEnd: null,
          layer: null,
          layerCount: null,
          thumbnail: null,
        }
      : null,
    heaters: [],
    boardName: 'Prusa',
    firmwareVersion: '3.5.4',
    updatedAt: at.toISOString(),
  };
}

/** A run of a stored job: where it ran, its state, who started it, and its start and end in minutes of a day. */
export interface StoredRun {
  group: number;
  state: 'printing' | 'finished' | 'failed' | 'cancelled';
  startedBy: string;
  started: number;
  ended?: number;
  reason?: QueueRunFailure;
  startError?: ErrorCode;
}

/** Minutes of the day the stored jobs happen on. */
export const storedAt = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));

/**
 * A job of `business` for the machine group `target` as the queue leaves it, with its runs, written straight into
 * the tables (its file's name kept, no library file).
 */
export async function storeJob(
  t: Pick<TestApp, 'database' | 'idOf'>,
  business: number,
  fileName: string,
  {
    state,
    target,
    copies = 1,
    queuedBy = CUSTOMER,
    cancelled,
    runs = [],
  }: {
    state: 'waiting' | 'printing' | 'done' | 'cancelled';
    target: number;
    copies?: number;
    queuedBy?: string;
    cancelled?: { by: string; minute: number };
    runs?: StoredRun[];
  },
): Promise<number> {
  const { db } = t.database;
  const [row] = await db
    .insert(printQueueJobs)
    .values({
      businessId: business,
      fileName,
      machineGroupId: target,
      copies,
      copiesStarted: runs.filter((run) => run.state !== 'failed').length,
      position: 1,
      state,
      queuedBy: await t.idOf(queuedBy),
      queuedAt: storedAt(0),
      ...(cancelled && { cancelledBy: await t.idOf(cancelled.by), cancelledAt: storedAt(cancelled.minute) }),
    })
    .returning({ id: printQueueJobs.id });
  if (!row) throw new Error('job not stored');
  for (const [index, run] of runs.entries()) {
    await db.insert(printQueueRuns).values({
      jobId: row.id,
      machineGroupId: run.group,
      copy: index + 1,
      state: run.state,
      boardFile: `0:/gcodes/queue/${fileName}`,
      startedBy: await t.idOf(run.startedBy),
      automatic: false,
      startedAt: storedAt(run.started),
      endedAt: run.ended === undefined ? null : storedAt(run.ended),
      reason: run.reason ?? null,
      startError: run.startError ?? null,
    });
  }
  return row.id;
}

function boardHandler(board: QueueTestBoard) {
  return (stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const path = decodeURIComponent(String(headers[':path']));
      board.requests.push({ path, body: Buffer.concat(chunks).toString('utf8') });
      if (board.fault === 'unreachable') {
        stream.respond({ ':status': 503, [GATEWAY_ANSWER_HEADER]: 'board-unreachable' });
        stream.end();
        return;
      }
      const gcode = path.includes('rr_gcode');
      const refused =
        (board.fault === 'refusesUploads' && path.includes('rr_upload')) ||
        (board.fault === 'refusesGcode' && gcode);
      stream.respond({ ':status': refused && gcode ? 500 : 200, 'content-type': 'application/json' });
      stream.end(refused && !gcode ? '{"err":1}' : '{"err":0}');
    });
  };
}

/**
 * What the print queue's API tests build on: the demo's businesses A (customer@) and B (customer2@), A's two
 * Prusa lines behind fake gateways that record what their boards receive, a third Prusa of A's in another location
 * (assigned to nobody: its managers see it), and B's RatRig; a technician of the operator's business assigned to
 * the first line. Each test starts from an empty queue, no machine ready, the automatic start and consent off, no
 * service session, both businesses active, every fixture machine licensed, idle and its record empty, and nobody
 * notified of anything. Read once the file's tests run.
 */
export function usePrintQueueFixtures(t: ApiTest) {
  const ids = { businessA: 0, businessB: 0, prusaType: 0, otherGroup: 0 };
  const line1: QueueTestBoard = { controllerId: 0, groupId: 0, requests: [], fault: null };
  const line2: QueueTestBoard = { controllerId: 0, groupId: 0, requests: [], fault: null };
  const elsewhere: QueueTestBoard = { controllerId: 0, groupId: 0, requests: [], fault: null };
  const boards = [line1, line2, elsewhere];
  /** Each fixture machine's licence and its activation, restored before each test. */
  const licenceActivations = new Map<number, Date | null>();

  beforeAll(async () => {
    const db = t.database.db;
    ids.businessA = await t.businessOf(CUSTOMER);
    ids.businessB = await t.businessOf(OTHER_CUSTOMER);
    for (const [board, name] of [
      [line1, 'Prusa linea 1'],
      [line2, 'Prusa linea 2'],
    ] as const) {
      const group = await t.demoGroup(name);
      board.controllerId = group.computerControllerId;
      board.groupId = group.id;
      ids.prusaType = group.machineTypeId;
    }
    await addMachineElsewhere();
    for (const board of boards) {
      board.gateway = await connectFakeGateway(
        t.modules.gateway.registry,
        board.controllerId,
        boardHandler(board),
      );
    }
    const controllers = await db
      .select({ licence: licenses.id, activation: licenses.activation })
      .from(computerControllers)
      .innerJoin(licenses, eq(licenses.id, computerControllers.licenseId))
      .where(
        inArray(
          computerControllers.id,
          boards.map((board) => board.controllerId),
        ),
      );
    for (const row of controllers) licenceActivations.set(row.licence, row.activation);
    ids.otherGroup = (await t.demoGroup('RatRig produzione')).id;
    await addOutsideTechnician();
  });
  afterAll(async () => {
    for (const board of boards) await board.gateway?.disconnect();
  });

  /** "Prusa magazzino": A's Prusa in its warehouse, with a controller and a licence a month old. */
  async function addMachineElsewhere() {
    const db = t.database.db;
    const line = await t.demoGroup('Prusa linea 1');
    const [controller] = await db
      .select()
      .from(computerControllers)
      .where(eq(computerControllers.id, line.computerControllerId));
    if (!controller) throw new Error('no controller of Prusa linea 1');
    const [licence] = await db
      .insert(licenses)
      .values({
        businessId: ids.businessA,
        expiryMs: LICENSE_YEAR_MS,
        activation: new Date(t.clock.now().getTime() - 30 * DAY_MS),
      })
      .returning({ id: licenses.id });
    const [added] = await db
      .insert(computerControllers)
      .values({
        name: 'Gateway OA Magazzino 2',
        typeId: controller.typeId,
        businessId: ids.businessA,
        licenseId: licence?.id ?? null,
      })
      .returning({ id: computerControllers.id });
    if (!added) throw new Error('controller not stored');
    const { id: _id, ...columns } = line;
    const [group] = await db
      .insert(machineGroups)
      .values({
        ...columns,
        name: 'Prusa magazzino',
        location: 'Magazzino',
        computerControllerId: added.id,
      })
      .returning({ id: machineGroups.id });
    if (!group) throw new Error('machine group not stored');
    elsewhere.controllerId = added.id;
    elsewhere.groupId = group.id;
  }

  /** OUTSIDE_TECH: the demo's technician's account again, in the operator's business, assigned to line 1. */
  async function addOutsideTechnician() {
    const db = t.database.db;
    const [operator] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.operator, true));
    const [tech] = await db.select().from(users).where(eq(users.email, TECH));
    if (!operator || !tech || tech.role !== Role.Technician) throw new Error('no demo technician');
    const { id: _id, ...columns } = tech;
    const [outside] = await db
      .insert(users)
      .values({ ...columns, email: OUTSIDE_TECH, businessId: operator.id })
      .returning({ id: users.id });
    if (!outside) throw new Error('technician not stored');
    await db.insert(machineGroupUsers).values({ machineGroupId: line1.groupId, userId: outside.id });
  }

  beforeEach(async () => {
    const db = t.database.db;
    await db.delete(printQueueRuns);
    await db.delete(printQueueJobs);
    await db.delete(machineReadiness);
    await db.delete(serviceSessions);
    await db.update(businesses).set({ printQueueAutoStart: false });
    await db
      .update(businesses)
      .set({ active: true, serviceConsent: false })
      .where(inArray(businesses.id, [ids.businessA, ids.businessB]));
    for (const [licence, activation] of licenceActivations)
      await db.update(licenses).set({ activation }).where(eq(licenses.id, licence));
    for (const board of boards) {
      board.fault = null;
      setStatus(board, 'idle');
    }
    await t.modules.printQueue.follower.idle();
    // A board that starts answering, or whose job finished, has its statistics log read by the maintenance
    // module (docs/design.md §12): once that is done, a test's boards have received only what it makes them.
    await t.modules.maintenance.catchUp.idle();
    for (const board of boards) board.requests.length = 0;
    await t.modules.notifications.notifier.idle();
    await db.delete(notifications);
  });

  /** The machine's licence ended a year ago (its controller keeps it). */
  async function endLicence(board: QueueTestBoard): Promise<void> {
    const db = t.database.db;
    const [controller] = await db
      .select({ licence: computerControllers.licenseId })
      .from(computerControllers)
      .where(eq(computerControllers.id, board.controllerId));
    if (!controller?.licence) throw new Error('the machine has no licence');
    await db
      .update(licenses)
      .set({ activation: new Date(t.clock.now().getTime() - 2 * LICENSE_YEAR_MS) })
      .where(eq(licenses.id, controller.licence));
  }

  /** A file in a business's library, stored in the database's content store. */
  async function libraryFile(businessId: number, name = 'staffa.gcode'): Promise<number> {
    const contentKey = randomUUID();
    const data = Buffer.from(GCODE);
    await t.database.db
      .insert(libraryFileChunks)
      .values({ contentKey, seq: 0, data, writtenAt: t.clock.now() });
    const [row] = await t.database.db
      .insert(libraryFiles)
      .values({
        businessId,
        name: `${randomUUID().slice(0, 8)}-${name}`,
        size: data.length,
        sha256: '0'.repeat(64),
        uploadedAt: t.clock.now(),
        storage: 'database',
        contentKey,
      })
      .returning({ id: libraryFiles.id });
    if (!row) throw new Error('library file not stored');
    return row.id;
  }

  /** The machine's live status, as the live status monitor publishes it. */
  function setStatus(
    board: QueueTestBoard,
    state: MachineCardState,
    fileName?: string,
    finished = false,
  ): void {
    t.modules.liveStatus.events.emit({
      type: 'status',
      controllerId: board.controllerId,
      at: t.clock.now().toISOString(),
      status: boardStatus(t.clock.now(), state, fileName, finished),
    });
  }

  function transition(board: QueueTestBoard, type: MachineTransition['type'], fileName: string): void {
    t.modules.liveStatus.events.emit({
      type,
      controllerId: board.controllerId,
      machineGroupId: board.groupId,
      at: t.clock.now().toISOString(),
      fileName,
    });
  }

  async function queueJob(
    as: string,
    body: Record<string, unknown>,
    businessId = ids.businessA,
  ): Promise<{ id: number; fileName: string }> {
    const response = await t.call(as, 'POST', `/api/v1/business/${businessId}/print-queue/jobs`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  return {
    get businessA() {
      return ids.businessA;
    },
    get businessB() {
      return ids.businessB;
    },
    /** The Prusa lines' machine type. */
    get prusaType() {
      return ids.prusaType;
    },
    /** Business B's machine group. */
    get otherGroup() {
      return ids.otherGroup;
    },
    line1,
    line2,
    /** A's Prusa at another location ("Magazzino"), which A's managers see. */
    elsewhere,
    libraryFile,
    endLicence,
    setStatus,
    transition,
    queueJob,
    jobCount: async () => t.database.db.$count(printQueueJobs),
    runsOf: async (jobId: number) =>
      t.database.db.select().from(printQueueRuns).where(eq(printQueueRuns.jobId, jobId)),
  };
}
