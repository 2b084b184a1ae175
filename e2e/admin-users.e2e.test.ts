import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { location, ownUserId, signIn, storedToken, submitLogin } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal();

const BUSINESS_A = 'Officine Adriatiche S.p.A.';
const NEW_PASSWORD = 'Nuova1234!';

const toast = (page: Page, text: string) =>
  page.getByTestId('toast-area').getByRole('alert').filter({ hasText: text });

/** Waits for a toast and clicks it away, so the next one is not confused with it. */
async function dismissToast(page: Page, text: string): Promise<void> {
  const shown = toast(page, text);
  await shown.waitFor();
  await shown.click();
  await shown.waitFor({ state: 'detached' });
}

const usersTable = (page: Page) => page.getByRole('table', { name: t('users.table.caption') });

/** A small list of the user page, once loaded. */
async function loadedTable(page: Page, name: string): Promise<Locator> {
  const table = page.getByRole('table', { name });
  await table.and(page.locator('[aria-busy="false"]')).waitFor();
  return table;
}

/** Opens the users tab of /settings and waits for its rows. */
async function openUsersTab(page: Page): Promise<void> {
  await page.goto('/it/settings#users');
  await usersTable(page).getByRole('link', { name: 'customer@demo.test' }).waitFor();
}

/** Narrows the users table to one email and returns its row. */
async function findUserRow(page: Page, email: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: t('table.filter') }).fill(email);
  const row = usersTable(page).getByRole('row').filter({ hasText: email });
  await row.waitFor();
  return row;
}

interface NewUser {
  email: string;
  name: string;
  surname: string;
}

/** Fills the create-user dialog; the business and role selects are left to the caller. */
async function fillNewUser(dialog: Locator, user: NewUser, password: string, confirmation = password) {
  await dialog.getByLabel(t('users.contacts.fields.email')).fill(user.email);
  await dialog.getByLabel(t('user.fields.name'), { exact: true }).fill(user.name);
  await dialog.getByLabel(t('user.fields.surname')).fill(user.surname);
  await dialog.getByLabel(t('users.form.password'), { exact: true }).fill(password);
  await dialog.getByLabel(t('users.form.passwordConfirmation')).fill(confirmation);
}

/** The message shown beside a field (its `…-error` description), once there is one. */
async function messageBeside(field: Locator): Promise<string> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const id = await field.getAttribute('id');
  return field.page().locator(`[id="${id}-error"]`).innerText();
}

