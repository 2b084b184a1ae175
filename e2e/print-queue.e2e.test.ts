import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../test-kit/browser-session.ts';
import { type CatalogKey, t, tEn } from '../test-kit/catalog.ts';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import { slicedGcode } from '../test-kit/sliced-gcode.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

// The print queue (docs/product.md §11) on the demo fleet, whose machines come online with their simulated boards.
const { open } = usePortal({}, { demoFleet: true });
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const EVENTUALLY = { timeout: 30_000 };
/**
 * How long a started copy may take to end on the page: its print and the portal's reads of the board, on a busy
 * machine. The page hears of it from the app's event stream; its own reads, once a minute while that stream is
 * open, are not what shows it.
 */
const FINISHING = { timeout: 45_000 };

/**
 * A short dry run: a sliced file whose slicer estimates 40 s and whose start G-code leaves the heaters off. A demo
 * board prints a file for as long as its estimate says, at five times real speed, once its heaters reach the file's
 * setpoints (packages/board-sim/src/machine/job.ts, job-control.ts): this one ends within about ten seconds,
 * where the library's usual test file (an hour and a half, a cold bed to warm) would print for a quarter of an hour.
 */
const DRY_RUN = slicedGcode({ printSeconds: 40, heaters: { bed: 0, hotend: 0 } });

/** A machine of the first demo business whose board comes online idle (apps/server/src/demo/demo-machines.ts). */
const IDLE_MACHINE = 'Cella pallet';
/** A machine of the same business that prints from the start, of the type the phone's job aims at. */
const PRUSA = 'Prusa linea 1';
const PRUSA_LOCATION = 'Reparto stampa';
const FIRST_BUSINESS = 'Officine Adriatiche S.p.A.';

type Translate = (key: CatalogKey, values?: Record<string, unknown>) => string;

async function bearer(page: Page, email: string): Promise<Record<string, string>> {
  const login = await page.request.post('/api/v1/auth', { data: { email, password: DEMO_PASSWORD } });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

interface DemoGroup {
  id: number;
  name: string;
  business: number;
  machine: number;
  computer: number;
  firmware: number;
}

/** A demo machine group, once its board answers through the proxy (the demo gateways dial in after start). */
async function onlineGroup(page: Page, name: string): Promise<DemoGroup> {
  const headers = await bearer(page, 'admin@demo.test');
  const groups = (await (
    await page.request.get('/api/v1/machinegroup?pageSize=100', { headers })
  ).json()) as { items: DemoGroup[] };
  const group = groups.items.find((item) => item.name === name);
  if (!group) throw new Error(`no demo group ${name}`);
  const listing = `/proxy/duet/${group.firmware}/admin/${group.computer}/rr_filelist?dir=0:/gcodes`;
  await expect
    .poll(async () => (await page.request.get(listing, { headers })).status(), EVENTUALLY)
    .toBe(200);
  return group;
}

/** Uploads `name` into a business's library root through the API, as the library page does; its id. */
async function uploadToLibrary(
  page: Page,
  business: number,
  name: string,
  content = slicedGcode(),
): Promise<number> {
  const headers = await bearer(page, 'admin@demo.test');
  const answer = await page.request.post(
    `/api/v1/library/files?${new URLSearchParams({ folder: '', name, business: String(business) })}`,
    { headers: { ...headers, 'content-type': 'application/octet-stream' }, data: Buffer.from(content) },
  );
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { id: number }).id;
}

/** The job's entry on a queue screen, within `scope` (the jobs, the history, a machine's part of the queue). */
const jobItem = (page: Page, name: string, scope: Page | Locator = page) =>
  scope.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Text that begins with `text` (a catalog text cut before its date), as a pattern. */
const opening = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const ADMIN_NAME = 'Alessia Amministratori';

/** The queue page's sections: its jobs waiting and printing, and its history of ended jobs. */
const jobsSection = (page: Page, tr: Translate) =>
  page.getByRole('region', { name: tr('printQueue.jobs.title'), exact: true });
const historySection = (page: Page, tr: Translate) =>
  page.getByRole('region', { name: tr('printQueue.history.title'), exact: true });

/**
 * Whether the machine's readiness shows it idle, not marked ready and running no queued copy: as it is once a
 * queued copy ended (a start took its mark), and never between the start and that end.
 */
