import type { Page as ListPage, User } from '@portal/contract';
import { Role, SESSION_MAX_HOURS } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { location, signIn, storedToken, submitLogin } from '../test-kit/browser-session.ts';
import { type CatalogKey, t, tEn } from '../test-kit/catalog.ts';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import { api, logIn as apiLogIn } from '../test-kit/portal-api.ts';
import { expectAccessible } from './support/a11y.ts';
import { coloursOf, contrastRatio } from './support/colours.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal();

const BUSINESS_A = 'Officine Adriatiche S.p.A.';
const BUSINESS_B = 'Brenta Prototipi S.r.l.';
const NEW_BUSINESS = 'Laboratorio Collaudi S.r.l.';
/** The administrators' own business, the operator; its only controller is controller 1. */
const OPERATOR = 'Machine Support Portal S.r.l.';

const toast = (page: Page, text: string) =>
  page.getByTestId('toast-area').getByRole('alert').filter({ hasText: text });

/** A day as the licence screens write it, in the browser's (and this process's) time zone. */
function day(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return day(date);
}

/** The id of a business, asked of the API as the administrator (seeding and lookups go through the API). */
async function businessId(page: Page, name: string): Promise<number> {
  const login = await page.request.post('/api/v1/auth', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const answer = await page.request.get(`/api/v1/business?q=${encodeURIComponent(name)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { items } = (await answer.json()) as { items: { id: number; name: string }[] };
  const found = items.find((business) => business.name === name);
  if (!found) throw new Error(`no business named ${name}`);
  return found.id;
}

/** Opens the settings businesses tab and filters it down to one business's row. */
async function findBusinessRow(page: Page, name: string) {
  await page.goto('/it/settings#businesses');
  await page.getByRole('columnheader', { name: t('businesses.fields.city') }).waitFor();
  await page.getByPlaceholder(t('table.filter')).fill(name);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await row.waitFor();
  return row;
}

/** Suspends or reactivates the business on screen through its toggle and the confirm step. */
async function toggleBusiness(page: Page, action: 'Sospendi' | 'Attiva', done: string) {
  await page.getByRole('main').getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await toast(page, done).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** A manager of business A that the operator's administrator creates, password and all. */
const MADE_BY_STAFF = {
  email: 'responsabile.creato@demo.test',
  name: 'Marta',
  surname: 'Messa',
  password: 'Creato-Da-Staff-1',
};
/** How long a screen may take to show what the server already answered (expect.poll waits 1 s by default). */
const SETTLE = { timeout: 10_000 };

const card = (page: Page): Locator => page.getByTestId('service-consent');
const consentSwitch = (page: Page, text: (key: CatalogKey) => string): Locator =>
  card(page).getByRole('switch', { name: text('serviceSessions.consent.required') });

/** The switch as the page shows it once the setting is read: disabled or not, and the note that says why. */
async function expectSwitch(page: Page, text: (key: CatalogKey) => string, locked: boolean): Promise<void> {
  await card(page).getByText(text('serviceSessions.consent.text')).waitFor();
  await expect.poll(() => consentSwitch(page, text).isDisabled(), SETTLE).toBe(locked);
  const note = card(page).getByTestId('service-consent-locked');
  if (locked) {
    expect(await note.textContent()).toBe(text('serviceSessions.consent.ownerUnconfirmed'));
    // A screen reader hears why with the switch itself.
    expect(await consentSwitch(page, text).getAttribute('aria-describedby')).toBe(
      await note.getAttribute('id'),
    );
  } else {
    expect(await note.count()).toBe(0);
    expect(await consentSwitch(page, text).getAttribute('aria-describedby')).toBeNull();
  }
}

describe('businesses and licences, as an administrator', () => {
  it('creates a business, gives it data and a one-year licence, and suspends and reactivates it', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test');
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: t('nav.settings') })
      .click();
    await page.getByRole('link', { name: t('businesses.caption') }).click();
    await page.getByRole('link', { name: BUSINESS_A }).waitFor();
    const rowA = page.getByRole('row').filter({ has: page.getByRole('link', { name: BUSINESS_A }) });
    expect(await rowA.getByText(t('businesses.status.active'), { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'settings, businesses tab');

    await page.getByRole('button', { name: t('businesses.create.open') }).click();
    const create = page.getByRole('dialog');
    await create.getByRole('button', { name: t('common.create') }).click();
    await create.getByText(t('validation.required')).waitFor();
    await expectAccessible(page, 'new business dialog with an error');
    await create.getByLabel(t('businesses.fields.name')).fill(NEW_BUSINESS);
    await create.getByRole('button', { name: t('common.create') }).click();
    await toast(page, 'Azienda creata con successo').waitFor();
    await create.waitFor({ state: 'detached' });

    const row = await findBusinessRow(page, NEW_BUSINESS);
    await row.getByRole('link', { name: NEW_BUSINESS }).click();
    await page.waitForURL(/\/it\/business\/\d+$/);
    const businessPath = location(page);
    await page.getByRole('heading', { name: NEW_BUSINESS }).waitFor();
    await page.getByRole('main').getByText(t('businesses.status.active'), { exact: true }).waitFor();
    await expectAccessible(page, 'business page, data tab');

    await page.getByLabel(t('businesses.fields.cap')).fill('610');
    await page.getByLabel(t('businesses.fields.city')).fill('Ancona');
    await page.getByRole('button', { name: t('common.save') }).click();
    await toast(page, 'Azienda aggiornata correttamente').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: NEW_BUSINESS }).waitFor();
    expect(await page.getByLabel(t('businesses.fields.cap')).inputValue()).toBe('00610');
    expect(await page.getByLabel(t('businesses.fields.city')).inputValue()).toBe('Ancona');

    await page.getByRole('link', { name: t('businesses.page.tabs.licenses') }).click();
    expect(location(page)).toBe(`${businessPath}#licenses`);
    await page.getByText(t('table.empty')).waitFor();
    await expectAccessible(page, 'business page, licences tab');

    await page.getByRole('button', { name: t('licenses.create') }).click();
    const licence = page.getByRole('dialog');
    // An empty end opens the calendar at this month: today's day is readable on the dark theme's background
    // (axe checks it only when a calendar shows today), and Escape closes the calendar, not the dialog.
    const pickEnd = t('dateField.pick', { field: t('licenses.form.end') });
    await licence.getByRole('button', { name: pickEnd }).click();
    const thisMonth = licence.getByRole('dialog', { name: pickEnd });
    const todayColours = await coloursOf(thisMonth.locator('.rdp-today button'), 'color');
    expect(
      contrastRatio(todayColours.foreground, todayColours.background),
      "today's day",
    ).toBeGreaterThanOrEqual(4.5);
    await page.keyboard.press('Escape');
    await thisMonth.waitFor({ state: 'detached' });
    await licence.getByRole('button', { name: t('licenses.form.addYears', { count: 1 }) }).click();
    const endField = licence.getByRole('textbox', { name: t('licenses.form.end') });
    expect(await endField.inputValue()).toBe(daysFromToday(365));
    await expectAccessible(page, 'new licence dialog');
    await licence.getByRole('button', { name: t('common.create') }).click();
    await toast(page, 'Licenza creata correttamente').waitFor();
    await licence.waitFor({ state: 'detached' });
    // Created, not activated yet: said as it is, not as expired (no machine may use it until it is).
    const licenceRow = page.getByRole('row').filter({ hasText: t('licenses.notActivated') });
    await licenceRow.getByText(t('licenses.status.notActivated'), { exact: true }).waitFor();

    await licenceRow.getByRole('button', { name: /^Modifica licenza/ }).click();
    // The modal; the date picker's calendar opens as a dialog inside it.
    const edit = page.getByRole('dialog').first();
    await expectAccessible(page, 'licence edit dialog');
    // A day typed in the page's own order (day/month/year on an Italian page) is shown back as the portal
    // writes days, whatever the browser's own locale.
    const activation = edit.getByRole('textbox', { name: t('licenses.form.activation') });
    const today = new Date();
    await activation.fill(`${today.getDate()}/${today.getMonth() + 1}/${today.getFullYear()}`);
    await activation.blur();
    expect(await activation.inputValue()).toBe(daysFromToday(0));
    // The end picked on a calendar in the page's language, opened at the chosen end's month.
    const end = new Date();
    end.setDate(end.getDate() + 365);
    const endLabel = t('licenses.form.end');
    await edit.getByRole('button', { name: t('dateField.pick', { field: endLabel }) }).click();
    const calendar = edit.getByRole('dialog', { name: t('dateField.pick', { field: endLabel }) });
    const monthName = new Intl.DateTimeFormat('it', { month: 'long' }).format(end);
    await calendar.getByRole('grid', { name: new RegExp(monthName, 'i') }).waitFor();
    await expectAccessible(page, 'licence end date picker');
    await calendar
      .getByRole('button', { name: new RegExp(`\\b15 ${monthName} ${end.getFullYear()}`, 'i') })
      .click();
    await calendar.waitFor({ state: 'detached' });
    end.setDate(15);
    expect(await edit.getByRole('textbox', { name: endLabel }).inputValue()).toBe(day(end));
    await edit.getByRole('button', { name: t('common.save') }).click();
    await toast(page, 'Licenza aggiornata correttamente').waitFor();
    const activeRow = page.getByRole('row').filter({ hasText: daysFromToday(0) });
    await activeRow.getByText(day(end)).waitFor();
    await activeRow.getByText(t('licenses.status.active'), { exact: true }).waitFor();

    // The new business has no controller yet, so there is nothing to activate the licence on.
    await activeRow.getByRole('button', { name: /^Attiva licenza/ }).click();
    const activate = page.getByRole('dialog');
    await activate.getByText('Questa azienda non ha controller').waitFor();
    await expectAccessible(page, 'activate licence dialog');
    await activate.getByRole('button', { name: t('common.cancel') }).click();
    await activate.waitFor({ state: 'detached' });

    await activeRow.getByRole('button', { name: /^Elimina licenza/ }).click();
    const confirmDelete = page.getByRole('dialog');
    await confirmDelete.getByText('sarà eliminata definitivamente').waitFor();
    await expectAccessible(page, 'delete licence confirmation');
    await confirmDelete.getByRole('button', { name: t('common.delete') }).click();
    await toast(page, 'Licenza eliminata correttamente').waitFor();
    await page.getByText(t('table.empty')).waitFor();

    await page
      .getByRole('main')
      .getByRole('button', { name: t('businesses.toggle.suspend'), exact: true })
      .click();
    await page.getByRole('dialog').getByText('i suoi utenti non possono accedere').waitFor();
    await expectAccessible(page, 'suspend confirmation');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.cancel') })
      .click();
    await toggleBusiness(page, 'Sospendi', 'Azienda sospesa');
    await page.getByRole('main').getByText(t('businesses.status.suspended'), { exact: true }).waitFor();
    await toggleBusiness(page, 'Attiva', 'Azienda riattivata');
    await page
      .getByRole('main')
      .getByRole('button', { name: t('businesses.toggle.suspend'), exact: true })
      .waitFor();
  });

  it('activates a licence on a controller of its business, never on controller 1', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test');
    // The administrators' Company link leads to their own business, the operator.
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: t('businesses.page.title') })
      .click();
    await page.getByRole('heading', { name: OPERATOR }).waitFor();
    await page.getByRole('link', { name: t('businesses.page.tabs.licenses') }).click();
    await page.getByRole('button', { name: t('licenses.create') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('licenses.form.addYears', { count: 3 }) })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.create') })
      .click();
    await toast(page, 'Licenza creata correttamente').waitFor();
    const operatorRow = page.getByRole('row').filter({ hasText: t('licenses.notActivated') });
    await operatorRow.getByRole('button', { name: /^Attiva licenza/ }).click();
    // Its only controller is controller 1, which no computer choice offers.
    await page.getByRole('dialog').getByText('Questa azienda non ha controller').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.cancel') })
      .click();

    const row = await findBusinessRow(page, BUSINESS_A);
    await row.getByRole('link', { name: BUSINESS_A }).click();
    await page.getByRole('heading', { name: BUSINESS_A }).waitFor();
    await page.getByRole('link', { name: t('businesses.page.tabs.licenses') }).click();
    const waiting = page.getByRole('row').filter({ hasText: t('licenses.notActivated') });
    await waiting.getByRole('button', { name: /^Attiva licenza/ }).click();
    const dialog = page.getByRole('dialog');
    const choice = dialog.getByRole('combobox', { name: t('licenses.activate.computer') });
    await choice.locator('option', { hasText: 'Gateway OA di scorta' }).waitFor({ state: 'attached' });
    const offered = await choice.locator('option').allTextContents();
    expect(offered).not.toContain('Magazzino');
    await dialog.getByRole('button', { name: t('licenses.activate.submit'), exact: true }).click();
    await dialog.getByText(t('validation.required')).waitFor();
    await expectAccessible(page, 'activate licence dialog with a choice');
    await choice.selectOption({ label: 'Gateway OA di scorta' });
    await dialog.getByRole('button', { name: t('licenses.activate.submit'), exact: true }).click();
    await toast(page, 'Licenza attivata correttamente').waitFor();
    const bound = page.getByRole('row').filter({ hasText: 'Gateway OA di scorta' });
    await bound.getByText(daysFromToday(0)).waitFor();
    await bound.getByText(t('licenses.status.active'), { exact: true }).waitFor();

    // The users and machine groups tabs list this business's own only.
    await page.getByRole('link', { name: t('businesses.page.tabs.users') }).click();
    await page.getByRole('link', { name: 'manager@demo.test' }).waitFor();
    expect(await page.getByRole('link', { name: 'manager2@demo.test' }).count()).toBe(0);
    await expectAccessible(page, 'business page, users tab');

    await page.getByRole('link', { name: t('businesses.page.tabs.machinegroups') }).click();
    await page.getByRole('link', { name: 'Prusa linea 1' }).waitFor();
    expect(await page.getByRole('link', { name: 'RatRig produzione' }).count()).toBe(0);
    await expectAccessible(page, 'business page, machine groups tab');
  });

  it("keeps a suspended business's users out until it is reactivated", async () => {
    const admin = await open();
    await signIn(admin, 'admin@demo.test');
    const row = await findBusinessRow(admin, BUSINESS_B);
    await row.getByRole('link', { name: BUSINESS_B }).click();
    await admin.getByRole('heading', { name: BUSINESS_B }).waitFor();
    await toggleBusiness(admin, 'Sospendi', 'Azienda sospesa');

    const customer = await open();
    await customer.goto('/it/login');
    await submitLogin(customer, 'customer2@demo.test');
    await toast(customer, "La tua azienda è sospesa: contatta l'operatore.").waitFor();
    expect(location(customer)).toBe('/it/login');

    // Administrators still open its machines, told that the business is suspended.
    const token = await storedToken(admin);
    const machineId = await admin.evaluate(async (bearer) => {
      const response = await fetch('/api/v1/machinegroup?q=Prusa%20laboratorio', {
        headers: { Authorization: `Bearer ${bearer}` },
      });
      return ((await response.json()) as { items: { id: number }[] }).items[0]?.id;
    }, token);
    await admin.goto(`/it/machines/${machineId}`);
    await admin
      .getByTestId('business-suspended')
      .getByText(t('machinePanel.businessSuspended', { name: BUSINESS_B }))
      .waitFor();
    await admin.goto('/it/machines');
    const card = admin.getByRole('article', { name: 'Prusa laboratorio' });
    await card.getByTestId('machine-business').getByText(t('fleet.card.suspended')).waitFor();

    await findBusinessRow(admin, BUSINESS_B).then((found) =>
      found.getByText(t('businesses.status.suspended')).waitFor(),
    );
    await admin.getByRole('link', { name: BUSINESS_B }).click();
    await toggleBusiness(admin, 'Attiva', 'Azienda riattivata');
    await signIn(customer, 'customer2@demo.test');
  });

  it('refuses to delete a business that still has users', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test');
    const row = await findBusinessRow(page, BUSINESS_B);
    await row.getByRole('button', { name: `Elimina ${BUSINESS_B}` }).click();
    await expectAccessible(page, 'delete business confirmation');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.delete') })
      .click();
    await toast(page, 'È ancora in uso e non può essere eliminato.').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await row.waitFor();
  });
});

