import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal({}, { demoFleet: true });

const MACHINE = 'Prusa linea 1';

/** The machine group's id, once its board answers through the proxy (the demo gateways dial in after start). */
async function machineReady(page: Page): Promise<number> {
  const login = await page.request.post('/api/v1/auth', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const groups = (await (
    await page.request.get('/api/v1/machinegroup?pageSize=100', { headers })
  ).json()) as {
    items: { id: number; name: string; computer: number; firmware: number }[];
  };
  const group = groups.items.find((item) => item.name === MACHINE);
  if (!group) throw new Error(`no demo group ${MACHINE}`);
  const listing = `/proxy/duet/${group.firmware}/admin/${group.computer}/rr_filelist?dir=0:/gcodes`;
  await expect
    .poll(async () => (await page.request.get(listing, { headers })).status(), { timeout: 30_000 })
    .toBe(200);
  return group.id;
}

/** Signs in (as the administrator unless told) and opens the machine's file browser at 0:. */
async function openFiles(page: Page, email = 'admin@demo.test'): Promise<void> {
  const id = await machineReady(page);
  await logIn(page, email);
  await page.goto(`/it/machines/${id}/files`);
  await page.getByRole('heading', { name: `File di ${MACHINE}` }).waitFor();
  await page.getByRole('button', { name: 'gcodes', exact: true }).waitFor();
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
  const items = ['Scarica', 'Rinomina', 'Elimina'];
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
    await openFiles(page);
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
    await expectAccessible(page, 'files in 0:/gcodes');

    await page
      .getByRole('navigation', { name: t('files.breadcrumb') })
      .getByRole('button', { name: '0:' })
      .click();
    await page.getByRole('button', { name: 'gcodes', exact: true }).waitFor();
    expect(await crumbs(page)).toEqual(['0:']);

    expect(await page.getByRole('link', { name: t('files.back') }).getAttribute('href')).toBe('/it/machines');
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
    const dates = await page.locator('tbody tr td:nth-child(3)').allInnerTexts();
    const fileDates = dates.slice(folders.length);
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

  it('works on a phone-sized screen in the light theme', async () => {
    const page = await open({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await openFiles(page);
    expect(await page.locator('html').getAttribute('data-bs-theme')).toBe('light');
    await enter(page, 'gcodes', 'Supporto_sensore.gcode');
    await expectAccessible(page, 'files on a phone, light');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the files page fits a 390 px screen').toBeLessThanOrEqual(0);
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
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      t('files.download'),
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

  it('offers a customer downloads only, through the customer path', async () => {
    const page = await open();
    await openFiles(page, 'customer@demo.test');
    await enter(page, 'gcodes', 'Supporto_sensore.gcode');
    await row(page, 'Supporto_sensore.gcode').click({ button: 'right' });
    expect(await page.getByRole('menu').getByRole('menuitem').allInnerTexts()).toEqual([t('files.download')]);
    await page.keyboard.press('Escape');
    // A folder has nothing to offer a customer: no menu button at all.
    expect(
      await row(page, 'Clienti')
        .getByRole('button', { name: /^Azioni per/ })
        .count(),
    ).toBe(0);
  });
});
