import type { AddressInfo } from 'node:net';
import { MACHINE_STATUS_EVENTS, queueChangeEventSchema } from '@portal/contract';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { printQueueJobs, printQueueRuns } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';

// The print queue's changes reach open pages through the one status stream (docs/design.md §14).
const t = useTestApp({ liveStatus: { follow: false, streamRefreshMs: 3_600_000 } });
let origin: string;
let businessA = 0;
let businessB = 0;
let line1 = 0;
const sources: EventSource[] = [];

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  businessA = await t.businessOf('customer@demo.test');
  businessB = await t.businessOf('customer2@demo.test');
  line1 = (await t.demoGroup('Prusa linea 1')).id;
});
afterAll(() => {
  for (const source of sources) source.close();
});

/** A page's stream: the businesses whose queue it was told changed, in order. */
async function openStream(email: string) {
  const changed: number[] = [];
  const source = new EventSource(`${origin}/api/v1/machines/status/stream?token=${await t.tokenFor(email)}`);
  sources.push(source);
  source.addEventListener(MACHINE_STATUS_EVENTS.queue, (event) =>
    changed.push(queueChangeEventSchema.parse(JSON.parse(event.data)).business),
  );
  await new Promise((resolve) =>
    source.addEventListener(MACHINE_STATUS_EVENTS.snapshot, resolve, { once: true }),
  );
  return changed;
}

const setAutoStart = (as: string, business: number, autoStart: boolean) =>
  t.call(as, 'PUT', `/api/v1/business/${business}/print-queue/settings`, { autoStart });

describe("a print queue's changes on the status streams", () => {
  it("tell whoever may use the business's queue, and nobody else", async () => {
    const customer = await openStream('customer@demo.test');
    const otherManager = await openStream('manager2@demo.test');
    const technician = await openStream('tech@demo.test');

    expect((await setAutoStart('manager2@demo.test', businessB, false)).statusCode).toBe(200);
    await vi.waitFor(() => expect(otherManager).toEqual([businessB]));
    await vi.waitFor(() => expect(technician).toEqual([businessB]));
    // Then a change of the customer's business: it comes after anything the first could have sent them.
    expect((await setAutoStart('manager@demo.test', businessA, false)).statusCode).toBe(200);
    await vi.waitFor(() => expect(customer).toEqual([businessA]));
    await vi.waitFor(() => expect(technician).toEqual([businessB, businessA]));
    expect(otherManager).toEqual([businessB]);
  });

  it('tell of a copy that ended on its machine, as the queue follows it', async () => {
    const customer = await openStream('customer@demo.test');
    const [job] = await t.database.db
      .insert(printQueueJobs)
      .values({
        businessId: businessA,
        fileName: 'live.gcode',
        machineGroupId: line1,
        copies: 1,
        copiesStarted: 1,
        position: 1,
        state: 'printing',
        queuedAt: t.clock.now(),
      })
      .returning({ id: printQueueJobs.id });
    if (!job) throw new Error('job not stored');
    const boardFile = '0:/gcodes/queue/live.gcode';
    await t.database.db.insert(printQueueRuns).values({
      jobId: job.id,
      machineGroupId: line1,
      copy: 1,
      state: 'printing',
      boardFile,
      startedAt: t.clock.now(),
    });
    const finished = {
      type: 'jobFinished',
      controllerId: (await t.demoGroup('Prusa linea 1')).computerControllerId,
      machineGroupId: line1,
      at: t.clock.now().toISOString(),
      fileName: boardFile,
    } as const;
    t.modules.liveStatus.events.emit(finished);
    await vi.waitFor(() => expect(customer).toEqual([businessA]));
    // Told twice, the copy ends once, and is told once.
    t.modules.liveStatus.events.emit(finished);
    await t.modules.printQueue.follower.idle();
    const history = await t.call('customer@demo.test', 'GET', `/api/v1/print-queue/jobs/${job.id}`);
    expect(history.json().job).toMatchObject({ state: 'done', copiesFinished: 1 });
    expect(customer).toEqual([businessA]);
  });
});
