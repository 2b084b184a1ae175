import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PushMessage } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Modules } from '../../app.ts';
import { notifications, printQueueRuns, users } from '../../db/schema.ts';
import { demoClient } from '../../test/demo-lookup.ts';
import { boardStatus, storeJob } from '../../test/print-queue-fixtures.ts';
import { type LocalPushService, newBrowserKeys, startLocalPushService } from '../../test/push-service.ts';
import { TEST_CONFIG } from '../../test/test-config.ts';
import { useTwoInstances } from '../../test/two-instances.ts';

/**
 * Two instances of one deployment on one database (docs/product.md §10): an event both see is stored,
 * mailed and pushed once per user, by the instance whose insert won.
 */
let push: LocalPushService;
let outbox: string;
// Both instances mail into one folder and push to one local push service, started with them.
const instances = useTwoInstances(async () => {
  push = await startLocalPushService();
  outbox = await mkdtemp(path.join(tmpdir(), 'portal-instances-outbox-'));
  const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
  return {
    push: { extraCa: push.ca, privateHosts: ['127.0.0.1'], resolve },
    mail: { ...TEST_CONFIG.mail, outboxDir: outbox },
  };
});
afterAll(async () => {
  await push?.close();
  await rm(outbox, { recursive: true, force: true });
});

const idle = () =>
  Promise.all([
    instances.first.modules.notifications.notifier.idle(),
    instances.second.modules.notifications.notifier.idle(),
  ]);

describe('a machine event seen by two instances', () => {
  it('is one notification, one mail and one push per user', async () => {
    const { first, second } = instances;
    const demo = demoClient(first);
    const browser = newBrowserKeys();
    const endpoint = push.endpoint();
    const subscribed = await demo.call('customer@demo.test', 'POST', '/api/v1/notifications/subscribe', {
      endpoint,
      expirationTime: null,
      keys: browser.keys,
      language: 'en',
    });
    expect(subscribed.statusCode).toBe(204);
    const group = await demo.group('Prusa linea 1');
    // Each instance notices the halt a moment apart, within the same window.
    for (const [modules, offset] of [
      [first.modules, 0],
      [second.modules, 1_000],
    ] as const) {
      modules.liveStatus.events.emit({
        type: 'halted',
        controllerId: group.computerControllerId ?? 0,
        machineGroupId: group.id,
        at: new Date(first.clock.now().getTime() + offset).toISOString(),
        fileName: null,
      });
    }
    await idle();

    const customerId = await first.idOf('customer@demo.test');
    const rows = await first.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customerId), eq(notifications.event, 'halted')));
    expect(rows).toHaveLength(1);
    const [technician] = await first.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'tech@demo.test'));
    const techRows = await first.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, technician?.id ?? 0));
    expect(techRows).toHaveLength(1);

    const files = (await readdir(outbox)).filter((file) => file.endsWith('.eml'));
    const mails = await Promise.all(
      files.map(async (file) => PostalMime.parse(await readFile(path.join(outbox, file)))),
    );
    const to = (address: string) =>
      mails.filter((mail) => (mail.to ?? []).some((each) => 'address' in each && each.address === address));
    expect(to('customer@demo.test').map((mail) => mail.subject)).toEqual(['Prusa linea 1: Machine halted']);
    expect(to('tech@demo.test')).toHaveLength(1);

    const pushed = push.received
      .filter((each) => `${push.origin}${each.path}` === endpoint)
      .map((each) => JSON.parse(browser.decrypt(each.body)) as PushMessage);
    expect(pushed.map((message) => message.kind)).toEqual(['halted']);
  });
});

describe("a queued copy's failure heard by both instances", () => {
  it('is one notification and one mail per person, told by the instance whose change ended the run', async () => {
    const { first, second } = instances;
    const demo = demoClient(first);
    const group = await demo.group('Prusa linea 1');
    const controllerId = group.computerControllerId;
    await storeJob(first, await demo.businessId('A'), 'staffa.gcode', {
      state: 'printing',
      target: group.id,
      runs: [{ group: group.id, state: 'printing', startedBy: 'customer@demo.test', started: 0 }],
    });
    const heard = (modules: Modules) =>
      new Promise<void>((resolve) => {
        const unsubscribe = modules.liveStatus.events.subscribe((event) => {
          if (event.type !== 'status' || event.controllerId !== controllerId) return;
          unsubscribe();
          resolve();
        });
      });
    const both = Promise.all([heard(first.modules), heard(second.modules)]);
    // Each follower reads the machine's group, then its run: both read the run before either changes it.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reading = 0;
    const reads = [first.modules, second.modules].map(({ printQueue: { repository } }) => {
      const groupOfController = repository.groupOfController.bind(repository);
      return vi.spyOn(repository, 'groupOfController').mockImplementationOnce(async (id) => {
        reading += 1;
        if (reading === 2) release();
        await released;
        return groupOfController(id);
      });
    });
    // The halt reaches every instance's run follower over the bus.
    first.modules.liveStatus.events.emit({
      type: 'status',
      controllerId,
      at: first.clock.now().toISOString(),
      status: boardStatus(first.clock.now(), 'halted'),
    });
    await both;
    await Promise.all([first.modules.printQueue.follower.idle(), second.modules.printQueue.follower.idle()]);
    for (const read of reads) read.mockRestore();
    await idle();

    const [run] = await first.database.db.select().from(printQueueRuns);
    expect(run).toMatchObject({ state: 'failed', reason: 'halted' });
    const rows = await first.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.event, 'queueJobFailed'));
    const people = ['customer@demo.test', 'tech@demo.test', 'manager@demo.test'];
    const ids = await Promise.all(people.map((email) => first.idOf(email)));
    expect(rows.map((row) => row.userId).sort()).toEqual([...ids].sort());

    const files = (await readdir(outbox)).filter((file) => file.endsWith('.eml'));
    const mails = await Promise.all(
      files.map(async (file) => PostalMime.parse(await readFile(path.join(outbox, file)))),
    );
    const about = mails.filter((mail) => mail.subject?.endsWith(': staffa.gcode'));
    const addressed = about.flatMap((mail) =>
      (mail.to ?? []).flatMap((to) => ('address' in to && to.address ? [to.address] : [])),
    );
    expect(addressed.sort()).toEqual([...people].sort());
  });
});
