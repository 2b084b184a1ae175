import type { NotificationEvent, NotificationList } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import {
  ADMIN,
  CUSTOMER,
  MANAGER,
  OTHER_CUSTOMER,
  OTHER_MANAGER,
  OUTSIDE_TECH,
  PRINT_QUEUE_TEST_CONFIG,
  TECH,
  usePrintQueueFixtures,
} from '../../test/print-queue-fixtures.ts';

/**
 * A queued copy's start, finish and failure reach the notification centre as the queue's own events
 * (docs/design.md §14): once per run, to line 1's assigned people (the customer, the business's technician, the
 * operator's technician) and the business's manager, never to who started it by hand nor anyone else.
 */
const t = useTestApp(PRINT_QUEUE_TEST_CONFIG);
const demo = usePrintQueueFixtures(t);
const { line1, libraryFile, setStatus, transition, queueJob } = demo;

const EVERYONE = [CUSTOMER, MANAGER, TECH, OUTSIDE_TECH, ADMIN, OTHER_MANAGER, OTHER_CUSTOMER];
/** Line 1's people and its business's manager. */
const CONCERNED = [CUSTOMER, MANAGER, OUTSIDE_TECH, TECH].sort();
const notStarter = (starter: string) => CONCERNED.filter((email) => email !== starter);

/** Each person's bell items of the event, as they read them. */
async function bells(event: NotificationEvent) {
  await t.modules.printQueue.follower.idle();
  await t.modules.notifications.notifier.idle();
  const items = new Map<string, NotificationList['items']>();
  for (const email of EVERYONE) {
    const response = await t.call(email, 'GET', '/api/v1/notifications');
    expect(response.statusCode, response.body).toBe(200);
    const own = (response.json() as NotificationList).items.filter((item) => item.event === event);
    if (own.length > 0) items.set(email, own);
  }
  return items;
}

/** Who has a bell item of the event, and how many each. */
async function heard(event: NotificationEvent): Promise<Record<string, number>> {
  const items = await bells(event);
  return Object.fromEntries([...items].map(([email, own]) => [email, own.length]).sort());
}

const once = (emails: string[]) => Object.fromEntries(emails.map((email) => [email, 1]));

/** A job of `copies` on line 1, queued by the customer, and its board file. */
async function jobOnLine1(copies = 1) {
  const job = await queueJob(CUSTOMER, {
    file: await libraryFile(demo.businessA),
    target: { machineGroup: line1.groupId },
    copies,
  });
  return { ...job, boardFile: `0:/gcodes/queue/${job.fileName}` };
}

