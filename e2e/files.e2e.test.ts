import { readFile } from 'node:fs/promises';
import { Role } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../test-kit/browser-session.ts';
import { type CatalogKey, t, tEn } from '../test-kit/catalog.ts';
import { DEMO_PASSWORD, demoGroupsAssignedTo, idleDemoGroups } from '../test-kit/demo.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

/**
 * The entries of a menu just opened, once it shows: its code may still be on its way the first time a menu opens
 * before the page was idle (components/ui/context-menu.tsx).
 */
async function entriesOf(menu: Locator): Promise<string[]> {
  await menu.getByRole('menuitem').first().waitFor();
  return menu.getByRole('menuitem').allInnerTexts();
}

const { open } = usePortal({}, { demoFleet: true });

// Printing on every printing line of the demo (apps/server/src/demo/demo-machines.ts).
const MACHINE = 'Prusa linea 1';
/** A sliced file every simulated card holds (packages/board-sim/src/sd/seed-gcodes.ts). */
const FILE = 'Supporto_sensore.gcode';

/** The administrator's bearer header, for setting up through the API. */
async function adminHeaders(page: Page): Promise<Record<string, string>> {
  const login = await page.request.post('/api/v1/auth', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

interface DemoGroup {
  id: number;
  name: string;
  computer: number;
  firmware: number;
}

/** A demo machine group as the administrator reads it. */
async function demoGroup(page: Page, name: string, headers: Record<string, string>): Promise<DemoGroup> {
  const groups = (await (
    await page.request.get('/api/v1/machinegroup?pageSize=100', { headers })
  ).json()) as { items: DemoGroup[] };
  const group = groups.items.find((item) => item.name === name);
  if (!group) throw new Error(`no demo group ${name}`);
  return group;
}

/** The machine group's id, once its board answers through the proxy (the demo gateways dial in after start). */
async function machineReady(page: Page, name = MACHINE): Promise<number> {
  const headers = await adminHeaders(page);
  const group = await demoGroup(page, name, headers);
  const listing = `/proxy/duet/${group.firmware}/admin/${group.computer}/rr_filelist?dir=0:/gcodes`;
  await expect
    .poll(async () => (await page.request.get(listing, { headers })).status(), { timeout: 30_000 })
    .toBe(200);
  return group.id;
}

/** Moves a file on a demo machine's board as the administrator, through the proxy's admin path. */
async function moveOnBoard(page: Page, name: string, from: string, to: string): Promise<void> {
  const headers = await adminHeaders(page);
  const group = await demoGroup(page, name, headers);
  const move = `/proxy/duet/${group.firmware}/admin/${group.computer}/rr_move?${new URLSearchParams({ old: from, new: to })}`;
  expect(await (await page.request.get(move, { headers })).json()).toEqual({ err: 0 });
}

/**
 * Signs in (as the administrator unless told) and opens the machine's file browser: at 0: for the administrator,
 * at 0:/gcodes for everyone else (the customer path).
 */
async function openFiles(page: Page, email = 'admin@demo.test', machine = MACHINE): Promise<number> {
  const id = await machineReady(page, machine);
  await signIn(page, email, { at: `/it/machines/${id}/files` });
  await page.getByRole('heading', { name: `File di ${machine}` }).waitFor();
  if (email === 'admin@demo.test') await page.getByRole('button', { name: 'gcodes', exact: true }).waitFor();
  else await page.getByRole('cell', { name: FILE, exact: true }).waitFor();
  return id;
}

/** Gives a demo user access to a machine group, as an administrator does on the user's machines tab. */
async function giveAccess(page: Page, email: string, groupId: number): Promise<void> {
  const headers = await adminHeaders(page);
  const users = (await (await page.request.get('/api/v1/users?pageSize=100', { headers })).json()) as {
    items: { id: number; email: string }[];
  };
  const user = users.items.find((item) => item.email === email);
  if (!user) throw new Error(`no demo user ${email}`);
  const answer = await page.request.post(`/api/v1/users/${user.id}/machines`, {
    headers,
    data: { machine: groupId },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

const crumbs = (page: Page) =>
  page
    .getByRole('navigation', { name: t('files.breadcrumb') })
    .getByRole('listitem')
    .allInnerTexts();
/** The names of the listed entries, without the '..' row. */
const names = async (page: Page) =>
  (await page.locator('tbody tr td:nth-child(2)').allInnerTexts()).filter((name) => name !== '..');
const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Opens a row's menu from its actions button and picks `item` with the arrow keys and Enter. */
async function chooseByKeyboard(page: Page, file: string, item: string): Promise<void> {
  const items = [
    t('files.print.action'),
    'Scarica',
    t('files.menu.toLibrary'),
    t('files.menu.toQueue'),
    'Rinomina',
    'Elimina',
  ];
  await page.getByRole('button', { name: `Azioni per ${file}` }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedText(page), { timeout: 10_000 }).toBe(items[0]);
  for (const next of items.slice(1, items.indexOf(item) + 1)) {
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedText(page), { timeout: 10_000 }).toBe(next);
  }
  await page.keyboard.press('Enter');
}

async function enter(page: Page, folder: string, expected: string): Promise<void> {
  await page.getByRole('button', { name: folder, exact: true }).click();
  await page.getByRole('cell', { name: expected, exact: true }).waitFor();
}

describe('the file browser of a machine', () => {
  it('enters folders, goes back by .. and by the breadcrumb, and passes the accessibility check', async () => {
    const page = await open();
    const id = await openFiles(page);
    expect(await crumbs(page)).toEqual(['0:']);
    await expect.poll(() => page.getByRole('button', { name: t('files.upLabel') }).count()).toBe(0);
    await expectAccessible(page, 'files at 0:');

    await enter(page, 'gcodes', 'Supporto_sensore.gcode');
    await enter(page, 'Clienti', 'Rossi_SRL');
    await enter(page, 'Rossi_SRL', 'Coperchio_quadro.gcode');
    expect(await crumbs(page)).toEqual(['0:', 'gcodes', 'Clienti', 'Rossi_SRL']);
    expect(
      await page.getByRole('listitem').filter({ hasText: 'Rossi_SRL' }).getAttribute('aria-current'),
    ).toBe('page');

    await page.getByRole('button', { name: t('files.upLabel') }).click();
    await page.getByRole('button', { name: 'Rossi_SRL', exact: true }).waitFor();
    expect(await crumbs(page)).toEqual(['0:', 'gcodes', 'Clienti']);

    await page
      .getByRole('navigation', { name: t('files.breadcrumb') })
      .getByRole('button', { name: 'gcodes' })
      .click();
    await page.getByRole('cell', { name: 'Supporto_sensore.gcode', exact: true }).waitFor();
    expect(await crumbs(page)).toEqual(['0:', 'gcodes']);
    // The board's date as every date of the app is written in Italian (lib/format.ts), never yyyy-MM-dd.
    expect(await row(page, FILE).locator('td.file-date').innerText()).toMatch(
      /^\d{1,2} [a-z]{3} \d{4},\s+\d{2}:\d{2}$/,
    );
    await expectAccessible(page, 'files in 0:/gcodes');

    await page
      .getByRole('navigation', { name: t('files.breadcrumb') })
      .getByRole('button', { name: '0:' })
      .click();
    await page.getByRole('button', { name: 'gcodes', exact: true }).waitFor();
    expect(await crumbs(page)).toEqual(['0:']);

    // Back leads to the machine the files are of.
    expect(await page.getByRole('link', { name: t('files.back') }).getAttribute('href')).toBe(
      `/it/machines/${id}`,
    );
  });

  it('sorts by name and date: ascending, descending, none; another column starts ascending', async () => {
    const page = await open();
    await openFiles(page);
    await enter(page, 'gcodes', 'Supporto_sensore.gcode');
    const unsorted = await names(page);
    const folders = ['Clienti'];
    const files = unsorted.filter((name) => !folders.includes(name));
    expect(unsorted.slice(0, 1)).toEqual(folders);
    const byName = [...files].sort((a, b) =>
      a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }),
    );

    const nameHeader = page.getByRole('columnheader', { name: t('files.columns.name') });
    await nameHeader.getByRole('button').click();
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await names(page)).toEqual([...folders, ...byName]);
    await nameHeader.getByRole('button').click();
    expect(await nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await names(page)).toEqual([...folders, ...[...byName].reverse()]);
    await nameHeader.getByRole('button').click();
    expect(await nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(await names(page)).toEqual(unsorted);

    const dateHeader = page.getByRole('columnheader', { name: t('files.columns.date') });
    await nameHeader.getByRole('button').click();
    await dateHeader.getByRole('button').click();
    expect(await dateHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await nameHeader.getAttribute('aria-sort')).toBe('none');
    // Dates are written in words; their order is read from the board's own time each cell carries.
    const dates = await page
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => row.querySelector('td:nth-child(3) time')?.getAttribute('datetime') ?? ''),
      );
    // The row back to the parent folder has no date; the folders, listed first, have theirs.
    const fileDates = dates.filter(Boolean).slice(folders.length);
    expect(fileDates.length).toBeGreaterThan(1);
    expect(fileDates).toEqual([...fileDates].sort());
    expect((await names(page)).slice(0, 1)).toEqual(folders);
  });

  it('uploads two files with a progress bar each, keeps a replaced file as .bck, and downloads the bytes', async () => {
    const page = await open();
    await openFiles(page);
    await enter(page, 'gcodes', 'Supporto_sensore.gcode');
    const first = Buffer.from('G28\nG1 X10 Y10\n'.repeat(160_000));
    const second = Buffer.from('M117 seconda prova\n');
    await page.getByLabel(t('files.upload.label')).setInputFiles([
      { name: 'e2e-prima.gcode', mimeType: 'text/plain', buffer: first },
      { name: 'e2e-seconda.gcode', mimeType: 'text/plain', buffer: second },
    ]);
    await page.getByRole('button', { name: t('files.upload.submit'), exact: true }).click();
    const bars = page.getByRole('progressbar');
    await bars.first().waitFor();
    expect(await bars.count()).toBe(2);
    await page
      .getByRole('progressbar', { name: t('files.upload.progressLabel', { name: 'e2e-prima.gcode' }) })
      .waitFor();
    await expect
      .poll(() => page.getByText(t('files.upload.done'), { exact: true }).count(), { timeout: 30_000 })
      .toBe(2);
    expect(
      await page
        .getByRole('progressbar', { name: t('files.upload.progressLabel', { name: 'e2e-prima.gcode' }) })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    await row(page, 'e2e-prima.gcode').waitFor();
    await row(page, 'e2e-seconda.gcode').waitFor();

    const replacement = Buffer.from('M117 sostituito\n');
    await page
      .getByLabel(t('files.upload.label'))
      .setInputFiles([{ name: 'e2e-seconda.gcode', mimeType: 'text/plain', buffer: replacement }]);
    await page.getByRole('button', { name: t('files.upload.submit'), exact: true }).click();
    await row(page, 'e2e-seconda.gcode.bck').waitFor({ timeout: 30_000 });

    for (const [name, bytes] of [
      ['e2e-prima.gcode', first],
      ['e2e-seconda.gcode', replacement],
      ['e2e-seconda.gcode.bck', second],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Scarica ${name}`, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(name);
      expect(Buffer.compare(await readFile((await download.path()) ?? ''), bytes)).toBe(0);
    }
    // Folders have no download button.
    expect(
      await row(page, 'Clienti')
        .getByRole('button', { name: /^Scarica/ })
        .count(),
    ).toBe(0);
  });

  it('works on a phone-sized screen in the light theme: sizes under the names, Print in the row menu', async () => {
    const page = await open({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await openFiles(page);
    expect(await page.locator('html').getAttribute('data-bs-theme')).toBe('light');
    // Folder names keep their words whole: the date column gives way, on two lines, to the name.
    for (const folder of ['gcodes', 'filaments', 'firmware', 'macros']) {
      const lines = await page
        .getByRole('button', { name: folder, exact: true })
        .evaluate(
          (button: HTMLElement) =>
            button.offsetHeight / Number.parseFloat(getComputedStyle(button).lineHeight),
        );
      expect(lines, `${folder} stands on one line`).toBeLessThan(1.5);
    }
    // The chooser speaks the page's language, whatever the browser's own.
    await page.getByText(t('files.upload.noneChosen'), { exact: true }).waitFor();
    await page
      .getByLabel(t('files.upload.label'))
      .setInputFiles([{ name: 'scelto.gcode', mimeType: 'text/plain', buffer: Buffer.from('G28\n') }]);
    await page.getByText('scelto.gcode', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'gcodes', exact: true }).click();
    await page.getByText(FILE, { exact: true }).waitFor();
    await expectAccessible(page, 'files on a phone, light');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow(), 'the files page fits a 390 px screen').toBeLessThanOrEqual(0);
    const tableOverflow = await page
      .locator('.table-responsive')
      .evaluate((table) => table.scrollWidth - table.clientWidth);
    expect(tableOverflow, 'the file table needs no sideways scrolling').toBeLessThanOrEqual(0);

    // The size column gives way to the name: each file's size stands under its name.
    expect(await page.getByRole('columnheader', { name: t('files.columns.size') }).isVisible()).toBe(false);
    const fileRow = page.getByRole('row').filter({ has: page.getByText(FILE, { exact: true }) });
    expect(await fileRow.getByRole('cell').nth(1).innerText()).toMatch(
      new RegExp(`^${FILE.replace('.', '\\.')}\\n\\d+(,\\d)? kB$`),
    );

    await fileRow.getByRole('button', { name: t('files.menu.label', { name: FILE }) }).click();
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: t('files.print.action'), exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: t('files.print.title', { name: FILE }) });
    await dialog.getByTestId('print-time').waitFor();
    expect(await overflow(), 'the print dialog fits a 390 px screen').toBeLessThanOrEqual(0);
    await expectAccessible(page, 'the print dialog on a phone, light');
    await dialog.getByRole('button', { name: t('common.cancel') }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('renames and deletes through the row menu, by mouse and by keyboard', async () => {
    const page = await open();
    await openFiles(page);
    await enter(page, 'gcodes', 'Supporto_sensore.gcode');
    await page.getByLabel(t('files.upload.label')).setInputFiles([
      { name: 'e2e-mouse.gcode', mimeType: 'text/plain', buffer: Buffer.from('G28\n') },
      { name: 'e2e-tastiera.gcode', mimeType: 'text/plain', buffer: Buffer.from('G29\n') },
    ]);
    await page.getByRole('button', { name: t('files.upload.submit'), exact: true }).click();
    await row(page, 'e2e-tastiera.gcode').waitFor({ timeout: 30_000 });
    await row(page, 'e2e-mouse.gcode').waitFor();

    // Mouse: right click on the row.
    await row(page, 'e2e-mouse.gcode').click({ button: 'right' });
    const menu = page.getByRole('menu');
    expect(await entriesOf(menu)).toEqual([
      t('files.print.action'),
      t('files.download'),
      t('files.menu.toLibrary'),
      t('files.menu.toQueue'),
      'Rinomina',
      'Elimina',
    ]);
    await menu.getByRole('menuitem', { name: t('files.menu.rename') }).click();
    const renameDialog = page.getByRole('dialog', {
      name: t('files.rename.title', { name: 'e2e-mouse.gcode' }),
    });
    await renameDialog.getByLabel(t('files.rename.field')).fill('e2e-mouse/altro.gcode');
    await renameDialog.getByRole('button', { name: t('files.rename.submit') }).click();
    await renameDialog.getByText('Il nome non può essere vuoto né contenere / o \\.').waitFor();
    await renameDialog.getByLabel(t('files.rename.field')).fill('e2e-topo.gcode');
    await renameDialog.getByRole('button', { name: t('files.rename.submit') }).click();
    await row(page, 'e2e-topo.gcode').waitFor();
    await row(page, 'e2e-mouse.gcode').waitFor({ state: 'detached' });

    await row(page, 'e2e-topo.gcode').click({ button: 'right' });
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: t('common.delete') })
      .click();
    const confirm = page.getByRole('dialog', { name: t('files.delete.title', { name: 'e2e-topo.gcode' }) });
    await confirm.getByText('0:/gcodes/e2e-topo.gcode').waitFor();
    await confirm.getByRole('button', { name: t('common.delete') }).click();
    await row(page, 'e2e-topo.gcode').waitFor({ state: 'detached' });

    // Keyboard: the row's actions button opens the same menu.
    await chooseByKeyboard(page, 'e2e-tastiera.gcode', 'Rinomina');
    const keyboardRename = page.getByRole('dialog', {
      name: t('files.rename.title', { name: 'e2e-tastiera.gcode' }),
    });
    await keyboardRename.getByLabel(t('files.rename.field')).focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('e2e-tasti.gcode');
    await page.keyboard.press('Enter');
    await row(page, 'e2e-tasti.gcode').waitFor();

    await chooseByKeyboard(page, 'e2e-tasti.gcode', 'Elimina');
    const keyboardConfirm = page.getByRole('dialog', {
      name: t('files.delete.title', { name: 'e2e-tasti.gcode' }),
    });
    await keyboardConfirm.getByRole('button', { name: t('common.delete') }).focus();
    await page.keyboard.press('Enter');
    await row(page, 'e2e-tasti.gcode').waitFor({ state: 'detached' });
    await expectAccessible(page, 'files after the row menu');
  });

  it('offers a customer printing, downloads and a copy to the library, through the customer path; no print while a job runs', async () => {
    const page = await open();
    await openFiles(page, 'customer@demo.test');
    expect(await crumbs(page)).toEqual(['0:', 'gcodes']);
    await row(page, FILE).click({ button: 'right' });
    expect(await entriesOf(page.getByRole('menu'))).toEqual([
      t('files.print.action'),
      t('files.download'),
      t('files.menu.toLibrary'),
      t('files.menu.toQueue'),
    ]);
    // Copied into the business's print library, which the toast leads to.
    await page.getByRole('menuitem', { name: t('files.menu.toLibrary') }).click();
    const copied = page.getByTestId('toast-area').getByText(t('files.toLibrary.done', { name: FILE }));
    await copied.waitFor();
    await expectAccessible(page, 'files with the copy to the library told');
    await page.getByRole('link', { name: t('files.toLibrary.open') }).click();
    await page.waitForURL(/\/it\/library$/);
    await page.getByRole('row').filter({ hasText: FILE }).waitFor();
    await page.goBack();
    await page.getByRole('cell', { name: FILE, exact: true }).waitFor();
    // A folder has nothing to offer a customer: no menu button at all.
    expect(
      await row(page, 'Clienti')
        .getByRole('button', { name: /^Azioni per/ })
        .count(),
    ).toBe(0);

    // The demo's first line is printing: the live status keeps the confirm button back, and says why.
    await row(page, FILE)
      .getByRole('button', { name: t('files.print.actionNamed', { name: FILE }) })
      .click();
    const dialog = page.getByRole('dialog', { name: t('files.print.title', { name: FILE }) });
    await dialog
      .getByText(t('files.print.blocked.running', { machine: MACHINE }))
      .waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole('button', { name: t('files.print.submit') }).isDisabled()).toBe(true);
  });
});

describe('the file browser for everyone who may use it', () => {
  it("leads a manager from the machine's page to its files at 0:/gcodes, uploads there, and says where uploads may go elsewhere", async () => {
    const page = await open({ width: 1440, height: 900 });
    const id = await machineReady(page);
    await signIn(page, 'manager@demo.test', { at: `/it/machines/${id}` });
    const summary = page.getByRole('region', { name: t('machinePanel.summary', { name: MACHINE }) });
    await summary.getByRole('link', { name: t('fleet.links.files') }).click();
    await page.waitForURL(new RegExp(`/it/machines/${id}/files$`));
    await row(page, FILE).waitFor();
    expect(await crumbs(page)).toEqual(['0:', 'gcodes']);
    expect(await page.getByTestId('upload-only-in').count()).toBe(0);

    await page
      .getByLabel(t('files.upload.label'))
      .setInputFiles([
        { name: 'e2e-responsabile.gcode', mimeType: 'text/plain', buffer: Buffer.from('G28\n') },
      ]);
    await page.getByRole('button', { name: t('files.upload.submit'), exact: true }).click();
    await row(page, 'e2e-responsabile.gcode').waitFor({ timeout: 30_000 });

    // A file whose G-code the customer path refuses: the refusal says what is allowed, not an error number.
    await page
      .getByLabel(t('files.upload.label'))
      .setInputFiles([{ name: 'e2e-config.gcode', mimeType: 'text/plain', buffer: Buffer.from('M500\n') }]);
    await page.getByRole('button', { name: t('files.upload.submit'), exact: true }).click();
    await page
      .getByText(t('files.upload.failed', { reason: t('files.errors.customerRefused') }), { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await page.getByText(/errore 1/).count()).toBe(0);
    await expectAccessible(page, 'files of a manager, with a refused upload');

    // Above 0:/gcodes the chooser is off and says where uploads may go.
    await page.getByRole('button', { name: t('files.upLabel') }).click();
    await page.getByRole('button', { name: 'gcodes', exact: true }).waitFor();
    await page.getByTestId('upload-only-in').getByText(t('files.upload.onlyIn')).waitFor();
    expect(await page.getByLabel(t('files.upload.label')).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: t('files.upload.submit'), exact: true }).isDisabled()).toBe(
      true,
    );
    await expectAccessible(page, 'files at 0: on the customer path');
    expect(await page.getByRole('link', { name: t('files.back') }).getAttribute('href')).toBe(
      `/it/machines/${id}`,
    );
  });

  it('gives a customer the files link on the card, and the browser in English on a phone', async () => {
    const page = await open({ width: 390, height: 844 });
    const id = await machineReady(page);
    await signIn(page, 'customer@demo.test', { at: '/en/machines' });
    const card = page.getByRole('article', { name: MACHINE });
    await card
      .getByRole('navigation')
      .getByRole('link', { name: tEn('fleet.links.files') })
      .click();
    await page.waitForURL(new RegExp(`/en/machines/${id}/files$`));
    await page.getByRole('heading', { name: tEn('files.title', { name: MACHINE }) }).waitFor();
    // On a phone the size stands under the name, in the same cell.
    await page.getByText(FILE, { exact: true }).waitFor();
    // The board's date as English writes every date of the app, its day and time on lines of their own if need be.
    const fileRow = page.getByRole('row').filter({ has: page.getByText(FILE, { exact: true }) });
    expect(await fileRow.locator('td.file-date').innerText()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4},\s+\d{1,2}:\d{2}\s[AP]M$/,
    );
    expect(await page.getByTestId('upload-only-in').count()).toBe(0);
    await expectAccessible(page, 'files of a customer on a phone, English');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A copy to the print library from the row's menu, said in English.
    const cube = 'calibration_cube_20mm.gcode';
    await page.getByRole('button', { name: tEn('files.menu.label', { name: cube }) }).click();
    await page.getByRole('menuitem', { name: tEn('files.menu.toLibrary') }).click();
    await page
      .getByTestId('toast-area')
      .getByText(tEn('files.toLibrary.done', { name: cube }))
      .waitFor();

    await page
      .getByRole('navigation', { name: tEn('files.breadcrumb') })
      .getByRole('button', { name: '0:' })
      .click();
    await page.getByRole('button', { name: 'gcodes', exact: true }).waitFor();
    await page.getByText(tEn('files.upload.onlyIn'), { exact: true }).waitFor();
    await expectAccessible(page, 'files at 0: of a customer on a phone, English');
    await page.getByRole('link', { name: tEn('files.back') }).click();
    await page.waitForURL(new RegExp(`/en/machines/${id}$`));
  });
});

describe('printing from the file browser', () => {
  it("starts a seeded G-code file on an idle machine as a customer, after a confirm step with its size, time and filament, and gives the board's error reply", async () => {
    const [idle] = idleDemoGroups();
    if (!idle) throw new Error('the demo fleet has no idle machine');
    const page = await open();
    const id = await machineReady(page, idle.name);
    if (!demoGroupsAssignedTo('customer@demo.test').includes(idle)) {
      await giveAccess(page, 'customer@demo.test', id);
    }
    await openFiles(page, 'customer@demo.test', idle.name);

    await page.getByRole('columnheader', { name: t('files.columns.size') }).waitFor();
    const size = await row(page, FILE).locator('td.file-size').innerText();
    expect(size).toMatch(/^\d+(,\d)? kB$/);
    expect(await row(page, 'Clienti').locator('td.file-size').innerText()).toBe('');

    await row(page, FILE)
      .getByRole('button', { name: t('files.print.actionNamed', { name: FILE }) })
      .click();
    const dialog = page.getByRole('dialog', { name: t('files.print.title', { name: FILE }) });
    await dialog.getByText(t('files.print.question', { name: FILE, machine: idle.name })).waitFor();
    // The seeded file's slicer comments: 25m 20s and 2140.5 mm of filament (packages/board-sim/src/sd/seed-gcodes.ts).
    await dialog.getByTestId('print-time').waitFor();
    expect(await dialog.getByTestId('print-time').innerText()).toBe('25 min');
    expect(await dialog.getByTestId('print-filament').innerText()).toBe('2,14 m');
    expect(await dialog.getByTestId('print-size').innerText()).toBe(size);
    await expectAccessible(page, 'the print dialog');

    // The file moved away while the dialog was open (another user, a slicer): the board's reply says so.
    const path = `0:/gcodes/${FILE}`;
    await moveOnBoard(page, idle.name, path, `${path}.bak`);
    await dialog.getByRole('button', { name: t('files.print.submit') }).click();
    const reply = `Error: File ${path} not found`;
    await dialog
      .getByText(t('files.print.failed', { reason: t('files.errors.boardSaid', { reply }) }))
      .waitFor();
    await expectAccessible(page, "the print dialog with the board's error");
    await moveOnBoard(page, idle.name, `${path}.bak`, path);

    await dialog.getByRole('button', { name: t('files.print.submit') }).click();
    await dialog.waitFor({ state: 'detached' });
    const sent = page
      .getByTestId('toast-area')
      .getByRole('alert')
      .filter({ hasText: t('files.print.started', { name: FILE, machine: idle.name }) });
    await sent.waitFor();
    // The toast leads on to the machine the print went to.
    const follow = sent.getByRole('link', { name: t('files.print.follow', { machine: idle.name }) });
    expect(await follow.getAttribute('href')).toBe(`/it/machines/${id}`);
    await expectAccessible(page, 'the print-sent toast');

    // The live status follows: a second print waits for this one.
    await row(page, FILE)
      .getByRole('button', { name: t('files.print.actionNamed', { name: FILE }) })
      .click();
    await dialog
      .getByText(t('files.print.blocked.running', { machine: idle.name }))
      .waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('button', { name: t('files.print.submit') }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: t('common.cancel') }).click();

    // The machine's own page shows the job running with that file.
    await page.goto(`/it/machines/${id}`);
    const summary = page.getByRole('region', { name: t('machinePanel.summary', { name: idle.name }) });
    await expect
      .poll(
        async () =>
          `${await summary.getByTestId('machine-status').innerText()} ${await summary.getByTestId('machine-job-file').innerText()}`,
        { timeout: 30_000 },
      )
      .toBe(`${t('fleet.states.processing')} ${FILE}`);
  });
});

/**
 * "Add to queue" from a board file's menu, on a desktop in Italian by the administrator (who names the business)
 * and on a phone in English by a customer: a file each that no other journey copies into the library.
 */
const QUEUE_SCREENS = [
  {
    name: 'desktop, Italian',
    lang: 'it',
    viewport: { width: 1440, height: 900 },
    email: 'admin@demo.test',
    file: 'Staffa_motore_PETG.gcode',
  },
  {
    name: 'phone, English',
    lang: 'en',
    viewport: { width: 390, height: 844 },
    email: 'customer@demo.test',
    file: 'Carter_frontale.gcode',
  },
] as const;

describe('queueing a file of the board', () => {
  for (const screen of QUEUE_SCREENS) {
    it(`copies it into the library and queues it on this machine, chosen at first; again, the same file (${screen.name})`, async () => {
      const { lang, file } = screen;
      const text = (key: CatalogKey, values?: Record<string, unknown>) =>
        lang === 'it' ? t(key, values) : tEn(key, values);
      const page = await open(screen.viewport);
      const id = await machineReady(page);
      await signIn(page, screen.email, { at: `/${lang}/machines/${id}/files` });
      /** The file browser at 0:/gcodes, where the file is (the administrator's opens at 0:). */
      const atGcodes = async () => {
        await page.getByRole('heading', { name: text('files.title', { name: MACHINE }) }).waitFor();
        if (screen.email === 'admin@demo.test') await enter(page, 'gcodes', file);
        // On a phone the size shares the name's cell.
        else await page.getByText(file, { exact: true }).waitFor();
      };
      const addToQueue = async () => {
        await page.getByRole('button', { name: text('files.menu.label', { name: file }) }).click();
        await page.getByRole('menuitem', { name: text('files.menu.toQueue') }).click();
      };
      await atGcodes();
      await addToQueue();

      // The file now in the library, the queue's dialog opens on it with this machine chosen.
      const dialog = page.getByRole('dialog', { name: text('printQueue.add.title', { name: file }) });
      const machine = dialog.getByLabel(text('printQueue.fields.machine'), { exact: true });
      await expect
        .poll(() => machine.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent), {
          timeout: 30_000,
        })
        .toBe(`${MACHINE} (Reparto stampa)`);
      await expectAccessible(page, `the queue's dialog on a board file (${screen.name})`);
      await dialog.getByLabel(text('printQueue.fields.copies')).fill('2');
      await dialog.getByRole('button', { name: text('printQueue.add.submit'), exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      // Told, with the way to the queue, where the job waits for this machine.
      const queued = page
        .getByTestId('toast-area')
        .getByRole('alert')
        .filter({ hasText: text('files.toQueue.done', { name: file }) });
      await queued.getByRole('link', { name: text('files.toQueue.open') }).click();
      await page.waitForURL(new RegExp(`/${lang}/queue(\\?business=\\d+)?$`));
      const job = page
        .getByRole('region', { name: text('printQueue.jobs.title'), exact: true })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: file, exact: true }) });
      await job.getByText(text('printQueue.target.machine', { machine: MACHINE })).waitFor();
      await job.getByText(text('printQueue.jobs.copies', { finished: 0, started: 0, copies: 2 })).waitFor();
      await job.getByText(text('printQueue.jobStates.waiting'), { exact: true }).waitFor();

      // Again, for another batch: the library has the file with the same content, so nothing is copied; the toast
      // says so and the dialog opens on that file. (Opened afresh: a folder click is ignored while a listing loads,
      // as a kept one would again.)
      await page.goto(`/${lang}/machines/${id}/files`);
      await atGcodes();
      await addToQueue();
      await page
        .getByTestId('toast-area')
        .getByRole('alert')
        .filter({ hasText: text('files.toLibrary.reusedHeader') })
        .getByText(text('files.toLibrary.reused', { name: file }))
        .waitFor();
      await expect
        .poll(() => machine.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent), {
          timeout: 30_000,
        })
        .toBe(`${MACHINE} (Reparto stampa)`);
      expect(await page.getByRole('dialog').count()).toBe(1);
      expect(await page.getByTestId('toast-area').getByText(text('toast.error')).count()).toBe(0);
      await expectAccessible(page, `the queue's dialog on a file the library had (${screen.name})`);
    });
  }
});

