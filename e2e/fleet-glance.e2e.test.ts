import { addUtcDays, type FleetInsight, utcDay } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, storedToken } from '../test-kit/browser-session.ts';
import { type CatalogKey, t, tEn } from '../test-kit/catalog.ts';
import { DEMO_MACHINE_GROUPS, DEMO_MAINTENANCE_DUE } from '../test-kit/demo.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

// The demo fleet (apps/server/src/demo/): the administrator sees eight machines in several states. Every journey
// here reads the fleet and changes nothing, so they share one portal and its demo hardware.
const suite = usePortal({}, { demoFleet: true });
const EVENTUALLY = { timeout: 20_000 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

type FleetState = 'attention' | 'printing' | 'idle' | 'offline';
/** The one machine the demo leaves with a maintenance task overdue. */
const MAINTENANCE_OVERDUE = DEMO_MAINTENANCE_DUE.group;

/** The state the machine list counts a demo machine in, from how the demo sets it up. */
function expectedState(group: (typeof DEMO_MACHINE_GROUPS)[number]): FleetState {
  const { board, gateway } = group.hardware;
  const trouble =
    gateway === 'offline' ||
    ['paused', 'halted', 'offline'].includes(board) ||
    group.license !== 'valid' ||
    group.name === MAINTENANCE_OVERDUE;
  if (trouble) return 'attention';
  return board === 'printing' ? 'printing' : board === 'idle' ? 'idle' : 'offline';
}
const namesIn = (state: FleetState) =>
  DEMO_MACHINE_GROUPS.filter((group) => expectedState(group) === state).map((group) => group.name);

const cards = (page: Page) => page.getByTestId('machine-card');
const cardNames = async (page: Page) =>
  (await cards(page).getByRole('heading', { level: 3 }).allInnerTexts()).map((name) => name.trim());
const stateButton = (page: Page, state: FleetState | 'all') => page.locator(`[data-fleet-state="${state}"]`);
const countOf = async (page: Page, state: FleetState) =>
  Number(await stateButton(page, state).getByTestId('fleet-count').innerText());

/** The catalog of the page's language. */
const textOf = (lang: 'it' | 'en') => (key: CatalogKey, values?: Record<string, unknown>) =>
  lang === 'it' ? t(key, values) : tEn(key, values);

async function openList(page: Page, lang: 'it' | 'en', query = ''): Promise<void> {
  await signIn(page, 'admin@demo.test', { at: `/${lang}/machines${query}` });
  await page.getByRole('heading', { level: 1, name: textOf(lang)('fleet.title') }).waitFor();
  await cards(page).first().waitFor();
}

const STATES = ['attention', 'printing', 'idle', 'offline'] as const;

/**
 * Waits until the live statuses, the licences and the maintenance have all come: no card is still waiting for its
 * first answer, and every state counts what the demo holds (a count read in between, a licence not yet known, may
 * put a machine elsewhere for a moment).
 */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('[data-machine-state="waiting"]').count(), EVENTUALLY).toBe(0);
  await expect
    .poll(async () => Promise.all(STATES.map((state) => countOf(page, state))), EVENTUALLY)
    .toEqual(STATES.map((state) => namesIn(state).length));
}