/** The customer marks line 1 ready and starts the job's next copy on it: the run, or the refusal. */
async function startByHand(jobId: number) {
  await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
  return t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${jobId}/start`, { machineGroup: line1.groupId });
}

describe('a queued copy started', () => {
  it("by hand is told to the machine's people and the business's managers, not to who started it", async () => {
    const job = await jobOnLine1();
    expect((await startByHand(job.id)).statusCode).toBe(201);
    expect(await heard('queueJobStarted')).toEqual(once(notStarter(CUSTOMER)));
    const [item] = (await bells('queueJobStarted')).get(MANAGER) ?? [];
    expect(item).toMatchObject({ machineId: line1.groupId, subject: 'Prusa linea 1', detail: job.fileName });
  });

  it('by itself is told to everyone concerned, who marked the machine too', async () => {
    await t.call(MANAGER, 'PUT', `/api/v1/business/${demo.businessA}/print-queue/settings`, {
      autoStart: true,
    });
    await jobOnLine1();
    const ready = await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
    expect(ready.json().started).toMatchObject({ automatic: true });
    expect(await heard('queueJobStarted')).toEqual(once(CONCERNED));
  });
});

describe('a queued copy finished', () => {
  it("is told once to everyone concerned, in place of the machine's job finished, whose throttle it leaves alone", async () => {
    t.clock.advance(10 * 60_000);
    const job = await jobOnLine1();
    expect((await startByHand(job.id)).statusCode).toBe(201);
    setStatus(line1, 'processing', job.boardFile);
    transition(line1, 'jobFinished', job.boardFile);
    transition(line1, 'jobFinished', job.boardFile);
    setStatus(line1, 'idle', job.boardFile, true);
    expect(await heard('queueJobFinished')).toEqual(once(CONCERNED));
    expect(await heard('jobFinished')).toEqual({});
    // A print from the panel ending a minute later is the machine's, told to its assigned people.
    t.clock.advance(60_000);
    transition(line1, 'jobFinished', '0:/gcodes/supporto.gcode');
    expect(await heard('jobFinished')).toEqual(once([CUSTOMER, OUTSIDE_TECH, TECH].sort()));
  });

  it('is told for each of two copies ending on one machine within minutes', async () => {
    const job = await jobOnLine1(2);
    for (const minutes of [1, 2]) {
      expect((await startByHand(job.id)).statusCode).toBe(201);
      t.clock.advance(minutes * 60_000);
      transition(line1, 'jobFinished', job.boardFile);
      await t.modules.printQueue.follower.idle();
    }
    const history = (await t.call(CUSTOMER, 'GET', `/api/v1/print-queue/jobs/${job.id}`)).json();
    expect(history.job).toMatchObject({ state: 'done', copiesFinished: 2 });
    expect(await heard('queueJobFinished')).toEqual(Object.fromEntries(CONCERNED.map((email) => [email, 2])));
  });
});

describe('a queued copy failed', () => {
  it('when the machine did not take the file: told to the others by hand, to everyone by itself', async () => {
    const job = await jobOnLine1();
    line1.fault = 'refusesUploads';
    expect((await startByHand(job.id)).statusCode).toBe(409);
    expect(await heard('queueJobFailed')).toEqual(once(notStarter(CUSTOMER)));
    expect(await heard('queueJobStarted')).toEqual({});

    await t.call(MANAGER, 'PUT', `/api/v1/business/${demo.businessA}/print-queue/settings`, {
      autoStart: true,
    });
    const ready = await t.call(MANAGER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
    expect(ready.json().started).toMatchObject({ state: 'failed', reason: 'fileRefused' });
    expect(await heard('queueJobFailed')).toEqual({
      ...once(CONCERNED),
      [MANAGER]: 2,
      [OUTSIDE_TECH]: 2,
      [TECH]: 2,
    });
  });

  it("when the machine halts, cancels it, or ended it unseen: each run told once, in place of the machine's job cancelled", async () => {
    const job = await jobOnLine1();
    const failedRuns = async () =>
      (await t.call(CUSTOMER, 'GET', `/api/v1/print-queue/jobs/${job.id}`))
        .json()
        .runs.filter((run: { state: string }) => run.state === 'failed');

    expect((await startByHand(job.id)).statusCode).toBe(201);
    setStatus(line1, 'halted');
    setStatus(line1, 'halted');
    setStatus(line1, 'idle');
    await t.modules.printQueue.follower.idle();

    expect((await startByHand(job.id)).statusCode).toBe(201);
    transition(line1, 'jobFailed', job.boardFile);
    await t.modules.printQueue.follower.idle();

    expect((await startByHand(job.id)).statusCode).toBe(201);
    setStatus(line1, 'processing', job.boardFile);
    setStatus(line1, 'idle');
    await t.modules.printQueue.follower.idle();
    // Marking the idle machine ready again ends the run the portal saw no end of.
    expect((await t.call(MANAGER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`)).statusCode).toBe(
      200,
    );

    expect((await failedRuns()).map((run: { reason: string }) => run.reason)).toEqual([
      'halted',
      'cancelledOnMachine',
      'endedUnseen',
    ]);
    expect(await heard('queueJobFailed')).toEqual(Object.fromEntries(CONCERNED.map((email) => [email, 3])));
    expect(await heard('jobFailed')).toEqual({});
  });
});

describe('a queued copy told again', () => {
  it('by another instance that saw the same end is stored once per person', async () => {
    const job = await jobOnLine1();
    const started = await startByHand(job.id);
    expect(started.statusCode).toBe(201);
    transition(line1, 'jobFinished', job.boardFile);
    await t.modules.printQueue.follower.idle();
    // What another instance's notifier would be told of the same run.
    t.modules.notifications.notifier.queueRun({
      event: 'finished',
      runId: started.json().id,
      machineGroupId: line1.groupId,
      controllerId: line1.controllerId,
      fileName: job.fileName,
      copy: 1,
      copies: 1,
      actorId: null,
    });
    expect(await heard('queueJobFinished')).toEqual(once(CONCERNED));
  });
});
