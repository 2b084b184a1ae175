import { addUtcDays, type FleetInsight, utcDay } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, storedToken } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal({}, { demoFleet: true });

/** A demo group online and printing (apps/server/src/demo/demo-machines.ts), its board seeded with 48 jobs. */
const MACHINE = 'Prusa linea 1';
/**
 * The demo board's statistics log (packages/board-sim/src/sd/seed-statistics.ts): 48 jobs, one every two days over
 * the 96 days before the board started, cycling through six files; job i is cancelled when i % 11 is 5 (4 jobs) and
 * interrupted when i % 17 is 9 (3 jobs), those two having printed 0.2 + ((37 i) % 60) / 100 of their file. Summed by
 * hand from that table: 458831 s of printing (127.45 h) and 767618.8 mm of filament.
 */
const LOG = {
  jobs: 48,
  completed: 41,
  cancelled: 4,
  interrupted: 3,
  printSeconds: 458_831,
  filamentMm: 767_618.8,
};
/** The period: every line of the log, and none of the jobs the demo board finishes today. */
const DAYS = 97;
/** The catch-up reads a board's log once its gateway is online and its board answers: the demo takes a while. */
const CAUGHT_UP = { timeout: 90_000, interval: 1000 };
const SETTLE = { timeout: 10_000 };

/** GET /api/v1/insight with the page's own session. */
const insightOf = async (page: Page, query: string): Promise<FleetInsight> => {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ query, token }) => {
      const response = await fetch(`/api/v1/insight?${query}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`insight: HTTP ${response.status}`);
      return response.json();
    },
    { query, token },
  );
};

const percent = (value: number) =>
  new Intl.NumberFormat('it', { style: 'percent', maximumFractionDigits: 1 }).format(value);
const number = (value: number, digits = 1) =>
  new Intl.NumberFormat('it', { maximumFractionDigits: digits }).format(value);

describe('fleet insight on the demo fleet', () => {
  it("shows the jobs of the demo board's statistics log with the figures computed by hand", async () => {
    const page = await open();
    await signIn(page, 'manager@demo.test');
    const today = utcDay(new Date());
    const from = addUtcDays(today, -DAYS);
    const to = addUtcDays(today, -1);

    // The portal catches up on the log once the board answers.
    await expect
      .poll(async () => {
        const insight = await insightOf(page, `from=${from}&to=${to}`);
        return insight.machines.find((machine) => machine.name === MACHINE)?.total.jobs;
      }, CAUGHT_UP)
      .toBe(LOG.jobs);

    await page.goto('/it/insight');
    await page.getByLabel(t('insight.filters.to'), { exact: true }).fill(to);
    await page.getByLabel(t('insight.filters.from'), { exact: true }).fill(from);
    const table = page.getByRole('table', { name: t('insight.table.caption') });
    const row = table
      .locator('tbody tr')
      .filter({ has: page.getByRole('link', { name: MACHINE, exact: true }) });
    const hours = LOG.printSeconds / 3600;
    await expect
      .poll(async () => (await row.locator('td').allTextContents()).slice(2), SETTLE)
      .toEqual([
        number(Math.round(hours * 100) / 100),
        // Against the 97 whole days of the period.
        percent(Math.round((hours / (DAYS * 24)) * 1000) / 1000),
        String(LOG.jobs),
        String(LOG.completed),
        String(LOG.cancelled),
        String(LOG.interrupted),
        number(Math.round(LOG.filamentMm / 10) / 100, 2),
      ]);
  });
});