async function backToBedClear(readiness: Locator, tr: Translate): Promise<boolean> {
  return (
    (await readiness.getByTestId('queue-machine-run').count()) === 0 &&
    (await readiness.getByText(tr('fleet.states.idle'), { exact: true }).isVisible()) &&
    (await readiness.getByText(tr('printQueue.machines.notReady'), { exact: true }).isVisible())
  );
}

/** Opens the file's "Add to queue" dialog on the library page and queues it on `target`. */
async function addToQueue(
  page: Page,
  tr: Translate,
  name: string,
  target: { machine: string } | { machineType: string; location: string },
  copies: number,
): Promise<void> {
  await page.getByRole('button', { name: tr('printQueue.add.button', { name }) }).click();
  const dialog = page.getByTestId('queue-add-dialog');
  await dialog.waitFor();
  if ('machine' in target) {
    await dialog
      .getByLabel(tr('printQueue.fields.machine'), { exact: true })
      .selectOption({ label: target.machine });
  } else {
    await dialog.getByLabel(tr('printQueue.add.anyOfType')).check();
    await dialog
      .getByLabel(tr('printQueue.fields.machineType'), { exact: true })
      .selectOption({ label: target.machineType });
    await dialog.getByLabel(tr('printQueue.fields.location')).selectOption({ label: target.location });
  }
  await dialog.getByLabel(tr('printQueue.fields.copies')).fill(String(copies));
  await expectAccessible(page, 'the add-to-queue dialog');
  await dialog.getByRole('button', { name: tr('printQueue.add.submit'), exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the print queue', () => {
  // First in the file: the journeys below start copies on the one idle demo machine, which then is not idle.
  it('marks an idle machine "bed clear" and takes the mark back from its card in Italian on a desktop and from a wall tile in English on a phone, also when marked elsewhere', async () => {
    const desk = await open(DESKTOP);
    const machine = await onlineGroup(desk, IDLE_MACHINE);
    const headers = await bearer(desk, 'admin@demo.test');
    const isReady = async () =>
      (
        (await (
          await desk.request.get(`/api/v1/machinegroup/${machine.id}/print-queue`, { headers })
        ).json()) as { machine: { ready: boolean } }
      ).machine.ready;
    /** A mark put or taken back elsewhere (the queue page, another screen): the cards learn of it by the stream. */
    const markElsewhere = async (ready: boolean) => {
      const url = `/api/v1/machinegroup/${machine.id}/ready`;
      const answer = ready
        ? await desk.request.put(url, { headers })
        : await desk.request.delete(url, { headers });
      expect(answer.ok()).toBe(true);
    };
    const controls = (where: ReturnType<Page['getByRole']>, tr: Translate) => ({
      mark: where.getByRole('button', { name: tr('printQueue.machines.markFor', { machine: IDLE_MACHINE }) }),
      takeBack: where.getByRole('button', {
        name: tr('printQueue.machines.unmarkFor', { machine: IDLE_MACHINE }),
      }),
      badge: where.getByText(tr('printQueue.machines.ready'), { exact: true }),
    });

    await signIn(desk, 'manager@demo.test', { at: '/it/machines' });
    const card = controls(desk.getByRole('article', { name: IDLE_MACHINE, exact: true }), t);
    await card.mark.click(EVENTUALLY);
    await card.takeBack.waitFor();
    await card.badge.waitFor();
    expect(await isReady()).toBe(true);
    await expectAccessible(desk, 'a card marked "bed clear"');
    await card.takeBack.click();
    await card.mark.waitFor();
    expect(await isReady()).toBe(false);
    // Marked elsewhere, the card offers to take it back; taken back elsewhere, "Bed clear" again.
    await markElsewhere(true);
    await card.takeBack.waitFor(EVENTUALLY);
    await markElsewhere(false);
    await card.mark.waitFor(EVENTUALLY);

    const phone = await open(PHONE);
    await markElsewhere(true);
    await signIn(phone, 'admin@demo.test', { at: '/en/machines/wall' });
    const tile = controls(phone.getByRole('article', { name: IDLE_MACHINE, exact: true }), tEn);
    await tile.takeBack.waitFor(EVENTUALLY);
    await tile.badge.waitFor();
    await expectAccessible(phone, 'the wall with a machine marked "bed clear"');
    await tile.takeBack.click();
    await tile.mark.waitFor();
    expect(await isReady()).toBe(false);
    await expectAccessible(phone, 'the wall with "Bed clear"');
    await tile.mark.click();
    await tile.takeBack.waitFor();
    expect(await isReady()).toBe(true);
    // The desktop's card, on its own stream, shows the wall's mark.
    await card.takeBack.waitFor(EVENTUALLY);
    await markElsewhere(false);
  });

  it('queues a library file, starts its copies on a machine whose bed is clear and sees each end there, live, in Italian on a desktop', async () => {
    const page = await open(DESKTOP);
    const machine = await onlineGroup(page, IDLE_MACHINE);
    await signIn(page, 'manager@demo.test', { at: '/it/library' });
    await page.getByRole('heading', { name: t('library.title'), level: 1 }).waitFor();

    // A file uploaded on the library page, queued on one machine from its row.
    const name = 'Staffa_coda.gcode';
    await page
      .getByLabel(t('library.upload.label'))
      .setInputFiles([{ name, mimeType: 'text/plain', buffer: Buffer.from(DRY_RUN) }]);
    await page.getByRole('button', { name: t('library.upload.submit'), exact: true }).click();
    await page.getByRole('row').filter({ hasText: name }).getByTestId('library-metadata').waitFor();
    await addToQueue(page, t, name, { machine: `${IDLE_MACHINE} (Reparto stampa)` }, 2);

    // The queue: the job waits, aimed at the machine, queued by the manager.
    await page.getByRole('link', { name: t('printQueue.nav'), exact: true }).click();
    await page.getByRole('heading', { name: t('printQueue.title'), level: 1 }).waitFor();
    const job = jobItem(page, name, jobsSection(page, t));
    await job.getByText(t('printQueue.target.machine', { machine: IDLE_MACHINE })).waitFor();
    await job.getByText(t('printQueue.jobStates.waiting'), { exact: true }).waitFor();
    await job.getByText(t('printQueue.jobs.copies', { finished: 0, started: 0, copies: 2 })).waitFor();
    await job.getByText(/Marco Manager/).waitFor();
    // No machine is ready yet: nothing to start on.
    const startOn = job.getByRole('button', {
      name: t('printQueue.jobs.startOn', { machine: IDLE_MACHINE }),
    });
    expect(await startOn.count()).toBe(0);
    await expectAccessible(page, 'the queue with a waiting job');

    // "Bed clear" on the machine, then "Start on" the job: the copy starts there and the mark is used up.
    const readiness = page.getByTestId(`queue-machine-${machine.id}`);
    const markReady = readiness.getByRole('button', {
      name: t('printQueue.machines.markFor', { machine: IDLE_MACHINE }),
    });
    await markReady.click();
    await readiness.getByText(t('printQueue.machines.ready'), { exact: true }).waitFor();
    await startOn.click();
    await job
      .getByText(t('printQueue.jobs.copies', { finished: 0, started: 1, copies: 2 }))
      .waitFor(EVENTUALLY);
    await readiness.getByText(t('printQueue.machines.notReady'), { exact: true }).waitFor(EVENTUALLY);
    await job.getByRole('button', { name: t('printQueue.runs.show') }).click();
    const runs = job.getByRole('list', { name: t('printQueue.runs.label', { name }) });
    const firstRun = runs.getByRole('listitem').filter({ hasText: t('printQueue.runs.copy', { copy: 1 }) });
    await firstRun.getByText(IDLE_MACHINE, { exact: true }).waitFor(EVENTUALLY);
    await firstRun.getByText(/Marco Manager/).waitFor();
    expect(await firstRun.getByText(t('printQueue.runStates.failed')).count()).toBe(0);
    await expectAccessible(page, 'the queue with a started copy');

    // The copy ends on the machine: the page shows it finished, and the machine idle and needing "Bed clear"
    // again, without a reload.
    await firstRun.getByText(t('printQueue.runStates.finished'), { exact: true }).waitFor(FINISHING);
    await job.getByText(t('printQueue.jobs.copies', { finished: 1, started: 1, copies: 2 })).waitFor();
    await expect.poll(() => backToBedClear(readiness, t), FINISHING).toBe(true);
    expect(await markReady.isEnabled()).toBe(true);
    await expectAccessible(page, 'the queue with a finished copy');

    // The machine's page: its part of the queue, with the job's second copy waiting and its own "Bed clear".
    await page.goto(`/it/machines/${machine.id}`);
    const panel = page.getByTestId('machine-queue');
    const waiting = jobItem(page, name, panel);
    await waiting.waitFor(EVENTUALLY);
    await waiting.getByText(t('printQueue.jobs.copies', { finished: 1, started: 1, copies: 2 })).waitFor();
    await expectAccessible(page, "the machine's queue");

    // Its bed cleared and the second copy started there, which ends there too: the machine is back to needing
    // "Bed clear", and nothing waits for it any more.
    await panel
      .getByRole('button', { name: t('printQueue.machines.markFor', { machine: IDLE_MACHINE }) })
      .click();
    await waiting
      .getByRole('button', { name: t('printQueue.jobs.startOn', { machine: IDLE_MACHINE }) })
      .click(EVENTUALLY);
    await panel.getByTestId('machine-queue-empty').waitFor(EVENTUALLY);
    await expect.poll(() => backToBedClear(panel, t), FINISHING).toBe(true);

    // The queue's history: the job done, both copies finished on the machine, started by the manager.
    await page.getByRole('link', { name: t('printQueue.machinePanel.all') }).click();
    const done = jobItem(page, name, historySection(page, t));
    await done.getByText(t('printQueue.jobStates.done'), { exact: true }).waitFor(EVENTUALLY);
    await done.getByText(t('printQueue.jobs.copies', { finished: 2, started: 2, copies: 2 })).waitFor();
    const endedRuns = done
      .getByRole('list', { name: t('printQueue.runs.label', { name }) })
      .getByRole('listitem');
    expect(await endedRuns.count()).toBe(2);
    for (const run of await endedRuns.all()) {
      await run.getByText(IDLE_MACHINE, { exact: true }).waitFor();
      await run.getByText(t('printQueue.runStates.finished'), { exact: true }).waitFor();
      await run.getByText(/Marco Manager/).waitFor();
    }
    expect(await jobItem(page, name, jobsSection(page, t)).count()).toBe(0);
    await expectAccessible(page, "the queue's history");
  });

  it('lets the administrator reorder, change and cancel jobs of a chosen business, in English on a phone', async () => {
    const page = await open(PHONE);
    const prusa = await onlineGroup(page, PRUSA);
    const prusaType = (
      (await (
        await page.request.get(`/api/v1/machines/${prusa.machine}`, {
          headers: await bearer(page, 'admin@demo.test'),
        })
      ).json()) as { name: string }
    ).name;
    const first = 'Phone_first.gcode';
    const second = 'Phone_second_with_a_rather_long_name_for_a_phone.gcode';
    await uploadToLibrary(page, prusa.business, first);
    await uploadToLibrary(page, prusa.business, second);

    // Both queued from the library, for any machine of the Prusa's type in its department.
    await signIn(page, 'admin@demo.test', { at: '/en/library' });
    await page.getByLabel(tEn('library.business')).selectOption({ label: FIRST_BUSINESS });
    const target = { machineType: prusaType, location: PRUSA_LOCATION };
    await addToQueue(page, tEn, first, target, 1);
    await addToQueue(page, tEn, second, target, 3);

    await page.goto(`/en/queue?business=${prusa.business}`);
    await page.getByRole('heading', { name: tEn('printQueue.title'), level: 1 }).waitFor();
    const jobs = jobsSection(page, tEn);
    const firstJob = jobItem(page, first, jobs);
    const secondJob = jobItem(page, second, jobs);
    await secondJob
      .getByText(tEn('printQueue.target.typeAt', { type: prusaType, location: PRUSA_LOCATION }))
      .waitFor();
    // Only managers and administrators switch the automatic start; the administrator may.
    expect(await page.getByLabel(tEn('printQueue.autoStart.label')).isEnabled()).toBe(true);

    // Moved up by keyboard: the second job comes before the first.
    const positionOf = async (name: string) =>
      (await jobs.getByRole('heading', { level: 3 }).allInnerTexts()).indexOf(name);
    expect(await positionOf(second)).toBeGreaterThan(await positionOf(first));
    await secondJob.getByRole('button', { name: tEn('printQueue.jobs.moveUp', { name: second }) }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await positionOf(second)) < (await positionOf(first)), EVENTUALLY)
      .toBe(true);

    // Its copies changed, then the first job cancelled after the confirmation.
    await secondJob.getByRole('button', { name: tEn('printQueue.jobs.changeCopies') }).click();
    const copies = page.getByTestId('queue-copies-dialog');
    await copies.getByLabel(tEn('printQueue.fields.copies')).fill('2');
    await copies.getByRole('button', { name: tEn('common.save'), exact: true }).click();
    await copies.waitFor({ state: 'detached' });
    await secondJob
      .getByText(tEn('printQueue.jobs.copies', { finished: 0, started: 0, copies: 2 }))
      .waitFor();
    await firstJob.getByRole('button', { name: tEn('printQueue.jobs.cancel') }).click();
    const confirm = page.getByRole('dialog', { name: tEn('printQueue.cancel.title') });
    await expectAccessible(page, 'the cancel confirmation');
    await confirm.getByRole('button', { name: tEn('printQueue.cancel.confirm'), exact: true }).click();
    await firstJob.waitFor({ state: 'detached' });
    // Cancelled, it is history: by whom, and that no copy was started.
    const cancelled = jobItem(page, first, historySection(page, tEn));
    await cancelled.getByText(tEn('printQueue.jobStates.cancelled'), { exact: true }).waitFor();
    await cancelled.getByText(tEn('printQueue.history.noRuns')).waitFor();
    await cancelled
      .getByText(opening(tEn('printQueue.history.cancelledBy', { person: ADMIN_NAME, at: '' })))
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'the queue on a phone');

    // The Prusa's page lists the job aimed at its type and department.
    await page.goto(`/en/machines/${prusa.id}`);
    await page
      .getByTestId('machine-queue')
      .getByRole('heading', { name: second, exact: true })
      .waitFor(EVENTUALLY);
    await expectAccessible(page, "the machine's queue on a phone");
  });

  it('watches a started copy end on its machine and its job move to the history, live, in English on a phone', async () => {
    const page = await open(PHONE);
    const machine = await onlineGroup(page, IDLE_MACHINE);
    const headers = await bearer(page, 'admin@demo.test');
    const name = 'Phone_dry_run.gcode';
    const file = await uploadToLibrary(page, machine.business, name, DRY_RUN);
    const queued = await page.request.post(`/api/v1/business/${machine.business}/print-queue/jobs`, {
      headers,
      data: { file, target: { machineGroup: machine.id }, copies: 1 },
    });
    expect(queued.status(), await queued.text()).toBe(201);

    await signIn(page, 'admin@demo.test', { at: `/en/queue?business=${machine.business}` });
    await page.getByRole('heading', { name: tEn('printQueue.title'), level: 1 }).waitFor();
    const job = jobItem(page, name, jobsSection(page, tEn));
    await job.getByText(tEn('printQueue.jobStates.waiting'), { exact: true }).waitFor();
    const readiness = page.getByTestId(`queue-machine-${machine.id}`);
    // The machine ended the copies of the journeys before: idle, its bed to be cleared again.
    await expect.poll(() => backToBedClear(readiness, tEn), FINISHING).toBe(true);
    await readiness
      .getByRole('button', { name: tEn('printQueue.machines.markFor', { machine: IDLE_MACHINE }) })
      .click();
    await job
      .getByRole('button', { name: tEn('printQueue.jobs.startOn', { machine: IDLE_MACHINE }) })
      .click(EVENTUALLY);

    // The copy ends: without a reload the job leaves the jobs for the history, done, and the machine is idle and
    // needs "Bed clear" again.
    const done = jobItem(page, name, historySection(page, tEn));
    await done.getByText(tEn('printQueue.jobStates.done'), { exact: true }).waitFor(FINISHING);
    await job.waitFor({ state: 'detached' });
    await done.getByText(tEn('printQueue.jobs.copies', { finished: 1, started: 1, copies: 1 })).waitFor();
    await done.getByText(opening(tEn('printQueue.history.endedAt', { at: '' }))).waitFor();
    await done.getByText(opening(tEn('printQueue.jobs.queuedBy', { person: ADMIN_NAME, at: '' }))).waitFor();
    const run = done
      .getByRole('list', { name: tEn('printQueue.runs.label', { name }) })
      .getByRole('listitem')
      .filter({ hasText: tEn('printQueue.runs.copy', { copy: 1 }) });
    await run.getByText(IDLE_MACHINE, { exact: true }).waitFor();
    await run.getByText(tEn('printQueue.runStates.finished'), { exact: true }).waitFor();
    await run.getByText(opening(tEn('printQueue.runs.startedBy', { person: ADMIN_NAME, at: '' }))).waitFor();
    await run.getByText(opening(tEn('printQueue.runs.endedAt', { at: '' }))).waitFor();
    await expect.poll(() => backToBedClear(readiness, tEn), EVENTUALLY).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'the history on a phone');
  });
});