describe('the company page, for other roles', () => {
  it('takes a manager to their own business through the Company link, read-only, and not to another’s', async () => {
    const page = await open();
    const other = await businessId(page, BUSINESS_B);
    await signIn(page, 'manager@demo.test');
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: t('businesses.page.title') })
      .click();
    await page.getByRole('heading', { name: BUSINESS_A }).waitFor();
    expect(location(page)).toMatch(/^\/it\/business\/\d+$/);
    expect(await page.getByRole('button', { name: t('businesses.toggle.suspend') }).count()).toBe(0);
    expect(await page.getByRole('button', { name: t('common.save') }).count()).toBe(0);
    await expectAccessible(page, 'business page of a manager, data tab');

    await page.getByRole('link', { name: t('businesses.page.tabs.licenses') }).click();
    await page.getByRole('columnheader', { name: t('licenses.fields.end') }).waitFor();
    expect(await page.getByRole('button', { name: t('licenses.create') }).count()).toBe(0);
    await expectAccessible(page, 'business page of a manager, licences tab');

    await page.getByRole('link', { name: t('businesses.page.tabs.users') }).click();
    await page.getByRole('link', { name: 'customer@demo.test' }).waitFor();
    expect(await page.getByRole('link', { name: 'customer2@demo.test' }).count()).toBe(0);
    await expectAccessible(page, 'business page of a manager, users tab');

    await page.getByRole('link', { name: t('businesses.page.tabs.machinegroups') }).click();
    await page.getByRole('link', { name: 'Cella pallet', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Cella pallet B' }).count()).toBe(0);
    await expectAccessible(page, 'business page of a manager, machine groups tab');

    // Another business is not the manager's to see: its not-found page, at its address.
    await page.goto(`/it/business/${other}`);
    await page.getByRole('heading', { name: t('notFound.record.business') }).waitFor();
    expect(location(page)).toBe(`/it/business/${other}`);
  });

  it('gives technicians no Company link and shows them a company page as not found', async () => {
    const page = await open();
    const own = await businessId(page, BUSINESS_A);
    await signIn(page, 'tech@demo.test');
    expect(
      await page
        .getByTestId('sidebar')
        .getByRole('link', { name: t('businesses.page.title') })
        .count(),
    ).toBe(0);
    await page.goto(`/it/business/${own}`);
    await page.getByRole('heading', { name: t('notFound.record.business') }).waitFor();
    expect(location(page)).toBe(`/it/business/${own}`);
  });

  it('shows an administrator a business that does not exist as not found, at its address', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test', { at: '/it/business/999999' });
    await page.getByRole('heading', { name: t('notFound.record.business') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/it/business/999999');
    await page.getByRole('link', { name: t('notFound.record.toBusinesses') }).waitFor();
  });
});

// Here rather than beside the other session screens: those run with sessions of seconds, so an idle settings
// page would get the expiry popup on top of the form.
describe('the sessions tab, as an administrator', () => {
  it('lets an administrator set the longest a session may be renewed, with the message beside the field', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test', { at: '/it/settings#sessions' });
    const field = page.getByLabel(t('settings.sessions.maxHours'));
    expect(await field.inputValue()).toBe(String(SESSION_MAX_HOURS.default));
    await expectAccessible(page, 'session settings');

    await field.fill('0');
    await page.getByRole('button', { name: t('common.save') }).click();
    await expect.poll(async () => (await field.getAttribute('class')) ?? '').toContain('is-invalid');
    await page.locator('#session-max-hours-error').waitFor();
    await field.fill('12');
    await page.getByRole('button', { name: t('common.save') }).click();
    await page.getByText(t('settings.sessions.saved')).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(t('settings.sessions.maxHours')).inputValue()).toBe('12');
  });
});

