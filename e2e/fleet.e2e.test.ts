import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { demoGroupsAssignedTo, isOnlineInDemo } from '../test-kit/demo.ts';
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

// The demo fleet (apps/server/src/demo/demo-machines.ts): the customer sees the two printing Prusa lines of
// 'Reparto stampa'; the administrator sees every group, in 'Laboratorio', 'Magazzino' and 'Reparto stampa'.
const suite = usePortal({}, { demoFleet: true });
// Vitest polls for a second by default; readings and refetches on a busy machine take longer.
const EVENTUALLY = { timeout: 20_000 };

const card = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });
const badge = (cardLocator: Locator) => cardLocator.getByTestId('machine-status');
const progressOf = async (cardLocator: Locator) =>
  Number((await cardLocator.getByTestId('machine-progress').innerText()).replace('%', '').replace(',', '.'));

async function openMachines(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: t('fleet.nav') })
    .click();
  await page.waitForURL(/\/it\/machines$/);
  await page.getByRole('heading', { level: 1, name: t('fleet.title') }).waitFor();
}

/** The location sections' names, in order (every section is open: its cards show). */
async function sections(page: Page): Promise<string[]> {
  const headings = page.getByTestId('location-section').getByRole('heading', { level: 2 });
  await headings.first().waitFor();
  return (await headings.allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '');
}

describe('npm start', () => {
  it('greets whoever started it with the address to open and the demo sign-in, apart from the log', async () => {
    // Printed once the demo hardware has started, which may be just after the portal answers.
    await expect
      .poll(() => suite.output(), EVENTUALLY)
      .toMatch(
        /\n {2}The machine support portal is running: open http:\/\/portal\.localhost:\d+\n {2}Sign in as admin@demo\.test with the password Demo1234!\n/,
      );
  });
});