describe('the fleet at a glance', () => {
  it.each([
    ['it', DESKTOP],
    ['en', PHONE],
  ] as const)(
    'counts, filters, sorts and searches in %s, kept in the address over a reload',
    async (lang, size) => {
      const tr = textOf(lang);
      const page = await suite.open(size);
      await openList(page, lang);
      await settled(page);

      // Every machine shows at once, whatever its location: no section hides one.
      expect((await cardNames(page)).sort()).toEqual(DEMO_MACHINE_GROUPS.map((group) => group.name).sort());
      for (const state of ['printing', 'idle', 'offline'] as const) {
        expect(await countOf(page, state), state).toBe(namesIn(state).length);
      }
      expect(await stateButton(page, 'attention').innerText()).toContain(tr('fleet.glance.states.attention'));
      // Trouble first: the first card needs attention.
      expect(namesIn('attention')).toContain((await cardNames(page))[0]);
      // An ending licence and an ended one show on their cards.
      const licenceOf = (name: string) =>
        page.getByRole('article', { name, exact: true }).getByTestId('machine-license');
      expect(await licenceOf('Prusa linea 2').getAttribute('data-license')).toBe('expiring');
      expect(await licenceOf('Voron prototipi').innerText()).toBe(tr('fleet.glance.license.expired'));
      expect(await licenceOf('Prusa linea 1').count()).toBe(0);
      await expectAccessible(page, `machine list at a glance (${lang})`);

      // Needs attention: the halted machine, the board offline and the gateway offline are among them.
      await stateButton(page, 'attention').click();
      await page.waitForURL(/\?state=attention$/);
      await expect.poll(() => cards(page).count(), EVENTUALLY).toBe(namesIn('attention').length);
      const shown = await cardNames(page);
      for (const name of ['Modix grande formato', 'Prusa laboratorio', 'Cella pallet B']) {
        expect(shown).toContain(name);
      }
      expect(await stateButton(page, 'attention').getAttribute('aria-pressed')).toBe('true');

      // Sorted by name, then searched: the address keeps all three.
      await page.getByLabel(tr('fleet.glance.sort')).selectOption('name');
      await page.waitForURL(/\?state=attention&sort=name$/);
      await page.getByRole('searchbox', { name: tr('fleet.glance.search') }).fill('prusa');
      await page.waitForURL(/\?state=attention&sort=name&q=prusa$/);
      const expected = namesIn('attention')
        .filter((name) => name.toLowerCase().includes('prusa'))
        .sort((a, b) => a.localeCompare(b, lang));
      await expect.poll(() => cardNames(page), EVENTUALLY).toEqual(expected);
      expect(await page.getByTestId('fleet-shown').innerText()).toBe(
        tr('fleet.glance.shown', { shown: expected.length, total: DEMO_MACHINE_GROUPS.length }),
      );

      await page.reload();
      await cards(page).first().waitFor();
      await expect.poll(() => cardNames(page), EVENTUALLY).toEqual(expected);
      expect(await page.getByLabel(tr('fleet.glance.sort')).inputValue()).toBe('name');
      expect(await page.getByRole('searchbox', { name: tr('fleet.glance.search') }).inputValue()).toBe(
        'prusa',
      );
      expect(await stateButton(page, 'attention').getAttribute('aria-pressed')).toBe('true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

      // The filter pressed again shows every machine; the search still applies.
      await stateButton(page, 'attention').click();
      await page.waitForURL(/\?sort=name&q=prusa$/);
      await expectAccessible(page, `machine list filtered (${lang})`);
    },
  );
});

/** A tile's progress as a number ('42,5%' or '42.5%'). */
const progressOf = async (tile: Locator) =>
  Number((await tile.getByTestId('wall-progress').innerText()).replace('%', '').replace(',', '.'));

describe('the wall view', () => {
  it.each([
    ['it', DESKTOP],
    ['en', PHONE],
  ] as const)(
    'opens from the list in %s with a live tile per machine, no navigation, and full screen',
    async (lang, size) => {
      const tr = textOf(lang);
      const page = await suite.open(size);
      await openList(page, lang);
      await page.getByRole('link', { name: tr('fleet.glance.wallLink') }).click();
      await page.waitForURL(new RegExp(`/${lang}/machines/wall$`));
      await page.getByRole('heading', { level: 1, name: tr('fleet.wall.title') }).waitFor();
      const tiles = page.getByTestId('wall-tile');
      await expect.poll(() => tiles.count(), EVENTUALLY).toBe(DEMO_MACHINE_GROUPS.length);
      // No navigation chrome: neither the side navigation nor the top bar's menu.
      expect(await page.getByTestId('sidebar').count()).toBe(0);
      expect(await page.getByRole('button', { name: tr('nav.open') }).count()).toBe(0);

      // Trouble first, with its reasons; a printing machine's progress moves without a reload.
      const halted = page.getByRole('article', { name: 'Modix grande formato', exact: true });
      await expect
        .poll(() => halted.getByTestId('wall-reasons').innerText(), EVENTUALLY)
        .toContain(tr('fleet.glance.reasons.halted'));
      const printing = page.getByRole('article', { name: 'Prusa linea 1', exact: true });
      await expect.poll(() => printing.getByTestId('wall-job').innerText(), EVENTUALLY).toMatch(/\.gcode$/);
      expect(await printing.getByTestId('wall-time-left').innerText()).not.toBe('–');
      const first = await progressOf(printing);
      await expect.poll(() => progressOf(printing), { timeout: 30_000 }).toBeGreaterThan(first);

      const fullscreen = page.getByRole('button', { name: tr('fleet.wall.fullscreen') });
      await fullscreen.click();
      await page.getByRole('button', { name: tr('fleet.wall.exitFullscreen') }).waitFor();
      expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
      await page.getByRole('button', { name: tr('fleet.wall.exitFullscreen') }).click();
      await fullscreen.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      // Every machine's name whole, on a phone too: a long one wraps beside its state rather than being cut.
      const cutNames = await tiles
        .getByRole('heading', { level: 2 })
        .evaluateAll(
          (headings) => headings.filter((heading) => heading.scrollWidth > heading.clientWidth).length,
        );
      expect(cutNames).toBe(0);
      await expectAccessible(page, `wall view (${lang})`);
    },
  );

  it('takes the list’s filter along, and leads back to the list with it', async () => {
    const page = await suite.open(DESKTOP);
    await openList(page, 'it', '?state=attention');
    await page.getByRole('link', { name: t('fleet.glance.wallLink') }).click();
    await page.waitForURL(/\/it\/machines\/wall\?state=attention$/);
    await expect
      .poll(() => page.getByTestId('wall-tile').count(), EVENTUALLY)
      .toBe(namesIn('attention').length);
    await page.getByRole('link', { name: t('fleet.wall.back') }).click();
    await page.waitForURL(/\/it\/machines\?state=attention$/);
  });
});

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
    const page = await suite.open();
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
