import type { Page } from 'playwright-core';
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

/** Uploads `name` into a business's library root through the API, as the library page does. */
async function uploadToLibrary(page: Page, business: number, name: string): Promise<void> {
  const headers = await bearer(page, 'admin@demo.test');
  const answer = await page.request.post(
    `/api/v1/library/files?${new URLSearchParams({ folder: '', name, business: String(business) })}`,
    { headers: { ...headers, 'content-type': 'application/octet-stream' }, data: Buffer.from(slicedGcode()) },
  );
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** The job's entry on a queue screen. */
const jobItem = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

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

  it('queues a library file, starts it on a machine whose bed is clear and shows it on the machine, in Italian on a desktop', async () => {
    const page = await open(DESKTOP);
    const machine = await onlineGroup(page, IDLE_MACHINE);
    await signIn(page, 'manager@demo.test', { at: '/it/library' });
    await page.getByRole('heading', { name: t('library.title'), level: 1 }).waitFor();

    // A file uploaded on the library page, queued on one machine from its row.
    const name = 'Staffa_coda.gcode';
    await page
      .getByLabel(t('library.upload.label'))
      .setInputFiles([{ name, mimeType: 'text/plain', buffer: Buffer.from(slicedGcode()) }]);
    await page.getByRole('button', { name: t('library.upload.submit'), exact: true }).click();
    await page.getByRole('row').filter({ hasText: name }).getByTestId('library-metadata').waitFor();
    await addToQueue(page, t, name, { machine: `${IDLE_MACHINE} (Reparto stampa)` }, 2);

    // The queue: the job waits, aimed at the machine, queued by the manager.
    await page.getByRole('link', { name: t('printQueue.nav'), exact: true }).click();
    await page.getByRole('heading', { name: t('printQueue.title'), level: 1 }).waitFor();
    const job = jobItem(page, name);
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
    await readiness
      .getByRole('button', { name: t('printQueue.machines.markFor', { machine: IDLE_MACHINE }) })
      .click();
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

    // The machine's page: its part of the queue, with the job's second copy waiting and its own "Bed clear".
    await page.goto(`/it/machines/${machine.id}`);
    const panel = page.getByTestId('machine-queue');
    await jobItem(page, name).waitFor(EVENTUALLY);
    await panel.getByText(t('printQueue.jobs.copies', { finished: 0, started: 1, copies: 2 })).waitFor();
    await panel
      .getByRole('button', { name: t('printQueue.machines.markFor', { machine: IDLE_MACHINE }) })
      .waitFor();
    await expectAccessible(page, "the machine's queue");
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
    const firstJob = jobItem(page, first);
    const secondJob = jobItem(page, second);
    await secondJob
      .getByText(tEn('printQueue.target.typeAt', { type: prusaType, location: PRUSA_LOCATION }))
      .waitFor();
    // Only managers and administrators switch the automatic start; the administrator may.
    expect(await page.getByLabel(tEn('printQueue.autoStart.label')).isEnabled()).toBe(true);

    // Moved up by keyboard: the second job comes before the first.
    const positionOf = async (name: string) =>
      (await page.getByRole('heading', { level: 3 }).allInnerTexts()).indexOf(name);
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
});