describe('the machine list', () => {
  it("shows a customer's machines by location, printing, with progress that moves without a reload", async () => {
    const page = await suite.open();
    await openMachines(page, 'customer@demo.test');

    expect(await sections(page)).toEqual(['Reparto stampa']);
    const line = card(page, 'Prusa linea 1');
    await expect.poll(() => badge(line).innerText(), EVENTUALLY).toBe(t('fleet.states.processing'));
    expect(await line.locator('[data-machine-icon]').getAttribute('data-machine-icon')).toBe('printer');
    expect(await line.getByTestId('machine-job-file').innerText()).toMatch(/\.gcode$/);
    expect(await line.getByTestId('machine-computer').innerText()).toMatch(/Computer gateway n\. \d+/);
    expect(await line.getByTestId('machine-progress').innerText()).toMatch(/^\d{1,3},\d%$/);
    expect(await line.getByTestId('machine-end').innerText()).toMatch(
      /^\d\d:\d\d \(tra (\d+h )?(\d+m )?\d+s\)$/,
    );

    // The stream brings new readings in: progress and the job's duration grow with no reload.
    const firstProgress = await progressOf(line);
    const firstDuration = await line.getByTestId('machine-duration').innerText();
    await expect.poll(() => progressOf(line), { timeout: 30_000 }).toBeGreaterThan(firstProgress);
    expect(await line.getByTestId('machine-duration').innerText()).not.toBe(firstDuration);

    // Customers get the settings and files links (files on the customer path's scope); the card leads to the machine.
    const links = line.getByRole('navigation');
    expect(await links.getByRole('link').allInnerTexts()).toEqual(['Impostazioni', 'File']);
    expect(
      await line.getByRole('link', { name: 'Apri macchina Prusa linea 1' }).getAttribute('href'),
    ).toMatch(/^\/it\/machines\/\d+$/);
    await expectAccessible(page, 'machine list (customer)');
  });

  it("shows an administrator every location open, every card's state and the data shortcuts", async () => {
    const page = await suite.open();
    await openMachines(page, 'admin@demo.test');

    expect((await sections(page)).sort()).toEqual(['Laboratorio', 'Magazzino', 'Reparto stampa']);
    await expect
      .poll(() => badge(card(page, 'Voron prototipi')).innerText(), EVENTUALLY)
      .toBe(t('fleet.states.paused'));
    await expect
      .poll(() => badge(card(page, 'Prusa laboratorio')).innerText(), EVENTUALLY)
      .toBe(t('fleet.states.boardOffline'));
    // An administrator sees every business's machines: each card names its business.
    expect(await card(page, 'Prusa laboratorio').getByTestId('machine-business').innerText()).toMatch(
      /Brenta Prototipi S\.r\.l\.$/,
    );

    await expect
      .poll(() => badge(card(page, 'Modix grande formato')).innerText(), EVENTUALLY)
      .toBe(t('fleet.states.halted'));
    await expect
      .poll(() => badge(card(page, 'Cella pallet B')).innerText(), EVENTUALLY)
      .toBe(t('fleet.states.gatewayOffline'));
    expect(await card(page, 'Cella pallet B').getByTestId('machine-job').innerText()).toBe(
      t('fleet.card.noJob'),
    );
    expect(
      await card(page, 'Cella pallet B').locator('[data-machine-icon]').getAttribute('data-machine-icon'),
    ).toBe('pallet');

    const voron = card(page, 'Voron prototipi');
    expect(await voron.getByRole('navigation').getByRole('link').allInnerTexts()).toEqual([
      'Impostazioni',
      'File',
      'Manutenzione',
      'Statistiche',
    ]);
    await expectAccessible(page, 'machine list (administrator)');
  });

  it("shows a printing machine's file thumbnail and an idle one's webcam still, with their heaters", async () => {
    const page = await suite.open();
    await openMachines(page, 'admin@demo.test');
    const naturalWidth = (image: Locator) =>
      image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));
    const printing = card(page, 'Prusa linea 1');
    await expect
      .poll(() => naturalWidth(printing.getByTestId('machine-thumbnail')), EVENTUALLY)
      .toBeGreaterThan(0);
    expect(await printing.getByTestId('machine-snapshot').count()).toBe(0);
    const idle = card(page, 'Cella pallet');
    const still = idle.getByRole('img', { name: t('fleet.card.snapshot', { name: 'Cella pallet' }) });
    await expect.poll(() => naturalWidth(still), EVENTUALLY).toBeGreaterThan(0);
    await printing.getByRole('region', { name: t('fleet.card.temperatures') }).waitFor();
    await expectAccessible(page, 'machine cards with thumbnails and stills');
  });

  it('renames a machine and moves it in place, with the toasts of docs/product.md §8', async () => {
    const page = await suite.open();
    await openMachines(page, 'customer@demo.test');
    const line = card(page, 'Prusa linea 2');
    await line.getByRole('button', { name: t('fleet.edit.editName') }).click();
    await line.getByRole('textbox', { name: t('fleet.edit.name') }).fill('Prusa linea due');
    await line.getByRole('textbox', { name: t('fleet.edit.name') }).press('Enter');
    await page.getByText(t('fleet.toasts.name')).waitFor();
    await card(page, 'Prusa linea due')
      .getByRole('button', { name: t('fleet.edit.editName') })
      .waitFor();

    const renamed = card(page, 'Prusa linea due');
    await renamed.getByRole('button', { name: t('fleet.edit.editLocation') }).click();
    await renamed.getByRole('textbox', { name: t('fleet.edit.location') }).fill('Reparto finitura');
    await renamed.getByRole('button', { name: t('common.save') }).click();
    await page.getByText(t('fleet.toasts.location')).waitFor();
    // The machine now stands in a section of its own.
    await expect
      .poll(async () => (await sections(page)).sort(), EVENTUALLY)
      .toEqual(['Reparto finitura', 'Reparto stampa']);

    // Escape leaves the field unchanged, and sends nothing.
    await renamed.getByRole('button', { name: t('fleet.edit.editName') }).click();
    await renamed.getByRole('textbox', { name: t('fleet.edit.name') }).fill('Altro nome');
    await renamed.getByRole('textbox', { name: t('fleet.edit.name') }).press('Escape');
    await renamed.getByRole('button', { name: t('fleet.edit.editName') }).waitFor();

    // Moved back, it joins its old section again.
    await renamed.getByRole('button', { name: t('fleet.edit.editLocation') }).click();
    await renamed.getByRole('textbox', { name: t('fleet.edit.location') }).fill('Reparto stampa');
    await renamed.getByRole('textbox', { name: t('fleet.edit.location') }).press('Enter');
    await renamed.getByRole('button', { name: t('fleet.edit.editLocation') }).waitFor();
    await expect.poll(() => sections(page), EVENTUALLY).toEqual(['Reparto stampa']);
  });

  it("counts the user's machines on the dashboard by state, each count leading to the list filtered by it", async () => {
    const page = await suite.open();
    await signIn(page, 'customer2@demo.test');
    // The RatRig prints; the board of Prusa laboratorio is offline (and its licence is ending).
    const machines = demoGroupsAssignedTo('customer2@demo.test');
    const total = machines.length;
    const unit = t('hardware.dashboard.unit', { count: total });
    expect(await page.getByTestId('machine-count').innerText()).toMatch(new RegExp(`^${total}\\s+${unit}$`));
    const byState = page.getByRole('navigation', { name: t('fleet.dashboard.byState') });
    const count = (state: string) => byState.locator(`[data-fleet-state="${state}"]`);
    await expect
      .poll(() => count('attention').innerText(), EVENTUALLY)
      .toBe(`1 ${t('fleet.glance.states.attention')}`);
    expect(await count('printing').innerText()).toBe(`1 ${t('fleet.glance.states.printing')}`);
    expect(await count('idle').innerText()).toBe(`0 ${t('fleet.glance.states.idle')}`);
    expect(machines.filter(isOnlineInDemo).map((group) => group.name)).toEqual(['RatRig produzione']);
    await count('attention').click();
    await page.waitForURL(/\/it\/machines\?state=attention$/);
    await card(page, 'Prusa laboratorio').waitFor();
    expect(await page.getByTestId('machine-card').count()).toBe(1);
    await expectAccessible(page, 'dashboard counts');
  });

  it('fits a phone: one card a row, nothing wider than the screen', async () => {
    const page = await suite.open({ width: 390, height: 844 });
    // The administrator's first section, 'Laboratorio', holds two machines.
    await signIn(page, 'admin@demo.test');
    await page.getByRole('button', { name: t('nav.open') }).click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: t('fleet.nav') })
      .click();
    const cards = page.getByTestId('machine-card');
    await cards.nth(1).waitFor();
    const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
    expect(second?.y).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
    expect(first?.x).toBeGreaterThanOrEqual(0);
    expect((first?.x ?? 0) + (first?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'machine list (phone)');
  });
});