/** The operator's technician the test makes: outside business A, so a change on its machines needs consent. */
const OUTSIDE_TECHNICIAN = {
  email: 'tecnico.esterno@demo.test',
  name: 'Elio',
  surname: 'Esterno',
  password: 'Esterno1234!',
};

/** The request runs on a desktop in Italian, then shows as waiting on a phone in English. */
const CONSENT_SCREENS = [
  { name: 'desktop, Italian', lang: 'it', viewport: { width: 1440, height: 900 } },
  { name: 'phone, English', lang: 'en', viewport: { width: 390, height: 844 } },
] as const;

describe('a change refused for want of a service session', () => {
  const consent = async (page: Page, required: boolean, groupId: number) => {
    const login = await page.request.post('/api/v1/auth', {
      data: { email: 'manager@demo.test', password: DEMO_PASSWORD },
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const business = (await (
      await page.request.get(`/api/v1/machinegroup/${groupId}`, { headers: await adminHeaders(page) })
    ).json()) as { business: number };
    const answer = await page.request.put(`/api/v1/business/${business.business}/service-consent`, {
      headers: { authorization: `Bearer ${token}` },
      data: { required },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  let cleanUp: (() => Promise<void>) | undefined;
  // The other journeys of this file change business A's machines as the operator's administrator.
  afterAll(() => cleanUp?.());

  for (const [index, screen] of CONSENT_SCREENS.entries()) {
    it(`offers the control panel's request for a session in the file browser (${screen.name})`, async () => {
      const { lang } = screen;
      const text = (key: CatalogKey, values?: Record<string, unknown>) =>
        lang === 'it' ? t(key, values) : tEn(key, values);
      const page = await open(screen.viewport);
      const id = await machineReady(page);
      if (index === 0) {
        // Set-up once: a technician of the operator with the machine, and consent on for its business.
        const headers = await adminHeaders(page);
        const admins = (await (
          await page.request.get('/api/v1/users?q=admin%40demo.test', { headers })
        ).json()) as { items: { email: string; business: number }[] };
        const created = await page.request.post('/api/v1/users', {
          headers,
          data: {
            business: admins.items.find((user) => user.email === 'admin@demo.test')?.business,
            ...OUTSIDE_TECHNICIAN,
            role: Role.Technician,
            enabled: true,
          },
        });
        expect(created.ok(), await created.text()).toBe(true);
        await giveAccess(page, OUTSIDE_TECHNICIAN.email, id);
        await consent(page, true, id);
        // The journey's page is closed by then: the clean-up opens its own.
        cleanUp = async () => consent(await open(), false, id);
      }
      await signIn(page, OUTSIDE_TECHNICIAN.email, {
        password: OUTSIDE_TECHNICIAN.password,
        at: `/${lang}/machines/${id}/files`,
      });
      // Reading needs no session: the listing shows (on a phone the size shares the name's cell).
      await page.getByText(FILE, { exact: true }).waitFor();
      expect(await page.getByTestId('files-service-session-required').count()).toBe(0);

      // An upload is a change: refused, the page says why and offers the request, with no error toast.
      await page
        .getByLabel(text('files.upload.label'))
        .setInputFiles([
          { name: 'e2e-assistenza.gcode', mimeType: 'text/plain', buffer: Buffer.from('G28\n') },
        ]);
      await page.getByRole('button', { name: text('files.upload.submit'), exact: true }).click();
      const refused = page.getByTestId('files-service-session-required');
      await refused.getByText(text('errors.SERVICE_SESSION_REQUIRED'), { exact: true }).waitFor();
      expect(
        await page
          .getByTestId('toast-area')
          .getByRole('alert')
          .filter({ hasText: text('toast.error') })
          .count(),
      ).toBe(0);
      if (index === 0) {
        await refused.getByRole('button', { name: text('serviceSessions.fromPanel.open') }).click();
        const dialog = page.getByTestId('panel-service-request');
        const submit = dialog.getByRole('button', { name: text('serviceSessions.request.submit') });
        await expect.poll(() => submit.isEnabled(), { timeout: 10_000 }).toBe(true);
        await dialog
          .getByLabel(text('serviceSessions.fromPanel.ticket'))
          .selectOption({ label: text('serviceSessions.fromPanel.newTicket') });
        await dialog.getByLabel(text('tickets.fields.description')).fill('Carico dei file di prova');
        await dialog.getByLabel(text('serviceSessions.request.reason')).fill('File di prova');
        await expectAccessible(page, 'the service session request from the file browser');
        await submit.click();
        await dialog.waitFor({ state: 'detached' });
      }
      // The request waits for the business: said in place, with its ticket.
      const pending = refused.getByTestId('panel-service-request-pending');
      await pending.getByText(text('serviceSessions.fromPanel.pending')).waitFor();
      await pending.getByRole('link').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        screen.viewport.width,
      );
      await expectAccessible(page, `the file browser's consent refusal (${screen.name})`);
    });
  }
});
