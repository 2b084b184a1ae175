import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { location, signIn, storedToken } from '../test-kit/browser-session.ts';
import { t, tEn } from '../test-kit/catalog.ts';
import { expectAccessible } from './support/a11y.ts';
import { coloursOf, contrastRatio, luminance } from './support/colours.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal({}, { demoFleet: true });

/** A demo group online and printing (apps/server/src/demo/demo-machines.ts). */
const MACHINE = 'Prusa linea 1';

interface Group {
  id: number;
  name: string;
  computer: number;
}

/** The demo group and its controller's name, read with the page's own session. */
async function machine(page: Page): Promise<{ id: number; controller: string; computer: number }> {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ name, token }) => {
      const get = async (path: string) => {
        const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        return response.json();
      };
      const groups = (await get(`/api/v1/machinegroup?pageSize=200&q=${encodeURIComponent(name)}`)) as {
        items: Group[];
      };
      const group = groups.items.find((item) => item.name === name);
      if (!group) throw new Error(`no machine group named ${name}`);
      const controller = (await get(`/api/v1/controller/computer/${group.computer}`)) as { name: string };
      return { id: group.id, controller: controller.name, computer: group.computer };
    },
    { name: MACHINE, token },
  );
}

/** How many pixels of the canvas the chart has painted. */
const paintedPixels = (page: Page) =>
  page.locator('figure canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) painted++;
    return painted;
  });