describe("a machine card's context menu", () => {
  it('opens by right click, with the data sub-menu for administrators', async () => {
    const page = await suite.open();
    await openMachines(page, 'admin@demo.test');
    const voron = card(page, 'Voron prototipi');
    await voron.getByTestId('machine-job').click({ button: 'right' });
    const menu = page.getByRole('menu');
    expect(await entriesOf(menu)).toEqual([t('fleet.menu.open'), 'Impostazioni', 'Dati']);
    await menu.getByRole('menuitem', { name: t('fleet.menu.data') }).hover();
    await page.getByRole('menuitem', { name: t('fleet.menu.files') }).waitFor();
    const items = page
      .getByRole('menu')
      .filter({ has: page.getByRole('menuitem', { name: t('fleet.menu.files') }) })
      .getByRole('menuitem');
    expect(await items.allInnerTexts()).toEqual(['File', 'Statistiche', 'Manutenzione']);
    expect(await items.nth(1).getAttribute('href')).toMatch(/^\/it\/machines\/\d+\/statistics$/);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // The entry that leads somewhere already built: the machine's settings.
    await voron.getByTestId('machine-job').click({ button: 'right' });
    await page.getByRole('menuitem', { name: t('fleet.menu.settings') }).click();
    await page.waitForURL(/\/it\/machines\/\d+\/settings$/);
  });

  /** Waits until the menu entry `name` has the keyboard focus. */
  const hasFocus = (page: Page, name: string) =>
    expect
      .poll(
        () => page.getByRole('menuitem', { name }).evaluate((item) => item === document.activeElement),
        EVENTUALLY,
      )
      .toBe(true);

  it('opens from the actions button by keyboard, the data sub-menu holding the files alone for customers', async () => {
    const page = await suite.open();
    await openMachines(page, 'customer@demo.test');
    const button = card(page, 'Prusa linea 1').getByRole('button', {
      name: t('fleet.menu.actions', { name: 'Prusa linea 1' }),
    });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    expect(await entriesOf(menu)).toEqual([t('fleet.menu.open'), 'Impostazioni', 'Dati']);
    // Each key waits for the focus the one before moved, as a user's eyes would.
    await hasFocus(page, 'Apri');
    await page.keyboard.press('ArrowDown');
    await hasFocus(page, 'Impostazioni');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/it\/machines\/\d+\/settings$/);
  });

  it('opens the nested sub-menu with the arrow keys', async () => {
    const page = await suite.open();
    await openMachines(page, 'admin@demo.test');
    const button = card(page, 'Voron prototipi').getByRole('button', {
      name: t('fleet.menu.actions', { name: 'Voron prototipi' }),
    });
    await button.focus();
    await page.keyboard.press('Enter');
    // The first entry takes the focus once the menu has opened; Data is the third, and its sub-menu opens
    // with the right arrow.
    await hasFocus(page, 'Apri');
    await page.keyboard.press('ArrowDown');
    await hasFocus(page, 'Impostazioni');
    await page.keyboard.press('ArrowDown');
    await hasFocus(page, 'Dati');
    await page.keyboard.press('ArrowRight');
    const files = page.getByRole('menuitem', { name: t('fleet.menu.files') });
    await files.waitFor();
    // The sub-menu's first entry takes the focus; Escape closes it and returns to Data.
    await hasFocus(page, 'File');
    expect(await files.getAttribute('href')).toMatch(/^\/it\/machines\/\d+\/files$/);
    await page.keyboard.press('ArrowLeft');
    await files.waitFor({ state: 'detached' });
    await hasFocus(page, 'Dati');
  });
});
