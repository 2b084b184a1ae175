import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { insightPeriod } from '@portal/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../apps/server/src/db/database.ts';
import { machineGroups, machineJobs } from '../apps/server/src/db/schema.ts';
import { signIn } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { launchChromium } from '../test-kit/chromium.ts';
import { type RunningPortal, startPortal } from '../test-kit/portal.ts';
import { expectAccessible } from './support/a11y.ts';

/** Business A's demo group that printed, business B's, and the one A keeps in its Laboratorio (demo-machines.ts). */
const PRUSA = 'Prusa linea 1';
const RATRIG = 'RatRig produzione';
const VORON = 'Voron prototipi';
/** The demo fleet: eight machine groups, five of business A. */
const ALL_MACHINES = 8;
const A_MACHINES = 5;
/** A Wednesday to a Sunday eleven days later: 120 calendar hours in the first week, 168 in the second. */
const FROM = '2025-03-05';
const TO = '2025-03-16';
/** How long a screen may take to show what the server answered (expect.poll waits 1 s by default). */
const SETTLE = { timeout: 10_000 };
const HOUR_S = 3600;
const DAY_MS = 86_400_000;

let portal: RunningPortal | undefined;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

/**
 * The jobs the figures are computed from, written into the portal's own database while it is stopped (tests seed
 * through the API or the database: no route records a job). The portal is a copy of the seeded demo, not running
 * the demo hardware, so no other job lands in the period.
 */
