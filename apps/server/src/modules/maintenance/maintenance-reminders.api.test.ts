import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type MaintenanceTask, type PushMessage, Role } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceReminders, users } from '../../db/schema.ts';
import { DEMO_MAINTENANCE_DUE } from '../../demo/demo-maintenance.ts';
import { InProcessBus } from '../../shared/cluster-bus.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';
import {
  type BrowserKeys,
  type LocalPushService,
  newBrowserKeys,
  startLocalPushService,
} from '../../test/push-service.ts';
import { anotherInstance, type createTestApp } from '../../test/test-app.ts';
import { TEST_CONFIG } from '../../test/test-config.ts';

const DAY = 86_400_000;
const PUBLIC_URL = TEST_CONFIG.publicUrl;
const OPERATOR_TECH = 'tecnico.operatore@demo.test';

let push: LocalPushService;
let options: NonNullable<Parameters<typeof createTestApp>[0]>;

beforeAll(async () => {
  push = await startLocalPushService();
  const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
  options = { push: { extraCa: push.ca, privateHosts: ['127.0.0.1'], resolve } };
});
afterAll(async () => {
  await push?.close();
});
const t = useTestApp(() => options);
let demo = demoClient(t);

/** A browser of `email` subscribed through the API, with keys only the test holds. */
async function subscribe(email: string, language: 'it' | 'en') {
  const browser = newBrowserKeys();
  const endpoint = push.endpoint();
  const response = await demo.call(email, 'POST', '/api/v1/notifications/subscribe', {
    endpoint,
    expirationTime: null,
    keys: browser.keys,
    language,
  });
  expect(response.statusCode, response.body).toBe(204);
  return { endpoint, browser };
}

/** What arrived at a subscription once every notification started so far is done, decrypted. */
async function messagesAt({ endpoint, browser }: { endpoint: string; browser: BrowserKeys }) {
  await t.modules.notifications.notifier.idle();
  return push.received
    .filter((each) => `${push.origin}${each.path}` === endpoint)
    .map((each) => JSON.parse(browser.decrypt(each.body)) as PushMessage);
}

/** The mails to `address` in the outbox, oldest first, as a person reads them. */
async function mailsTo(address: string) {
  await t.modules.notifications.notifier.idle();
  const files = (await readdir(t.outbox)).filter((file) => file.endsWith('.eml')).sort();
  const mails = await Promise.all(
    files.map(async (file) => PostalMime.parse(await readFile(path.join(t.outbox, file)))),
  );
  return mails
    .filter((mail) => (mail.to ?? []).some((to) => 'address' in to && to.address === address))
    .map((mail) => ({ subject: mail.subject ?? '', text: mail.text ?? '' }));
}

