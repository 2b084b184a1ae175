import type { Page as ListPage, MachineGroup } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../test-kit/browser-session.ts';
import { t, tEn } from '../test-kit/catalog.ts';
import { api, logIn as apiLogIn } from '../test-kit/portal-api.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal({}, { demoFleet: true });

/**
 * The demo fleet (apps/server/src/demo/demo-machines.ts): three groups of the machine type Prusa MK4S, two of business
 * A in 'Reparto stampa' (the customer is assigned both) and one of business B in 'Laboratorio'.
 */
const PLAN_TYPE = 'Prusa MK4S';
const LINE_1 = 'Prusa linea 1';
const LINE_2 = 'Prusa linea 2';
const LAB = 'Prusa laboratorio';
const BUSINESS_B = 'Brenta Prototipi S.r.l.';
/** The task the administrator adds, named apart from the demo plans' own tasks. */
const TASK = 'Ingrassare i cuscinetti del carrello (prova)';
const INSTRUCTION = 'Una goccia di olio leggero su ogni cuscinetto, poi dieci corse complete.';
const NOTE = 'Cuscinetti puliti e ingrassati';
const PARTS = 'Olio per cuscinetti, 2 ml';
/** How long a screen may take to show what the server already answered. */
const SETTLE = { timeout: 10_000 };
const DAY_MS = 24 * 60 * 60 * 1000;

/** A day as the portal writes it (yyyy-MM-dd), `offset` days from today, in the local time the browser shares. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today as the page shows a day (the app's one format per language). */
const today = (language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date());

const toast = (page: Page, text: string): Locator =>
  page.getByTestId('toast-area').getByRole('alert').filter({ hasText: text });

/** The rows of the maintenance list, or of a machine's plan, for the task added here. */
const fleetRows = (page: Page, task: number) =>
  page.locator(`[data-testid="maintenance-row"][data-task-id="${task}"]`);
const planRow = (page: Page, task: number) =>
  page.locator(`[data-testid="maintenance-task"][data-task-id="${task}"]`);

/** The rows of the maintenance list as machine, state and location, in the order shown. */
const listed = (page: Page, rows: Locator = page.getByTestId('maintenance-row')) =>
  rows.evaluateAll((elements) =>
    elements.map((row) => ({
      machine: Number(row.getAttribute('data-machine')),
      state: row.getAttribute('data-state'),
      location: row.getAttribute('data-location'),
    })),
  );

const RANK: Record<string, number> = { overdue: 0, dueSoon: 1, ok: 2 };