async function seedJobs(dataDir: string): Promise<void> {
  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    const groups = await database.db
      .select({
        id: machineGroups.id,
        name: machineGroups.name,
        controller: machineGroups.computerControllerId,
      })
      .from(machineGroups);
    const group = (name: string) => {
      const found = groups.find((item) => item.name === name);
      if (!found) throw new Error(`no demo group ${name}`);
      return found;
    };
    const job = (
      name: string,
      finishedAt: Date,
      printSeconds: number,
      filamentMm: number | null,
      outcome: 'completed' | 'cancelled' | 'interrupted',
    ) => ({
      controllerId: group(name).controller,
      machineGroupId: group(name).id,
      finishedAt,
      fileName: `insight-${finishedAt.toISOString()}.gcode`,
      printSeconds,
      filamentMm,
      outcome,
      source: 'statistics' as const,
    });
    const now = Date.now();
    await database.db.insert(machineJobs).values([
      // The chosen period (the API test's figures, apps/server/src/modules/insight/insight.api.test.ts).
      job(PRUSA, new Date('2025-03-05T10:00:00Z'), 2 * HOUR_S, 12_500, 'completed'),
      job(PRUSA, new Date('2025-03-07T23:59:00Z'), HOUR_S / 2, 1500, 'cancelled'),
      job(PRUSA, new Date('2025-03-09T23:30:00Z'), 600, 0, 'completed'),
      job(PRUSA, new Date('2025-03-10T00:00:00Z'), 1.5 * HOUR_S, null, 'interrupted'),
      job(PRUSA, new Date('2025-03-12T08:00:00Z'), 0, null, 'completed'),
      job(PRUSA, new Date('2025-03-16T23:59:00Z'), 10 * HOUR_S, 30_000, 'completed'),
      job(RATRIG, new Date('2025-03-11T09:00:00Z'), 16_800, 800, 'completed'),
      // The default period, the last twelve weeks: three hours of printing on the Prusa.
      job(PRUSA, new Date(now - 2 * DAY_MS), HOUR_S, 1000, 'completed'),
      job(PRUSA, new Date(now - 14 * DAY_MS), HOUR_S, 1000, 'completed'),
      job(PRUSA, new Date(now - 30 * DAY_MS), HOUR_S, 1000, 'completed'),
    ]);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
  await portal.terminate();
  await seedJobs(portal.dataDir);
  await portal.restart();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A page in a fresh browser profile, as e2e/support/suite.ts opens them. */
async function open(): Promise<Page> {
  if (!portal || !browser) throw new Error('the portal is not running');
  const context = await browser.newContext({
    baseURL: portal.url,
    viewport: { width: 1280, height: 800 },
    locale: 'it-IT',
    reducedMotion: 'reduce',
    colorScheme: 'dark',
  });
  contexts.push(context);
  return context.newPage();
}

const percent = (value: number) =>
  new Intl.NumberFormat('it', { style: 'percent', maximumFractionDigits: 1 }).format(value);
const number = (value: number, digits = 1) =>
  new Intl.NumberFormat('it', { maximumFractionDigits: digits }).format(value);
const day = (text: string) =>
  new Intl.DateTimeFormat('it', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${text}T00:00:00Z`),
  );

const table = (page: Page): Locator => page.getByRole('table', { name: t('insight.table.caption') });
const bodyRows = (page: Page): Locator => table(page).locator('tbody tr');
/** The figure cells of a machine's row (business, location, then the figures), as the page shows them. */
const rowOf = (page: Page, machine: string) =>
  table(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: machine, exact: true }) });
const cellsOf = (row: Locator) => row.locator('td').allTextContents();
const periodHeading = (page: Page, from: string, to: string) =>
  page.getByRole('heading', { name: t('insight.period', { from: day(from), to: day(to) }) });

/** How many pixels a chart's canvas has painted. */
const paintedPixels = (chart: Locator) =>
  chart.evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) painted++;
    return painted;
  });

/** Chooses the period in the two date fields (the figures of a half-chosen period are not asked for). */
async function choosePeriod(page: Page, from: string, to: string): Promise<void> {
  await page.getByLabel(t('insight.filters.to'), { exact: true }).fill(to);
  await page.getByLabel(t('insight.filters.from'), { exact: true }).fill(from);
  await periodHeading(page, from, to).waitFor(SETTLE);
}

/** Downloads the CSV of what the screen shows: the file's name and its lines. */
async function downloadCsv(page: Page): Promise<{ name: string; lines: string[] }> {
  const [file] = await Promise.all([
    page.waitForEvent('download', SETTLE),
    page.getByRole('button', { name: t('insight.download') }).click(),
  ]);
  const content = await readFile(await file.path(), 'utf8');
  return { name: file.suggestedFilename(), lines: content.trimEnd().split('\n') };
}

/** The Prusa's figures over the chosen period, as the table shows them (hand-computed from the jobs above). */
const PRUSA_CELLS = [
  number(14.17),
  // 51000 s of printing over 288 hours.
  percent(0.049),
  '6',
  '4',
  '1',
  '1',
  number(44, 2),
];

describe('fleet insight', () => {
  it("shows an administrator every business's machines, with charts, a table, filters and the CSV", async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test');
    await page
      .getByRole('link', { name: t('insight.nav') })
      .first()
      .click();
    await page.waitForURL(/\/it\/insight$/, SETTLE);
    await page.getByRole('heading', { name: t('insight.title'), level: 1 }).waitFor();

    // The last twelve weeks by default, with the three recent jobs of the Prusa.
    const resolved = insightPeriod({}, new Date());
    if (!resolved.ok) throw new Error('no default period');
    const recent = resolved.period;
    await periodHeading(page, recent.from, recent.to).waitFor(SETTLE);
    await expect.poll(() => bodyRows(page).count(), SETTLE).toBe(ALL_MACHINES);
    // Printing hours and jobs.
    await expect
      .poll(
        async () => (await cellsOf(rowOf(page, PRUSA))).filter((_, index) => index === 2 || index === 4),
        SETTLE,
      )
      .toEqual(['3', '3']);

    // The charts: three images named by what they show, each painted.
    const charts = page.getByRole('img', { name: /^Grafico a (linee|barre)/ });
    await expect.poll(() => charts.count(), SETTLE).toBe(3);
    for (const chart of await charts.all())
      await expect.poll(() => paintedPixels(chart), SETTLE).toBeGreaterThan(500);

    // Another period: the figures of its jobs.
    await choosePeriod(page, FROM, TO);
    await expect
      .poll(() => cellsOf(rowOf(page, PRUSA)), SETTLE)
      .toEqual(['Officine Adriatiche S.p.A.', 'Reparto stampa', ...PRUSA_CELLS]);
    expect(await cellsOf(rowOf(page, RATRIG))).toEqual([
      'Brenta Prototipi S.r.l.',
      'Reparto stampa',
      number(4.67),
      // 16800 s over 288 hours.
      percent(0.016),
      '1',
      '1',
      '0',
      '0',
      number(0.8, 2),
    ]);
    // The whole fleet: eight machines' calendar hours.
    expect(await table(page).locator('tfoot td').allTextContents()).toEqual([
      number(18.83),
      percent(0.008),
      '7',
      '5',
      '1',
      '1',
      number(44.8, 2),
    ]);
    await page
      .getByRole('img', {
        name: t('insight.charts.outcomes.summary', {
          first: '3 mar 2025',
          last: '10 mar 2025',
          completed: 5,
          cancelled: 1,
          interrupted: 1,
        }),
      })
      .waitFor(SETTLE);

    const csv = await downloadCsv(page);
    expect(csv.name).toBe(`fleet-insight-${FROM}-${TO}.csv`);
    expect(csv.lines[0]).toBe(
      'week,machine_id,machine,business_id,business,location,print_hours,calendar_hours,utilisation,jobs,completed,cancelled,interrupted,filament_m',
    );
    expect(csv.lines).toHaveLength(1 + ALL_MACHINES * 2);
    expect(
      csv.lines.filter((line) => line.includes(`,${PRUSA},`)).map((line) => line.split(',').slice(6)),
    ).toEqual([
      ['2.67', '120', '0.022', '3', '2', '1', '0', '14'],
      ['11.5', '168', '0.068', '3', '2', '0', '1', '30'],
    ]);

    // One business only.
    await page
      .getByLabel(t('insight.filters.business'), { exact: true })
      .selectOption({ label: 'Brenta Prototipi S.r.l.' });
    await expect.poll(() => bodyRows(page).count(), SETTLE).toBe(ALL_MACHINES - A_MACHINES);
    expect(await rowOf(page, PRUSA).count()).toBe(0);

    await expectAccessible(page, 'fleet insight');
    await page.evaluate(() => {
      document.documentElement.dataset.bsTheme = 'light';
    });
    await expectAccessible(page, 'fleet insight in the light theme');
  });

  it("shows a manager their business's machines only, by location, and refuses a period too long", async () => {
    const page = await open();
    await signIn(page, 'manager@demo.test');
    await page
      .getByRole('link', { name: t('insight.nav') })
      .first()
      .click();
    await page.waitForURL(/\/it\/insight$/, SETTLE);
    await expect.poll(() => bodyRows(page).count(), SETTLE).toBe(A_MACHINES);
    // A manager has no business to choose.
    expect(await page.getByLabel(t('insight.filters.business'), { exact: true }).count()).toBe(0);

    await choosePeriod(page, FROM, TO);
    await expect.poll(async () => (await cellsOf(rowOf(page, PRUSA))).slice(2), SETTLE).toEqual(PRUSA_CELLS);
    expect(await rowOf(page, RATRIG).count()).toBe(0);
    const csv = await downloadCsv(page);
    expect(csv.lines).toHaveLength(1 + A_MACHINES * 2);
    expect(csv.lines.some((line) => line.includes(RATRIG))).toBe(false);

    await page.getByLabel(t('insight.filters.location'), { exact: true }).selectOption('Laboratorio');
    await expect.poll(() => bodyRows(page).count(), SETTLE).toBe(1);
    expect(await rowOf(page, VORON).count()).toBe(1);

    // More than a year: said at once, and nothing is asked of the server.
    await page.getByLabel(t('insight.filters.from'), { exact: true }).fill('2024-01-01');
    await page.getByText(t('insight.errors.tooLong', { max: 366 })).waitFor(SETTLE);
    expect(await page.getByRole('button', { name: t('insight.download') }).isDisabled()).toBe(true);
    await expectAccessible(page, 'fleet insight with a period too long');
  });

  it('is no screen of technicians', async () => {
    const page = await open();
    await signIn(page, 'tech@demo.test');
    expect(await page.getByRole('link', { name: t('insight.nav') }).count()).toBe(0);
    await page.goto('/it/insight');
    await page.waitForURL(/\/it\/dashboard$/, SETTLE);
  });
});