async function createTask(machineTypeId: number, body: Record<string, unknown>): Promise<MaintenanceTask> {
  const response = await demo.call('admin@demo.test', 'POST', '/api/v1/maintenance/tasks', {
    machineType: machineTypeId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as MaintenanceTask;
}

const taskNamed = async (machineTypeId: number, name: string) => {
  const tasks = (
    await demo.call('admin@demo.test', 'GET', `/api/v1/maintenance/tasks?machineType=${machineTypeId}`)
  ).json() as MaintenanceTask[];
  const task = tasks.find((each) => each.name === name);
  if (!task) throw new Error(`no task ${name}`);
  return task;
};

/** A job the live status saw finish on a demo group's machine, now. */
async function jobFinished(groupName: string, fileName: string) {
  const group = await demo.group(groupName);
  t.modules.liveStatus.events.emit({
    type: 'jobFinished',
    controllerId: group.computerControllerId,
    machineGroupId: group.id,
    at: t.clock.now().toISOString(),
    fileName,
    durationSeconds: 60,
  });
}

const remindersOf = (taskId: number, machineGroupId: number) =>
  t.database.db
    .select()
    .from(maintenanceReminders)
    .where(
      and(eq(maintenanceReminders.taskId, taskId), eq(maintenanceReminders.machineGroupId, machineGroupId)),
    );

describe('maintenance reminders', () => {
  it("tell the demo's overdue and due-soon tasks once, by push and mail in the recipient's language", async () => {
    const voron = await demo.group(DEMO_MAINTENANCE_DUE.group);
    const tech = await subscribe('tech@demo.test', 'en');
    const nozzle = await taskNamed(voron.machineTypeId, DEMO_MAINTENANCE_DUE.overdue.task);
    const belts = await taskNamed(voron.machineTypeId, DEMO_MAINTENANCE_DUE.dueSoon.task);

    expect(await t.modules.maintenance.reminders.check()).toBe(2);
    const messages = (await messagesAt(tech)).sort((a, b) => a.title.localeCompare(b.title));
    expect(messages).toEqual([
      {
        title: 'Maintenance due soon: Voron prototipi',
        body: 'Controllare la tensione delle cinghie: 28 days of 30',
        url: `/en/machines/${voron.id}`,
        tag: `maintenance-${voron.id}-${belts.id}`,
        kind: 'maintenanceDue',
        machineId: voron.id,
      },
      {
        title: 'Maintenance overdue: Voron prototipi',
        body: "Sostituire l'ugello: 130 days of 120",
        url: `/en/machines/${voron.id}`,
        tag: `maintenance-${voron.id}-${nozzle.id}`,
        kind: 'maintenanceDue',
        machineId: voron.id,
      },
    ]);
    // The mail is in the language of the technician's newest subscription, with the link to the machine.
    const mails = await mailsTo('tech@demo.test');
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Maintenance due soon: Voron prototipi',
      'Maintenance overdue: Voron prototipi',
    ]);
    expect(mails[0]?.text).toContain(`${PUBLIC_URL}/en/machines/${voron.id}`);
    expect(mails[0]?.text).toMatch(/^Hello Tiziana,/);
    // Nobody else is assigned to the Voron, and the demo has no technician of the operator.
    expect(await mailsTo('manager@demo.test')).toEqual([]);

    // Told once: checking again sends nothing, whatever the state moved to.
    t.clock.advance(3 * DAY);
    // Sessions last an hour: the demo users sign in again at the new time.
    demo = demoClient(t);
    expect(await t.modules.maintenance.reminders.check()).toBe(0);
    expect(await messagesAt(tech)).toHaveLength(2);
    expect(await remindersOf(belts.id, voron.id)).toEqual([
      expect.objectContaining({ cycle: expect.any(Number), state: 'dueSoon' }),
    ]);
  });

  it("go to the group's users and the operator's technicians, by push to those whose machine switch is on", async () => {
    const operator = await demo.businessId('operator');
    await t.modules.users.repository.insert({
      email: OPERATOR_TECH,
      name: 'Olga',
      surname: 'Operatore',
      role: Role.Technician,
      businessId: operator,
      passwordHash: 'not-used',
    });
    await t.database.db
      .update(users)
      .set({ machineNotifications: false })
      .where(eq(users.email, 'tech@demo.test'));
    const operatorTech = await subscribe(OPERATOR_TECH, 'en');
    const customer = await subscribe('customer@demo.test', 'it');
    const tech = await subscribe('tech@demo.test', 'it');

    // Prusa linea 1 (assigned to the technician and the customer): a task due after every job, then a job.
    const prusa = await demo.group('Prusa linea 1');
    const task = await createTask(prusa.machineTypeId, { name: 'Every job', everyJobs: 1 });
    await jobFinished('Prusa linea 1', '0:/gcodes/reminded.gcode');
    // The job is recorded, the reminder claimed and sent in the background; the customer is also told of the job.
    await push.waitFor(customer.endpoint, 2);
    await push.waitFor(operatorTech.endpoint, 1);
    expect(await remindersOf(task.id, prusa.id)).toHaveLength(1);

    const reminders = (messages: PushMessage[]) =>
      messages.filter((message) => message.kind === 'maintenanceDue');
    expect(reminders(await messagesAt(customer))).toEqual([
      expect.objectContaining({
        title: 'Manutenzione scaduta: Prusa linea 1',
        body: 'Every job: 1 lavori su 1',
        url: `/it/machines/${prusa.id}`,
      }),
    ]);
    expect((await messagesAt(operatorTech)).filter((message) => message.machineId === prusa.id)).toEqual([
      expect.objectContaining({
        title: 'Maintenance overdue: Prusa linea 1',
        url: `/en/machines/${prusa.id}`,
      }),
    ]);
    // The assigned technician turned machine pushes off: the reminder reaches them by mail only.
    expect(await messagesAt(tech)).toEqual([]);
    expect(
      (await mailsTo('tech@demo.test'))
        .map((mail) => mail.subject)
        .filter((subject) => subject.includes('Prusa')),
    ).toEqual(['Manutenzione scaduta: Prusa linea 1']);
    expect((await messagesAt(customer)).map((message) => message.kind).sort()).toEqual([
      'jobFinished',
      'maintenanceDue',
    ]);
    expect((await mailsTo('customer@demo.test')).map((mail) => mail.subject)).toEqual([
      'Manutenzione scaduta: Prusa linea 1',
    ]);
    expect((await mailsTo(OPERATOR_TECH)).map((mail) => mail.text)).toEqual([
      expect.stringContaining(`${PUBLIC_URL}/en/machines/${prusa.id}`),
    ]);
    // The other groups of the type have no job: nothing was due there.
    const other = await demo.group('Prusa linea 2');
    expect(await remindersOf(task.id, other.id)).toEqual([]);
    await t.database.db.update(users).set({ machineNotifications: true });
  });

  it('are sent once however many instances check at once', async () => {
    const second = await anotherInstance(
      t,
      { ...options, mail: { ...TEST_CONFIG.mail, outboxDir: t.outbox } },
      new InProcessBus(),
    );
    try {
      await t.modules.maintenance.reminders.check();
      const ratrig = await demo.group('RatRig produzione');
      // Due by a job recorded with no check of its own (a plan change, or a job the live status saw, checks at once).
      const task = await createTask(ratrig.machineTypeId, { name: 'Once', everyJobs: 1 });
      const done = await demo.call(
        'admin@demo.test',
        'POST',
        `/api/v1/machinegroup/${ratrig.id}/maintenance/done`,
        {
          task: task.id,
          date: new Date(t.clock.now().getTime() - 2 * DAY).toISOString(),
        },
      );
      expect(done.statusCode, done.body).toBe(201);
      expect(await remindersOf(task.id, ratrig.id)).toHaveLength(0);
      const recorded = await t.modules.maintenance.service.recordFinishedJob({
        type: 'jobFinished',
        controllerId: ratrig.computerControllerId,
        machineGroupId: ratrig.id,
        at: t.clock.now().toISOString(),
        fileName: '0:/gcodes/once.gcode',
        durationSeconds: 60,
      });
      expect(recorded).toBe(true);
      const sent = await Promise.all([
        t.modules.maintenance.reminders.check(),
        second.modules.maintenance.reminders.check(),
        t.modules.maintenance.reminders.check(),
      ]);
      expect(sent.reduce((sum, each) => sum + each, 0)).toBe(1);
      await second.modules.notifications.notifier.idle();
      expect((await mailsTo('customer2@demo.test')).map((mail) => mail.subject)).toEqual([
        'Manutenzione scaduta: RatRig produzione',
      ]);
      expect((await mailsTo('customer2@demo.test'))[0]?.text).toContain('Once: 1 lavori su 1');
    } finally {
      await second.app.close();
    }
  });

  it('start again once the task is marked done: the next time it falls due is told again', async () => {
    const voron = await demo.group(DEMO_MAINTENANCE_DUE.group);
    const nozzle = await taskNamed(voron.machineTypeId, DEMO_MAINTENANCE_DUE.overdue.task);
    const done = await demo.call(
      'tech@demo.test',
      'POST',
      `/api/v1/machinegroup/${voron.id}/maintenance/done`,
      {
        task: nozzle.id,
        note: 'Nuovo ugello',
      },
    );
    expect(done.statusCode, done.body).toBe(201);
    expect(await t.modules.maintenance.reminders.check(voron.id)).toBe(0);

    // Due again by the jobs of the new cycle (this group's own interval: every job).
    const override = await demo.call(
      'admin@demo.test',
      'PUT',
      `/api/v1/machinegroup/${voron.id}/maintenance/${nozzle.id}/override`,
      { everyJobs: 1 },
    );
    expect(override.statusCode, override.body).toBe(200);
    t.clock.advance(60_000);
    await jobFinished(DEMO_MAINTENANCE_DUE.group, '0:/gcodes/after.gcode');
    const overdueMails = async () =>
      (await mailsTo('tech@demo.test')).filter(
        (mail) => mail.subject === 'Manutenzione scaduta: Voron prototipi',
      );
    await expect.poll(async () => (await overdueMails()).length, { timeout: 10_000 }).toBe(1);
    expect(await remindersOf(nozzle.id, voron.id)).toHaveLength(2);
    // The demo's cycle (its last done record), then the one the technician's record began.
    const cycles = (await remindersOf(nozzle.id, voron.id)).map((each) => each.cycle);
    expect(cycles).toContain(done.json().id);
    expect(new Set(cycles).size).toBe(2);
    expect((await overdueMails())[0]?.text).toContain("Sostituire l'ugello: 1 lavori su 1");
  });

  it('are told as soon as a plan change makes a task due, not at the next housekeeping round', async () => {
    const lab = await demo.group('Prusa laboratorio');
    const task = await taskNamed(lab.machineTypeId, 'Pulire il piano PEI');
    expect(await remindersOf(task.id, lab.id)).toHaveLength(0);
    const override = await demo.call(
      'admin@demo.test',
      'PUT',
      `/api/v1/machinegroup/${lab.id}/maintenance/${task.id}/override`,
      { everyDays: 1 },
    );
    expect(override.statusCode, override.body).toBe(200);
    await expect.poll(async () => (await remindersOf(task.id, lab.id)).length, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(async () => (await mailsTo('customer2@demo.test')).map((mail) => mail.subject), {
        timeout: 10_000,
      })
      .toContain('Manutenzione scaduta: Prusa laboratorio');
  });

  it('are looked for on the housekeeping round, once for the deployment', async () => {
    const lab = await demo.group('Prusa laboratorio');
    const task = await taskNamed(lab.machineTypeId, DEMO_MAINTENANCE_DUE.overdue.task);
    // Due only by the days still to pass: nothing is told when the override is set.
    const override = await demo.call(
      'admin@demo.test',
      'PUT',
      `/api/v1/machinegroup/${lab.id}/maintenance/${task.id}/override`,
      { everyDays: 365 },
    );
    expect(override.statusCode, override.body).toBe(200);
    await t.modules.notifications.notifier.idle();
    expect(await remindersOf(task.id, lab.id)).toHaveLength(0);
    t.clock.advance(366 * DAY);
    expect(await t.modules.housekeeping.service.runDue()).toContain('maintenance-reminders');
    expect(await remindersOf(task.id, lab.id)).toHaveLength(1);
  });
});