describe("the consent switch of a manager's account the operator's staff set up", () => {
  it('is disabled, with the reason next to it, in Italian and in English, while the business’s own manager switches it', async () => {
    const page = await open();
    const portal = { url: new URL((await page.request.get('/readyz')).url()).origin };
    const admin = await apiLogIn(portal, 'admin@demo.test');
    const managers = await api<ListPage<User>>(portal, admin, 'GET', '/api/v1/users?q=manager%40demo.test');
    const business = managers.items.find((user) => user.email === 'manager@demo.test')?.business;
    if (business === undefined) throw new Error('no manager@demo.test');
    // The administrator is the operator's staff: the account and its password are theirs, not the business's.
    await api<User>(portal, admin, 'POST', '/api/v1/users', {
      business,
      ...MADE_BY_STAFF,
      role: Role.Manager,
      enabled: true,
    });

    await signIn(page, MADE_BY_STAFF.email, {
      password: MADE_BY_STAFF.password,
      at: `/it/business/${business}`,
    });
    await expectSwitch(page, t, true);
    await expectAccessible(page, 'consent switch locked (it)');

    await page.goto(`/en/business/${business}`);
    await expectSwitch(page, tEn, true);
    await expectAccessible(page, 'consent switch locked (en)');

    // The business's own manager, on the same page, has the switch to hand.
    const own = await open();
    await signIn(own, 'manager@demo.test', { at: `/it/business/${business}` });
    await expectSwitch(own, t, false);
  });
});
