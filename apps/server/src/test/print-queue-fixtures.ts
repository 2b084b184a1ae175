import { randomUUID } from 'node:crypto';
import type http2 from 'node:http2';
import type { MachineCardState, MachineLiveStatus } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  businesses,
  libraryFileChunks,
  libraryFiles,
  machineReadiness,
  printQueueJobs,
  printQueueRuns,
} from '../db/schema.ts';
import type { MachineTransition } from '../modules/live-status/machine-events.ts';
import type { AppConfig } from '../shared/module.ts';
import type { ApiTest } from './api-test.ts';
import { connectFakeGateway, type FakeGateway } from './fake-gateway.ts';

export const CUSTOMER = 'customer@demo.test';
export const MANAGER = 'manager@demo.test';
export const TECH = 'tech@demo.test';
export const ADMIN = 'admin@demo.test';
export const OTHER_MANAGER = 'manager2@demo.test';

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

/** What each machine's board received, and whether it refuses uploads. */
export interface QueueTestBoard {
  controllerId: number;
  groupId: number;
  requests: { path: string; body: string }[];
  refuseUploads: boolean;
  gateway?: FakeGateway;
}

function boardHandler(board: QueueTestBoard) {
  return (stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const path = decodeURIComponent(String(headers[':path']));
      board.requests.push({ path, body: Buffer.concat(chunks).toString('utf8') });
      stream.respond({ ':status': 200, 'content-type': 'application/json' });
      const refused = board.refuseUploads && path.includes('rr_upload');
      stream.end(refused ? '{"err":1}' : '{"err":0}');
    });
  };
}

/**
 * What the print queue's API tests build on: the demo's businesses A (customer@) and B (customer2@), A's two
 * Prusa lines behind fake gateways that record what their boards receive, and B's RatRig. Each test starts from
 * an empty queue, no machine ready, the automatic start off, both lines idle and their records empty. Read once
 * the file's tests run.
 */
export function usePrintQueueFixtures(t: ApiTest) {
  const ids = { businessA: 0, businessB: 0, prusaType: 0, otherGroup: 0 };
  const line1: QueueTestBoard = { controllerId: 0, groupId: 0, requests: [], refuseUploads: false };
  const line2: QueueTestBoard = { controllerId: 0, groupId: 0, requests: [], refuseUploads: false };

  beforeAll(async () => {
    ids.businessA = await t.businessOf(CUSTOMER);
    ids.businessB = await t.businessOf('customer2@demo.test');
    for (const [board, name] of [
      [line1, 'Prusa linea 1'],
      [line2, 'Prusa linea 2'],
    ] as const) {
      const group = await t.demoGroup(name);
      board.controllerId = group.computerControllerId;
      board.groupId = group.id;
      ids.prusaType = group.machineTypeId;
      board.gateway = await connectFakeGateway(
        t.modules.gateway.registry,
        board.controllerId,
        boardHandler(board),
      );
    }
    ids.otherGroup = (await t.demoGroup('RatRig produzione')).id;
  });
  afterAll(async () => {
    await line1.gateway?.disconnect();
    await line2.gateway?.disconnect();
  });

  beforeEach(async () => {
    const db = t.database.db;
    await db.delete(printQueueRuns);
    await db.delete(printQueueJobs);
    await db.delete(machineReadiness);
    await db.update(businesses).set({ printQueueAutoStart: false });
    for (const board of [line1, line2]) {
      board.refuseUploads = false;
      setStatus(board, 'idle');
    }
    await t.modules.printQueue.follower.idle();
    // A board that starts answering, or whose job finished, has its statistics log read by the maintenance
    // module (docs/design.md §12): once that is done, a test's boards have received only what it makes them.
    await t.modules.maintenance.catchUp.idle();
    for (const board of [line1, line2]) board.requests.length = 0;
  });

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

  function status(state: MachineCardState, fileName?: string, finished = false): MachineLiveStatus {
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
      updatedAt: t.clock.now().toISOString(),
    };
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
      status: status(state, fileName, finished),
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
    libraryFile,
    setStatus,
    transition,
    queueJob,
    jobCount: async () => t.database.db.$count(printQueueJobs),
    runsOf: async (jobId: number) =>
      t.database.db.select().from(printQueueRuns).where(eq(printQueueRuns.jobId, jobId)),
  };
}