/** The business of the signed-in user, as the API tells the page itself. */
const ownBusiness = (page: Page, userId: number) =>
  page.evaluate(async (id) => {
    const response = await fetch(`/api/v1/users/${id}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return ((await response.json()) as { business: number }).business;
  }, userId);

describe('user administration', () => {
  it('lets an administrator create a customer in a business, who then logs in and changes their password', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test');
    await openUsersTab(page);
    await expectAccessible(page, 'settings, users tab');

    await page.getByRole('button', { name: t('users.create.open') }).click();
    const dialog = page.getByRole('dialog', { name: t('users.create.title') });
    await dialog.getByLabel(t('users.contacts.fields.email')).waitFor();
    await expectAccessible(page, 'create user dialog');
    // An administrator may give any role below their own.
    const roles = await dialog.getByLabel(t('user.fields.role')).locator('option').allTextContents();
    expect(roles).toEqual([t('roles.Manager'), 'Tecnico', 'Cliente']);

    // An empty form: every field's message at once, each beside its field, and nothing sent.
    await dialog.getByRole('button', { name: t('common.create') }).click();
    expect(await messageBeside(dialog.getByLabel(t('user.fields.business')))).toBe(
      t('users.checks.invalidBusiness.body'),
    );
    expect(await messageBeside(dialog.getByLabel(t('users.form.password'), { exact: true }))).toBe(
      t('users.checks.invalidPassword.body'),
    );
    expect(await messageBeside(dialog.getByLabel(t('users.contacts.fields.email')))).toBe(
      t('validation.required'),
    );
    expect(await messageBeside(dialog.getByLabel(t('user.fields.name'), { exact: true }))).toBe(
      t('validation.required'),
    );
    expect(await page.getByTestId('toast-area').getByRole('alert').count(), 'toasts are for outcomes').toBe(
      0,
    );

    const nadia = { email: 'nadia.nuova@example.com', name: 'Nadia', surname: 'Nuova' };
    await fillNewUser(dialog, nadia, NEW_PASSWORD);
    await dialog.getByRole('button', { name: t('common.create') }).click();
    // The checks of docs/product.md §5 come before anything is sent: the business is still missing.
    expect(await messageBeside(dialog.getByLabel(t('user.fields.business')))).toBe(
      t('users.checks.invalidBusiness.body'),
    );

    await dialog.getByLabel(t('user.fields.business')).selectOption({ label: BUSINESS_A });
    await dialog.getByLabel(t('users.form.passwordConfirmation')).fill('Diversa1234!');
    await dialog.getByRole('button', { name: t('common.create') }).click();
    expect(await messageBeside(dialog.getByLabel(t('users.form.passwordConfirmation')))).toBe(
      t('users.checks.passwordMismatch.body'),
    );

    await dialog.getByLabel(t('users.form.passwordConfirmation')).fill(NEW_PASSWORD);
    await dialog.getByLabel(t('user.fields.role')).selectOption({ label: t('roles.Customer') });
    await dialog.getByRole('button', { name: t('common.create') }).click();
    await toast(page, 'Utente creato con successo').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = await findUserRow(page, nadia.email);
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Nadia', 'Nuova', 'Cliente', BUSINESS_A, 'Abilitato']),
    );

    // The new customer logs in, and changing their own password (with the current one) ends the session.
    const own = await open();
    await signIn(own, nadia.email, { password: NEW_PASSWORD });
    await own.getByRole('link', { name: t('dashboard.profile.open') }).click();
    await own.getByRole('heading', { name: 'Nadia Nuova' }).waitFor();
    await expectAccessible(own, 'own user page, profile tab');
    // Every field's message at once: a password that breaks the rule, a repeat that differs, no current password.
    const current = own.getByLabel(t('users.form.currentPassword'));
    const repeat = own.getByLabel(t('users.form.passwordRepeat'));
    await own.getByLabel(t('users.form.newPassword')).fill('corta');
    await repeat.fill('Ancora1234?');
    await own.getByRole('button', { name: t('common.save') }).click();
    expect(await messageBeside(own.getByLabel(t('users.form.newPassword')))).toBe(
      t('validation.passwordRule'),
    );
    expect(await messageBeside(repeat)).toBe(t('users.toasts.passwordsDontMatch'));
    expect(await messageBeside(current)).toBe(t('validation.required'));
    await own.getByLabel(t('users.form.newPassword')).fill('Ancora1234!');
    await repeat.fill('Ancora1234!');
    // A new password needs the current one: missing, then wrong, each said beside its field.
    await own.getByRole('button', { name: t('common.save') }).click();
    expect(await messageBeside(current)).toBe(t('validation.required'));
    expect(await current.evaluate((input) => input === document.activeElement)).toBe(true);
    await current.fill('Sbagliata1!');
    await own.getByRole('button', { name: t('common.save') }).click();
    expect(await messageBeside(current)).toBe(t('validation.wrongPassword'));
    expect(await own.getByTestId('toast-area').getByRole('alert').count(), 'no toast for a field').toBe(0);
    await expectAccessible(own, 'own profile, wrong current password');
    await current.fill(NEW_PASSWORD);
    await own.getByRole('button', { name: t('common.save') }).click();
    await toast(own, 'Dati utente aggiornati con successo').waitFor();
    await own.waitForURL(/\/it\/login$/);
    expect(await storedToken(own)).toBeNull();
    // The new password works, and the login returns to the page the session ended on.
    await submitLogin(own, nadia.email, 'Ancora1234!');
    await own.waitForURL(/\/it\/settings\/users\/\d+$/);
    await own.getByRole('heading', { name: 'Nadia Nuova' }).waitFor();
  });

  it('lets an administrator change a role, disable a user and delete them after a confirm step', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test');
    await openUsersTab(page);
    await page.getByRole('button', { name: t('users.create.open') }).click();
    const create = page.getByRole('dialog', { name: t('users.create.title') });
    // A form dialog opens with the focus on its first field.
    const business = create.getByLabel(t('user.fields.business'));
    await expect.poll(() => business.evaluate((field) => field === document.activeElement)).toBe(true);
    await business.selectOption({ label: BUSINESS_A });
    await fillNewUser(create, { email: 'tommaso@example.com', name: 'Tommaso', surname: '' }, NEW_PASSWORD);
    await create.getByRole('button', { name: t('common.create') }).click();
    // The surname input is required when creating (docs/product.md §5), in Italian.
    await create.getByText(t('validation.required')).waitFor();
    await create.getByLabel(t('user.fields.surname')).fill('Temporaneo');
    await create.getByRole('button', { name: t('common.create') }).click();
    await dismissToast(page, 'Utente creato con successo');

    const row = await findUserRow(page, 'tommaso@example.com');
    await row.getByRole('button', { name: t('users.table.edit', { email: 'tommaso@example.com' }) }).click();
    const edit = page.getByRole('dialog', { name: t('users.edit.title', { email: 'tommaso@example.com' }) });
    await edit.getByLabel(t('user.fields.role')).waitFor();
    await expectAccessible(page, 'edit user dialog');
    await edit.getByLabel(t('user.fields.role')).selectOption({ label: t('roles.Technician') });
    await edit.getByLabel(t('user.enabled')).uncheck();
    await edit.getByRole('button', { name: t('common.save') }).click();
    await dismissToast(page, 'Dati utente aggiornati con successo');
    await row.getByText(t('roles.Technician')).waitFor();
    await row.getByText(t('user.disabled')).waitFor();

    await row
      .getByRole('button', { name: t('users.table.delete', { email: 'tommaso@example.com' }) })
      .click();
    const confirm = page.getByRole('dialog', { name: t('users.delete.title') });
    await confirm.getByText('tommaso@example.com').waitFor();
    await expectAccessible(page, 'delete user confirm');
    await confirm.getByRole('button', { name: t('common.delete') }).click();
    await toast(page, 'Utente eliminato con successo').waitFor();
    await usersTable(page).getByText(t('table.empty')).waitFor();
  });

  it('lets a manager create a customer in their own business only, without the Administrator option', async () => {
    const page = await open();
    await signIn(page, 'manager@demo.test');
    const business = await ownBusiness(page, await ownUserId(page));
    await page.goto(`/it/business/${business}#users`);
    await usersTable(page).getByRole('link', { name: 'customer@demo.test' }).waitFor();
    // A manager's list holds their business only.
    expect(await usersTable(page).getByText('customer2@demo.test').count()).toBe(0);

    await page.getByRole('button', { name: t('users.create.open') }).click();
    const dialog = page.getByRole('dialog', { name: t('users.create.title') });
    await dialog.getByLabel(t('users.contacts.fields.email')).waitFor();
    await expectAccessible(page, "manager's create user dialog");
    // The business is fixed to the manager's own, and no role at or above a manager's is offered.
    expect(await dialog.getByRole('combobox', { name: t('user.fields.business') }).count()).toBe(0);
    expect(await dialog.getByLabel(t('user.fields.business')).inputValue()).toBe(BUSINESS_A);
    expect(await dialog.getByLabel(t('user.fields.role')).locator('option').allTextContents()).toEqual([
      t('roles.Technician'),
      t('roles.Customer'),
    ]);

    await fillNewUser(
      dialog,
      { email: 'clara@example.com', name: 'Clara', surname: 'Cliente' },
      NEW_PASSWORD,
    );
    await dialog.getByRole('button', { name: t('common.create') }).click();
    await toast(page, 'Utente creato con successo').waitFor();
    const row = await findUserRow(page, 'clara@example.com');
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Clara', 'Cliente', BUSINESS_A]),
    );
  });

  it('shows validation errors in Italian, from the form and from the server', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test');
    await openUsersTab(page);

    await page.getByRole('button', { name: t('users.create.open') }).click();
    const dialog = page.getByRole('dialog', { name: t('users.create.title') });
    await dialog.getByLabel(t('user.fields.business')).selectOption({ label: BUSINESS_A });
    await fillNewUser(dialog, { email: 'non-valida@', name: 'Nina', surname: 'Nulla' }, 'debole', 'debole');
    await dialog.getByRole('button', { name: t('common.create') }).click();
    await dialog.getByText(t('validation.email')).waitFor();
    expect(await dialog.locator('#user-create-password-error').textContent()).toBe(
      'Almeno 8 caratteri con una lettera maiuscola, una minuscola, una cifra e un simbolo',
    );
    // The contract's English messages never reach the page.
    expect(await dialog.getByText(/Password must/).count()).toBe(0);
    await expectAccessible(page, 'create user dialog with errors');

    // An email already in use is the server's to find; its EMAIL_TAKEN answer reads in Italian too.
    await dialog.getByLabel(t('users.contacts.fields.email')).fill('customer@demo.test');
    await dialog.getByLabel(t('users.form.password'), { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel(t('users.form.passwordConfirmation')).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: t('common.create') }).click();
    expect(await messageBeside(dialog.getByLabel(t('users.contacts.fields.email')))).toBe(
      t('errors.EMAIL_TAKEN'),
    );
    expect(await page.getByTestId('toast-area').getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: t('common.cancel') }).click();

    // A filter longer than the server accepts: its VALIDATION_FAILED answer reads in Italian.
    await page.getByRole('searchbox', { name: t('table.filter') }).fill('x'.repeat(201));
    await toast(page, 'Filtro: Il valore è troppo lungo').waitFor();
  });

  it('keeps addresses and preferences on the user page, with a confirm step before deleting', async () => {
    const page = await open();
    await signIn(page, 'customer@demo.test');
    const id = await ownUserId(page);
    await page.goto(`/it/settings/users/${id}#addresses`);
    const addresses = await loadedTable(page, 'Indirizzi');
    await expectAccessible(page, 'user page, addresses tab');

    await page.getByLabel(t('users.addresses.fields.name'), { exact: true }).fill('Carlo');
    await page.getByLabel(t('users.addresses.fields.street')).fill('Via Roma 1');
    await page.getByLabel(t('users.addresses.fields.city')).fill('Padova');
    await page.getByLabel(t('users.addresses.fields.cap')).fill('123');
    await page.getByLabel(t('users.addresses.fields.country')).fill('Italia');
    await page.getByRole('button', { name: t('users.addresses.submit') }).click();
    await dismissToast(page, 'Indirizzo aggiunto con successo');
    const row = addresses.getByRole('row').filter({ hasText: 'Via Roma 1' });
    // Postal codes show padded to five digits.
    await row.getByRole('cell', { name: '00123' }).waitFor();

    await row
      .getByRole('button', { name: t('users.addresses.delete', { street: 'Via Roma 1', city: 'Padova' }) })
      .click();
    const confirm = page.getByRole('dialog', { name: t('users.addresses.deleteTitle') });
    await confirm.waitFor();
    await expectAccessible(page, 'delete address confirm');
    await confirm.getByRole('button', { name: t('common.delete') }).click();
    await dismissToast(page, 'Indirizzo eliminato con successo');
    await row.waitFor({ state: 'detached' });

    const tabs = page.getByRole('list', { name: t('user.tabs.label') });
    await tabs.getByRole('link', { name: t('users.contacts.title') }).click();
    await loadedTable(page, 'Contatti');
    await expectAccessible(page, 'user page, contacts tab');

    // Customers see neither the machines nor the preferences tab.
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['Profilo', 'Indirizzi', 'Contatti']);
  });

  it('shows a technician their machine groups and preferences, and saves a preference', async () => {
    const page = await open();
    await signIn(page, 'tech@demo.test');
    const id = await ownUserId(page);
    await page.goto(`/it/settings/users/${id}#machines`);
    const machines = await loadedTable(page, 'Gruppi macchina');
    const tabs = page.getByRole('list', { name: t('user.tabs.label') });
    expect(await tabs.getByRole('link').allTextContents()).toEqual([
      'Profilo',
      'Indirizzi',
      'Contatti',
      'Macchine',
      t('user.tabs.preferences'),
    ]);
    expect(await machines.getByText(t('table.empty')).count()).toBe(0);
    // Access is given and taken by administrators and managers, not by the technician.
    expect(await page.getByRole('button', { name: t('users.machines.add') }).count()).toBe(0);
    await expectAccessible(page, 'user page, machines tab');

    await tabs.getByRole('link', { name: t('user.tabs.preferences') }).click();
    const tickets = page.getByRole('switch', { name: t('users.preferences.ticketNotifications') });
    await tickets.waitFor();
    await expectAccessible(page, 'user page, preferences tab');
    const before = await tickets.isChecked();
    await tickets.click();
    await toast(page, 'Preferenze aggiornate con successo.').waitFor();
    await page.reload();
    await page.getByRole('switch', { name: t('users.preferences.ticketNotifications') }).waitFor();
    expect(
      await page.getByRole('switch', { name: t('users.preferences.ticketNotifications') }).isChecked(),
    ).toBe(!before);
  });

  it("lets an administrator give and take a user's access to a machine group", async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test');
    await openUsersTab(page);
    const row = await findUserRow(page, 'customer@demo.test');
    await row.getByRole('link', { name: 'customer@demo.test' }).click();
    await page.getByRole('heading', { name: 'Carlo Cliente' }).waitFor();
    await page
      .getByRole('list', { name: t('user.tabs.label') })
      .getByRole('link', { name: t('user.tabs.machines') })
      .click();
    const machines = await loadedTable(page, 'Gruppi macchina');
    const accessButtons = machines.getByRole('button', { name: /^Rimuovi l'accesso a / });
    const before = await accessButtons.count();

    // A selection other than 0 is required.
    await page.getByRole('button', { name: t('users.machines.add') }).click();
    await page.getByText(t('users.machines.chooseRequired')).waitFor();
    const choice = page.getByLabel(t('users.machines.choose'));
    // Options load beside the list: wait for the first machine group after the placeholder.
    await choice.locator('option').nth(1).waitFor({ state: 'attached' });
    const option = (await choice.locator('option').allTextContents())[1];
    if (option === undefined) throw new Error('no machine group left to add');
    await choice.selectOption({ label: option });
    await page.getByRole('button', { name: t('users.machines.add') }).click();
    await dismissToast(page, 'Gruppo macchina aggiunto con successo');
    await expect.poll(() => accessButtons.count()).toBe(before + 1);
    await expectAccessible(page, 'user page, machines tab of an administrator');

    const name = option.replace(/ \(.*\)$/, '');
    await machines.getByRole('button', { name: `Rimuovi l'accesso a ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: t('users.machines.removeTitle') });
    await confirm.waitFor();
    await expectAccessible(page, 'remove machine access confirm');
    await confirm.getByRole('button', { name: t('users.machines.removeConfirm') }).click();
    await toast(page, 'Gruppo macchina rimosso con successo').waitFor();
    await expect.poll(() => accessButtons.count()).toBe(before);
    expect(location(page)).toMatch(/#machines$/);
  });
});