describe('machine statistics and maintenance', () => {
  it('shows the statistics as a table and a chart, and downloads the CSV', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test', { at: null });
    const { id, controller } = await machine(page);
    await page.goto(`/it/machines/${id}/statistics`);

    await page.getByRole('heading', { name: `Statistiche di ${MACHINE} (${controller})` }).waitFor();
    const table = page.getByRole('table', { name: t('machineLogs.statistics.table') });
    await table.waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual([
      t('machineLogs.columns.date'),
      t('machineLogs.columns.file'),
      t('machineLogs.columns.duration'),
      t('machineLogs.columns.filament'),
      t('machineLogs.columns.outcome'),
    ]);
    // 48 seeded jobs, and more as the demo machine finishes prints.
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(48);
    await table.getByRole('cell', { name: 'calibration_cube_20mm.gcode' }).first().waitFor();

    const chart = page.getByRole('img', { name: /^Grafico a barre delle ore di stampa per settimana/ });
    await chart.waitFor();
    await expect.poll(() => paintedPixels(page)).toBeGreaterThan(1000);

    const download = page.getByRole('button', { name: t('machineLogs.download') });
    expect(await download.isEnabled()).toBe(true);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`statistics-of-${id}-Prusa_linea_1.csv`);
    const content = await readFile(await file.path(), 'utf8');
    expect(content.split('\n')[0]).toBe('Data,File,Durata,Filamento (mm),Esito');
    expect(content).toContain('calibration_cube_20mm.gcode');

    await expectAccessible(page, 'statistics');
    await page.evaluate(() => {
      document.documentElement.dataset.bsTheme = 'light';
    });
    await expectAccessible(page, 'statistics in the light theme');

    const back = page.getByRole('link', { name: t('machineLogs.back') });
    expect(await back.getAttribute('href')).toBe('/it/machines');
  });

  it("reads 'Caricamento...' and keeps Scarica CSV disabled until controller and file have loaded", async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test');
    const { id, controller } = await machine(page);
    // The controller and the board's answer are held back until the loading state has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const pattern of ['**/api/v1/controller/computer/*', '**/proxy/duet/**/rr_download*']) {
      await page.route(pattern, async (route) => {
        await held;
        await route.continue();
      });
    }
    await page.goto(`/it/machines/${id}/maintenance`);
    await page.getByRole('heading', { name: t('common.loading') }).waitFor();
    const download = page.getByRole('button', { name: t('machineLogs.download') });
    expect(await download.isDisabled()).toBe(true);
    release();
    await page
      .getByRole('heading', { name: `Stato di manutenzione di ${MACHINE} (${controller})` })
      .waitFor();
    await page.getByRole('table', { name: t('machineLogs.maintenance.table') }).waitFor();
    expect(await download.isEnabled()).toBe(true);
  });

  it('marks the overdue components of the maintenance status and downloads it', async () => {
    const page = await open({ width: 390, height: 844 });
    await signIn(page, 'admin@demo.test', { at: null });
    const { id, controller } = await machine(page);
    await page.goto(`/it/machines/${id}/maintenance`);

    await page
      .getByRole('heading', { name: `Stato di manutenzione di ${MACHINE} (${controller})` })
      .waitFor();
    const table = page.getByRole('table', { name: t('machineLogs.maintenance.table') });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      t('machineLogs.maintenance.status'),
      t('machineLogs.columns.date'),
      t('machineLogs.columns.component'),
      t('machineLogs.columns.intervention'),
      t('machineLogs.columns.technician'),
      t('machineLogs.columns.notes'),
      t('machineLogs.columns.workingHours'),
      t('machineLogs.columns.interval'),
    ]);
    // The bed: 104 days of 8 hours (832) past its 500-hour interval; the nozzle, 960 of 1000, is not.
    const bed = table.getByRole('row').filter({ hasText: 'Piano di stampa' });
    expect(await bed.getAttribute('data-overdue')).toBe('true');
    expect(await bed.getByRole('cell').first().textContent()).toBe('Scaduta');
    const nozzle = table.getByRole('row').filter({ hasText: 'Ugello' });
    expect(await nozzle.getByRole('cell').first().textContent()).toBe(t('machineLogs.maintenance.inOrder'));
    expect(await table.locator('tbody tr[data-overdue]').count()).toBe(3);
    // The dark theme's own tint, not Bootstrap's light table-danger: the row stays dark, its text readable.
    const { foreground, background } = await coloursOf(bed.getByRole('cell').nth(2), 'color');
    expect(luminance(background), 'an overdue row is dark in the dark theme').toBeLessThan(0.2);
    expect(contrastRatio(foreground, background), 'its text stands out from it').toBeGreaterThanOrEqual(4.5);
    await page.getByText(t('machineLogs.maintenance.overdueSummary', { count: 3 })).waitFor();

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t('machineLogs.download') }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`maintenance-of-${id}-Prusa_linea_1.csv`);
    expect((await readFile(await file.path(), 'utf8')).split('\n')[0]).toBe(
      'Data,Componente,Intervento,Tecnico,Note,Ore di lavoro,Intervallo (ore)',
    );
    await expectAccessible(page, 'maintenance on a phone');
  });

  it('shows an unknown machine as not found, at its address', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test', { at: '/it/machines/999999/statistics' });
    await page.getByRole('heading', { name: t('notFound.record.machine') }).waitFor();
    expect(location(page)).toBe('/it/machines/999999/statistics');
    await page.goto('/it/machines/abc/maintenance');
    await page.getByRole('heading', { name: t('notFound.record.machine') }).waitFor();
    expect(location(page)).toBe('/it/machines/abc/maintenance');
  });

  it('speaks English under /en', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test', { at: null });
    const { id, controller } = await machine(page);
    await page.goto(`/en/machines/${id}/statistics`);
    await page.getByRole('heading', { name: `Statistics of ${MACHINE} (${controller})` }).waitFor();
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    await page.getByRole('link', { name: 'Back to the machine list' }).waitFor();
    await page.goto(`/en/machines/${id}/maintenance`);
    await page.getByRole('heading', { name: `Maintenance status of ${MACHINE} (${controller})` }).waitFor();
    const maintenance = page.getByRole('table', { name: 'Maintenance status' });
    await maintenance.getByText('Overdue').first().waitFor();
    expect(await maintenance.getByRole('columnheader').allTextContents()).toEqual([
      tEn('machineLogs.maintenance.status'),
      tEn('machineLogs.columns.date'),
      tEn('machineLogs.columns.component'),
      tEn('machineLogs.columns.intervention'),
      tEn('machineLogs.columns.technician'),
      tEn('machineLogs.columns.notes'),
      tEn('machineLogs.columns.workingHours'),
      tEn('machineLogs.columns.interval'),
    ]);
  });

  it("shows the board's Italian log in the page's language and formats, and every column at 1440 px", async () => {
    const page = await open({ width: 1440, height: 900 });
    await signIn(page, 'admin@demo.test');
    const { id } = await machine(page);
    await page.goto(`/en/machines/${id}/statistics`);
    const table = page.getByRole('table', { name: tEn('machineLogs.statistics.table') });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      tEn('machineLogs.columns.date'),
      tEn('machineLogs.columns.file'),
      tEn('machineLogs.columns.duration'),
      tEn('machineLogs.columns.filament'),
      tEn('machineLogs.columns.outcome'),
    ]);
    await table
      .getByRole('cell', { name: tEn('machineLogs.outcomes.completed'), exact: true })
      .first()
      .waitFor();
    expect(await table.getByRole('cell', { name: t('machineLogs.outcomes.completed') }).count()).toBe(0);
    // Filament in metres with the page's decimal point; dates as the page writes them.
    const firstRow = table.getByRole('row').nth(1);
    expect(await firstRow.getByRole('cell').nth(3).textContent()).toMatch(
      /^\d[\d,]*\.\d{1,2} m$|^\d[\d,]* m$/,
    );
    expect(await firstRow.getByRole('cell').first().textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}/);

    await page.goto(`/it/machines/${id}/statistics`);
    const italian = page.getByRole('table', { name: t('machineLogs.statistics.table') });
    await italian.waitFor();
    expect(await italian.getByRole('row').nth(1).getByRole('cell').nth(3).textContent()).toMatch(
      /^\d[\d.]*(,\d{1,2})? m$/,
    );

    await page.goto(`/en/machines/${id}/maintenance`);
    const maintenance = page.getByRole('table', { name: tEn('machineLogs.maintenance.table') });
    await maintenance.getByText(tEn('machineLogs.maintenance.overdue')).first().waitFor();
    const region = page.getByRole('region', { name: tEn('machineLogs.maintenance.table') });
    const overflow = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, 'the maintenance table needs no horizontal scroll at 1440 px').toBeLessThanOrEqual(0);
  });
});