describe('preventive maintenance', () => {
  it('plans a task, shows it due on the fleet and in the list, and records it done from the machine page', async () => {
    const admin = await open();
    const portal = { url: new URL((await admin.request.get('/readyz')).url()).origin };
    const adminApi = await apiLogIn(portal, 'admin@demo.test');
    const groups = await api<ListPage<MachineGroup>>(
      portal,
      adminApi,
      'GET',
      '/api/v1/machinegroup?pageSize=200',
    );
    const group = (name: string): MachineGroup => {
      const found = groups.items.find((candidate) => candidate.name === name);
      if (!found) throw new Error(`no demo machine group ${name}`);
      return found;
    };
    const [line1, line2, lab] = [group(LINE_1), group(LINE_2), group(LAB)];

    // 1. The administrator adds a task to the Prusa MK4S plan, under the machine types.
    await signIn(admin, 'admin@demo.test', { at: '/it/settings?group=machines#groups' });
    const plans = admin.getByTestId('maintenance-plans');
    await plans
      .getByLabel(t('maintenance.plan.machineType'), { exact: true })
      .selectOption({ label: PLAN_TYPE });
    await plans.getByRole('button', { name: t('maintenance.plan.create') }).click();
    const create = admin.getByRole('dialog', {
      name: t('maintenance.plan.createTitle', { type: PLAN_TYPE }),
    });
    await create.getByLabel(t('maintenance.plan.fields.name'), { exact: true }).fill(TASK);
    // No interval: the form says at least one is needed, and sends nothing.
    await create.getByRole('button', { name: t('common.create') }).click();
    await create.getByText(t('maintenance.intervals.oneRequired')).waitFor();
    await expectAccessible(admin, 'new maintenance task with an error');
    await create.getByLabel(t('maintenance.intervals.everyDays'), { exact: true }).fill('30');
    await create.getByLabel(t('maintenance.plan.fields.instruction'), { exact: true }).fill(INSTRUCTION);
    await create
      .getByLabel(t('maintenance.plan.fields.link'), { exact: true })
      .fill('https://help.prusa3d.com/it/article/manutenzione');
    await create.getByRole('button', { name: t('common.create') }).click();
    await create.waitFor({ state: 'detached', ...SETTLE });
    const added = plans.getByTestId('maintenance-plan-task').filter({ hasText: TASK });
    await added.waitFor(SETTLE);
    expect(await added.innerText()).toContain(t('maintenance.every.days', { count: 30 }));
    const task = Number(await added.getAttribute('data-task-id'));
    await expectAccessible(admin, 'maintenance plans');

    // 2. Prusa linea 2 gets its own interval for the task: every 10 days.
    await admin.goto(`/it/settings/machine-group/${line2.id}`);
    const override = admin.locator(`[data-testid="maintenance-override"][data-task-id="${task}"]`);
    await override.getByRole('button', { name: t('maintenance.overrides.setFor', { task: TASK }) }).click();
    const intervals = admin.getByRole('dialog', {
      name: t('maintenance.overrides.dialogTitle', { task: TASK }),
    });
    const days = intervals.getByLabel(t('maintenance.intervals.everyDays'), { exact: true });
    // It starts from the plan's intervals.
    expect(await days.inputValue()).toBe('30');
    await days.fill('10');
    await intervals.getByRole('button', { name: t('common.save') }).click();
    await intervals.waitFor({ state: 'detached', ...SETTLE });
    await expect.poll(() => override.getAttribute('data-overridden'), SETTLE).toBe('true');
    expect(await override.innerText()).toContain(t('maintenance.every.days', { count: 10 }));
    await expectAccessible(admin, "a machine group's maintenance intervals");

    // 3. Work recorded earlier (the API takes a past date): 40 days ago on line 1, past its 30 days; 9 days ago on
    // line 2, due soon by its own 10 days (by the plan's 30 it would be in order). The laboratory's counts from its
    // creation, today.
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS - 60_000).toISOString();
    await api(portal, adminApi, 'POST', `/api/v1/machinegroup/${line1.id}/maintenance/done`, {
      task,
      date: ago(40),
      note: 'Registrato dal libretto di macchina',
    });
    await api(portal, adminApi, 'POST', `/api/v1/machinegroup/${line2.id}/maintenance/done`, {
      task,
      date: ago(9),
    });

    // 4. The maintenance list: the fleet's tasks by urgency, the added one on each of the three machines.
    await admin
      .getByTestId('sidebar')
      .getByRole('link', { name: t('maintenance.nav') })
      .click();
    await admin.waitForURL(/\/it\/maintenance$/);
    await admin.getByRole('heading', { level: 1, name: t('maintenance.title') }).waitFor();
    await expect
      .poll(
        async () =>
          (await listed(admin, fleetRows(admin, task))).map(({ machine, state }) => [machine, state]),
        SETTLE,
      )
      .toEqual([
        [line1.id, 'overdue'],
        [line2.id, 'dueSoon'],
        [lab.id, 'ok'],
      ]);
    const ranks = (await listed(admin)).map(({ state }) => RANK[state ?? ''] ?? -1);
    expect(ranks, 'overdue first, then due soon, then in order').toEqual([...ranks].sort((a, b) => a - b));
    const line2Row = fleetRows(admin, task).filter({ hasText: LINE_2 });
    expect(await line2Row.getByTestId('maintenance-nearest').innerText()).toBe(
      t('maintenance.reading', { label: t('maintenance.criteria.days'), counter: '9', interval: '10' }),
    );
    await expectAccessible(admin, 'maintenance list');

    // Filtered by location, then by business: only the machines standing there, or of that business.
    await admin
      .getByLabel(t('maintenance.fleet.location'), { exact: true })
      .selectOption({ label: 'Laboratorio' });
    await admin.waitForURL(/\?location=Laboratorio$/);
    await expect
      .poll(async () => new Set((await listed(admin)).map(({ location }) => location)), SETTLE)
      .toEqual(new Set(['Laboratorio']));
    expect((await listed(admin, fleetRows(admin, task))).map(({ machine }) => machine)).toEqual([lab.id]);
    await admin
      .getByLabel(t('maintenance.fleet.location'), { exact: true })
      .selectOption({ label: t('maintenance.fleet.everyLocation') });
    await admin
      .getByLabel(t('maintenance.fleet.business'), { exact: true })
      .selectOption({ label: BUSINESS_B });
    await expect
      .poll(async () => (await listed(admin, fleetRows(admin, task))).map(({ machine }) => machine), SETTLE)
      .toEqual([lab.id]);
    expect(await admin.getByTestId('maintenance-row').filter({ hasText: LINE_1 }).count()).toBe(0);
    // Each row leads to its machine.
    await admin.getByRole('link', { name: LAB, exact: true }).first().click();
    await admin.waitForURL(new RegExp(`/it/machines/${lab.id}$`));

    // 5. The customer sees the badge on the machine card, beside the status it keeps, and the task's state on the
    // machine's maintenance page, but records nothing.
    const customer = await open();
    await signIn(customer, 'customer@demo.test', { at: '/it/machines' });
    const card = customer.getByRole('article', { name: LINE_1, exact: true });
    const badge = card.getByTestId('maintenance-badge');
    await expect.poll(() => badge.getAttribute('data-state'), SETTLE).toBe('overdue');
    await card.getByTestId('machine-status').waitFor();
    await expect
      .poll(
        () =>
          customer
            .getByRole('article', { name: LINE_2, exact: true })
            .getByTestId('maintenance-badge')
            .count(),
        SETTLE,
      )
      .toBe(1);
    await expectAccessible(customer, 'machine cards with maintenance badges');
    await badge.click();
    await customer.waitForURL(new RegExp(`/it/machines/${line1.id}/maintenance$`));
    const customerRow = planRow(customer, task);
    await expect.poll(() => customerRow.getAttribute('data-state'), SETTLE).toBe('overdue');
    expect(await customerRow.getByTestId('maintenance-state').innerText()).toBe(
      t('maintenance.states.overdue'),
    );
    expect(await customerRow.innerText()).toContain(INSTRUCTION);
    expect(await customer.getByRole('button', { name: t('maintenance.done.button') }).count()).toBe(0);
    await customer
      .getByTestId('maintenance-log')
      .getByTestId('maintenance-log-entry')
      .first()
      .waitFor(SETTLE);
    await expectAccessible(customer, 'maintenance page (customer)');

    // 6. The manager finds the overdue task from the machine page's badge and opens a ticket written for it.
    const manager = await open();
    await signIn(manager, 'manager@demo.test', { at: `/it/machines/${line1.id}` });
    const summaryBadge = manager
      .getByRole('region', { name: t('machinePanel.summary', { name: LINE_1 }) })
      .getByTestId('maintenance-badge');
    await expect.poll(() => summaryBadge.getAttribute('data-state'), { timeout: 20_000 }).toBe('overdue');
    await summaryBadge.click();
    await manager.waitForURL(new RegExp(`/it/machines/${line1.id}/maintenance$`));
    const row = planRow(manager, task);
    await row.getByRole('link', { name: t('maintenance.ticket.open', { task: TASK }) }).click();
    await manager.waitForURL(/\/it\/tickets\/new\?/);
    const title = t('maintenance.ticket.title', { task: TASK, machine: LINE_1 });
    await expect.poll(() => manager.getByLabel(t('tickets.fields.title')).inputValue(), SETTLE).toBe(title);
    const machine = manager.getByLabel(t('tickets.fields.machine'));
    await expect.poll(() => machine.locator('option:checked').innerText(), SETTLE).toContain(LINE_1);
    const description = await manager.getByLabel(t('tickets.fields.description')).inputValue();
    expect(description).toContain(t('maintenance.ticket.intro', { task: TASK, machine: LINE_1 }));
    expect(description).toContain(
      t('maintenance.reading', { label: t('maintenance.criteria.days'), counter: '40', interval: '30' }),
    );
    await manager.getByRole('button', { name: t('tickets.new.submit') }).click();
    await toast(manager, t('tickets.toasts.created')).waitFor(SETTLE);
    await manager.waitForURL(/\/it\/tickets\/\d+$/);
    await manager.getByRole('heading', { name: title }).waitFor(SETTLE);

    // 7. The manager marks the task done: never on a later day; today restarts its counters, and the log shows it.
    await manager.goto(`/it/machines/${line1.id}/maintenance`);
    await row.getByRole('button', { name: t('maintenance.done.open', { task: TASK }) }).click();
    const done = manager.getByRole('dialog', { name: t('maintenance.done.title', { task: TASK }) });
    const date = done.getByLabel(t('maintenance.done.day'), { exact: true });
    expect(await date.inputValue()).toBe(day(0));
    await date.fill(day(1));
    await done.getByRole('button', { name: t('maintenance.done.submit') }).click();
    await done.getByText(t('maintenance.done.future')).waitFor();
    await expectAccessible(manager, 'mark done with a later day');
    await date.fill(day(0));
    await done.getByLabel(t('maintenance.done.note'), { exact: true }).fill(NOTE);
    await done.getByLabel(t('maintenance.done.parts'), { exact: true }).fill(PARTS);
    await done.getByRole('button', { name: t('maintenance.done.submit') }).click();
    await done.waitFor({ state: 'detached', ...SETTLE });
    await expect.poll(() => row.getAttribute('data-state'), SETTLE).toBe('ok');
    expect(await row.getByTestId('maintenance-reading').innerText()).toBe(
      t('maintenance.reading', { label: t('maintenance.criteria.days'), counter: '0', interval: '30' }),
    );
    expect(await row.getByTestId('maintenance-last-done').innerText()).toContain(today('it'));
    const entry = manager.getByTestId('maintenance-log-entry').first();
    await expect.poll(() => entry.innerText(), SETTLE).toContain(NOTE);
    expect(await entry.innerText()).toContain(PARTS);
    expect(await entry.innerText()).toContain('Marco Manager');
    expect(await entry.innerText()).toContain(TASK);
    await expectAccessible(manager, 'maintenance page after the work is recorded');

    // The fleet list follows: the task is in order on line 1 now.
    await manager.goto('/it/maintenance');
    await expect
      .poll(
        async () =>
          (await listed(manager, fleetRows(manager, task))).find(({ machine }) => machine === line1.id)
            ?.state,
        SETTLE,
      )
      .toBe('ok');
  });

  it("lists the maintenance of a customer's machines in English on a phone, with no sideways scroll", async () => {
    const page = await open({ width: 390, height: 844 });
    await signIn(page, 'customer@demo.test', { at: '/en/maintenance' });
    await page.getByRole('heading', { level: 1, name: tEn('maintenance.title') }).waitFor();
    const table = page.getByRole('table', { name: tEn('maintenance.fleet.caption') });
    await table.getByTestId('maintenance-row').first().waitFor(SETTLE);
    // The customer sees the machines assigned to them only, and no business filter.
    const locations = new Set(
      await table
        .getByTestId('maintenance-row')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-location'))),
    );
    expect(locations).toEqual(new Set(['Reparto stampa']));
    expect(await page.getByLabel(tEn('maintenance.fleet.business'), { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'maintenance list on a phone, in English');
  });
});
