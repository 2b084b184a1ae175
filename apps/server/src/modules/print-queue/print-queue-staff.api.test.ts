import type { ActivityEntry, Page } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import {
  ADMIN,
  CUSTOMER,
  MANAGER,
  OUTSIDE_TECH,
  PRINT_QUEUE_TEST_CONFIG,
  usePrintQueueFixtures,
} from '../../test/print-queue-fixtures.ts';

/**
 * A queued copy's start goes through machine access like any print (docs/design.md §14, §11): consent for staff
 * outside the business, the licence and the business's suspension; and the activity record keeps it as the
 * person's upload and print.
 */
const t = useTestApp(PRINT_QUEUE_TEST_CONFIG);
const demo = usePrintQueueFixtures(t);
const { line1, libraryFile, setStatus, queueJob, runsOf } = demo;

/** A job of one copy for the first Prusa line, queued by the customer. */
const jobOnLine1 = async () =>
  queueJob(CUSTOMER, { file: await libraryFile(demo.businessA), target: { machineGroup: line1.groupId } });

const startOnLine1 = (who: string, jobId: number) =>
  t.call(who, 'POST', `/api/v1/print-queue/jobs/${jobId}/start`, { machineGroup: line1.groupId });

const markReady = async (who: string) => {
  const answer = await t.call(who, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

const autoStart = async (on: boolean) => {
  const answer = await t.call(MANAGER, 'PUT', `/api/v1/business/${demo.businessA}/print-queue/settings`, {
    autoStart: on,
  });
  expect(answer.statusCode, answer.body).toBe(200);
};

const expectRefused = async (answer: Awaited<ReturnType<typeof t.call>>, code: string) => {
  expect(answer.statusCode, answer.body).toBe(403);
  expect(answer.json()).toMatchObject({ statusCode: 403, code });
};

/** The business A's activity on line 1, as its manager reads it. */
async function activityOnLine1(): Promise<ActivityEntry[]> {
  await t.modules.activity.log.flush();
  const response = await t.call(MANAGER, 'GET', `/api/v1/activity?controller=${line1.controllerId}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Page<ActivityEntry>).items;
}

describe("staff outside the business, when it requires the customer's consent", () => {
  const requireConsent = async () => {
    const on = await t.call(MANAGER, 'PUT', `/api/v1/business/${demo.businessA}/service-consent`, {
      required: true,
    });
    expect(on.statusCode, on.body).toBe(200);
  };

  /** A service session of `who` on line 1, asked from a ticket of the customer's and accepted by the manager. */
  async function acceptedSession(who: string): Promise<{ ticket: number; session: number }> {
    const ticket = await t.call(CUSTOMER, 'POST', '/api/v1/tickets', {
      title: 'La stampa in coda non parte',
      machine: line1.groupId,
      content: 'Potete avviarla voi?',
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const asked = await t.call(who, 'POST', `/api/v1/tickets/${ticket.json().id}/service-sessions`, {
      reason: 'Avvio della coda',
      hours: 1,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const decided = await t.call(MANAGER, 'POST', `/api/v1/service-sessions/${asked.json().id}/decision`, {
      accept: true,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    return { ticket: ticket.json().id, session: asked.json().id };
  }

  it('are refused a start with SERVICE_SESSION_REQUIRED, before anything is claimed or sent', async () => {
    await requireConsent();
    const job = await jobOnLine1();
    await markReady(CUSTOMER);
    for (const who of [ADMIN, OUTSIDE_TECH])
      await expectRefused(await startOnLine1(who, job.id), 'SERVICE_SESSION_REQUIRED');
    expect(await runsOf(job.id)).toEqual([]);
    expect(line1.requests).toEqual([]);
    // The machine keeps its mark: the customer starts it.
    expect((await startOnLine1(CUSTOMER, job.id)).statusCode).toBe(201);
  });

  it('start nothing by themselves: the automatic start as the technician who marked the machine is refused too', async () => {
    await requireConsent();
    await autoStart(true);
    const job = await jobOnLine1();
    expect(await markReady(OUTSIDE_TECH)).toMatchObject({ started: null, machine: { ready: true } });
    expect(await runsOf(job.id)).toEqual([]);
    expect(line1.requests).toEqual([]);
  });

  it('start a copy during an accepted service session, recorded under its ticket', async () => {
    await requireConsent();
    const job = await jobOnLine1();
    await markReady(CUSTOMER);
    const { ticket, session } = await acceptedSession(OUTSIDE_TECH);
    const started = await startOnLine1(OUTSIDE_TECH, job.id);
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ state: 'printing', automatic: false });
    expect((await runsOf(job.id))[0]?.startedBy).toBe(await t.idOf(OUTSIDE_TECH));
    const upload = (await activityOnLine1()).find((entry) => entry.kind === 'board.upload');
    expect(upload).toMatchObject({
      actor: { email: OUTSIDE_TECH },
      ticket,
      detail: { name: `0:/gcodes/queue/${job.fileName}`, session },
    });
    // The session is the technician's: the administrator still has none.
    const next = await jobOnLine1();
    await expectRefused(await startOnLine1(ADMIN, next.id), 'SERVICE_SESSION_REQUIRED');
  });
});

describe('a machine whose licence ended', () => {
  it("refuses the business's own people a start, by hand and by itself, as its control panel does", async () => {
    await demo.endLicence(line1);
    const job = await jobOnLine1();
    await markReady(CUSTOMER);
    for (const who of [CUSTOMER, MANAGER])
      await expectRefused(await startOnLine1(who, job.id), 'LICENSE_EXPIRED');
    await autoStart(true);
    expect(await markReady(MANAGER)).toMatchObject({ started: null, machine: { ready: true } });
    expect(await runsOf(job.id)).toEqual([]);
    expect(line1.requests).toEqual([]);
  });

  it('starts by hand for an administrator, whom the control panel lets in too', async () => {
    await demo.endLicence(line1);
    const job = await jobOnLine1();
    await markReady(CUSTOMER);
    expect((await startOnLine1(ADMIN, job.id)).statusCode).toBe(201);
  });
});

describe('a suspended business', () => {
  const suspend = () =>
    t.database.db.update(businesses).set({ active: false }).where(eq(businesses.id, demo.businessA));

  it('has nothing started by itself for the person who marked its machine, nor by outside technicians', async () => {
    await autoStart(true);
    await markReady(CUSTOMER);
    await suspend();
    // A job the administrator queues for it, and the machine turning idle again, would start it otherwise.
    const job = await queueJob(ADMIN, {
      file: await libraryFile(demo.businessA),
      target: { machineGroup: line1.groupId },
    });
    setStatus(line1, 'halted');
    setStatus(line1, 'idle');
    await t.modules.printQueue.follower.idle();
    expect(await runsOf(job.id)).toEqual([]);
    await expectRefused(await startOnLine1(OUTSIDE_TECH, job.id), 'BUSINESS_SUSPENDED');
    expect(line1.requests).toEqual([]);
  });
});

describe('the activity record', () => {
  it('keeps a queued start as the upload and print of whoever started it, or marked the machine for it', async () => {
    const byHand = await jobOnLine1();
    await markReady(CUSTOMER);
    expect((await startOnLine1(CUSTOMER, byHand.id)).statusCode).toBe(201);
    const boardFile = `0:/gcodes/queue/${byHand.fileName}`;
    const entries = await activityOnLine1();
    const ofFile = entries.filter((entry) => JSON.stringify(entry.detail).includes(boardFile));
    expect(ofFile.map((entry) => [entry.kind, entry.actor?.email, entry.via])).toEqual([
      ['board.gcode', CUSTOMER, 'customer'],
      ['board.upload', CUSTOMER, 'customer'],
    ]);
    expect(ofFile[0]).toMatchObject({ detail: { gcode: `M32 "${boardFile}"` }, machine: 'Prusa linea 1' });

    // The copy ends; the manager marks the bed clear, and the next job starts by itself, as the manager's.
    setStatus(line1, 'idle', boardFile, true);
    await t.modules.printQueue.follower.idle();
    await autoStart(true);
    const automatic = await jobOnLine1();
    expect((await markReady(MANAGER)).started).toMatchObject({ job: automatic.id, automatic: true });
    const started = (await activityOnLine1()).filter((entry) =>
      JSON.stringify(entry.detail).includes(`0:/gcodes/queue/${automatic.fileName}`),
    );
    expect(started.map((entry) => [entry.kind, entry.actor?.email])).toEqual([
      ['board.gcode', MANAGER],
      ['board.upload', MANAGER],
    ]);
  });
});