describe('the activity record', () => {
  it('shows G-code sent to a machine to its business and the administrator, exports it and checks the chain', async () => {
    const admin = await open();
    await signIn(admin, 'admin@demo.test');
    const { id, computer } = await machine(admin);
    const token = await storedToken(admin);
    // Sent once the machine's gateway has dialled in (502 until then, on a busy machine a while after the start).
    const sendGcode = () =>
      admin.evaluate(
        async ({ computer, token }) =>
          (
            await fetch(
              `/proxy/duet/3.6/admin/${computer}/rr_gcode?gcode=${encodeURIComponent('M117 e2e activity')}`,
              {
                headers: { Authorization: `Bearer ${token}` },
              },
            )
          ).status,
        { computer, token },
      );
    await expect.poll(sendGcode, { timeout: 60_000 }).toBe(200);
    // Entries are written in batches: the list shows it once its batch is in.
    await expect
      .poll(() =>
        admin.evaluate(
          async (token) =>
            (
              (await (
                await fetch('/api/v1/activity', { headers: { Authorization: `Bearer ${token}` } })
              ).json()) as {
                total: number;
              }
            ).total,
          token,
        ),
      )
      .toBeGreaterThan(0);

    await admin
      .getByRole('link', { name: t('activity.nav'), exact: true })
      .first()
      .click();
    await admin.waitForURL(/\/it\/activity$/);
    const table = admin.getByRole('table', { name: t('activity.caption') });
    const row = table.getByRole('row').filter({ hasText: 'M117 e2e activity' });
    await row.waitFor();
    // Who by name, what as a sentence, the board's answer in words.
    expect(await row.textContent()).toContain('Alessia Amministratori');
    expect(await row.getByTestId('activity-sentence').textContent()).toBe(
      `Alessia Amministratori ha inviato G-code a ${MACHINE}: M117 e2e activity`,
    );
    expect(await row.textContent()).toContain(t('activity.outcome.accepted'));
    expect(await row.textContent()).toContain(t('activity.kinds.board.gcode'));
    await expectAccessible(admin, 'activity record');

    // Another action hides it; G-code shows it again.
    await admin
      .getByRole('combobox', { name: t('activity.filters.kind') })
      .selectOption({ label: t('activity.kinds.board.mkdir') });
    await table.getByText(t('table.empty')).waitFor();
    await admin
      .getByRole('combobox', { name: t('activity.filters.kind') })
      .selectOption({ label: t('activity.kinds.board.gcode') });
    await row.waitFor();

    // The machine's business shows it; the other business does not.
    const businessFilter = admin.getByRole('combobox', { name: t('activity.filters.business') });
    await businessFilter.selectOption({ label: 'Brenta Prototipi S.r.l.' });
    await table.getByText(t('table.empty')).waitFor();
    await businessFilter.selectOption({ label: 'Officine Adriatiche S.p.A.' });
    await row.waitFor();

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: t('activity.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('activity.csv');
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv.split('\n')[0]).toMatch(/^seq,at,kind,/);
    expect(csv).toContain('M117 e2e activity');

    await admin.getByRole('button', { name: t('activity.verify') }).click();
    await admin
      .getByRole('status')
      .filter({ hasText: t('activity.verified', { count: 0 }).split(':')[0] as string })
      .waitFor();

    // The machine's business reads it from the machine's page; the other business does not see it.
    const manager = await open();
    await signIn(manager, 'manager@demo.test', { at: `/it/machines/${id}` });
    await manager.getByRole('link', { name: t('activity.link'), exact: true }).click();
    await manager.waitForURL(new RegExp(`/it/machines/${id}/activity$`));
    await manager.getByRole('row').filter({ hasText: 'M117 e2e activity' }).waitFor();
    expect(await manager.getByRole('button', { name: t('activity.verify') }).count()).toBe(0);
    await expectAccessible(manager, "a machine's activity");

    const other = await open();
    await signIn(other, 'customer2@demo.test', { at: '/it/activity' });
    await other.getByRole('table', { name: t('activity.caption') }).waitFor();
    await other.getByText(t('table.empty')).waitFor();
  });
});
