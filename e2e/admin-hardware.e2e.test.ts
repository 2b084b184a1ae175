import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y.ts';
import { location, logIn, storedToken } from './support/session.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal();

const BUSINESS_B = 'Brenta Prototipi S.r.l.';

/** The toast with this text (a toast is an alert in the toast area). */
const toast = (page: Page, text: string): Locator =>
  page.getByTestId('toast-area').getByRole('alert').filter({ hasText: text });

/** A GET of the API with the page's own session, for what the test must know but the screen does not say. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ path, token }) => {
      const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return response.json();
    },
    { path, token },
  );
}

interface Named {
  id: number;
  name: string;
}

/** The id of the machine group the user sees by that name. */
async function groupId(page: Page, name: string): Promise<number> {
  const page_ = await apiGet<{ items: Named[] }>(
    page,
    `/api/v1/machinegroup?pageSize=200&q=${encodeURIComponent(name)}`,
  );
  const group = page_.items.find((item) => item.name === name);
  if (!group) throw new Error(`no machine group named ${name}`);
  return group.id;
}

describe('hardware administration', () => {
  it('lets an administrator add a machine type to the catalogue', async () => {
    const page = await open();
    await logIn(page, 'admin@demo.test');
    await page.goto('/it/settings?group=machines#groups');
    await page.getByRole('cell', { name: 'Unità pallet PLU-200', exact: true }).waitFor();
    await expectAccessible(page, 'machine types');

    await page.getByRole('button', { name: 'Nuovo tipo di macchina' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo tipo di macchina' });
    await dialog.getByRole('button', { name: 'Crea' }).click();
    await dialog.getByText('Campo obbligatorio').waitFor();
    await expectAccessible(page, 'new machine type dialog with an error');
    await dialog.getByLabel('Nome', { exact: true }).fill('Bambu X1E');
    await dialog.getByLabel('Descrizione').fill('Stampante 3D CoreXY chiusa per tecnopolimeri');
    await dialog.getByRole('button', { name: 'Crea' }).click();
    await toast(page, 'Tipo di macchina creato con successo').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Bambu X1E', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Modifica Bambu X1E' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifica tipo di macchina' });
    expect(await edit.getByLabel('Nome', { exact: true }).inputValue()).toBe('Bambu X1E');
    await expectAccessible(page, 'edit machine type dialog');
    await edit.getByLabel('Nome', { exact: true }).fill('Bambu X1E Combo');
    await edit.getByRole('button', { name: 'Salva' }).click();
    await toast(page, 'Tipo di macchina aggiornato con successo').waitFor();
    await page.getByRole('cell', { name: 'Bambu X1E Combo', exact: true }).waitFor();

    // A type machine groups use stays, and the confirm dialog says why nothing happened.
    await page.getByRole('button', { name: 'Elimina Prusa MK4S' }).click();
    const refuse = page.getByRole('dialog', { name: 'Elimina tipo di macchina' });
    await refuse.getByText('Eliminare «Prusa MK4S»?', { exact: false }).waitFor();
    await expectAccessible(page, 'delete machine type confirmation');
    await refuse.getByRole('button', { name: 'Elimina' }).click();
    await toast(page, 'È ancora in uso e non può essere eliminato.').waitFor();
    await refuse.getByRole('button', { name: 'Annulla' }).click();
    await page.getByRole('cell', { name: 'Prusa MK4S', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Elimina Bambu X1E Combo' }).click();
    await page
      .getByRole('dialog', { name: 'Elimina tipo di macchina' })
      .getByRole('button', { name: 'Elimina' })
      .click();
    await toast(page, 'Tipo di macchina eliminato con successo').waitFor();
    await page.getByRole('cell', { name: 'Bambu X1E Combo', exact: true }).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Tipi di scheda' }).click();
    await page.waitForURL(/\?group=boards#groups$/);
    await page.getByRole('cell', { name: 'Duet 3 Mini 5+', exact: true }).waitFor();
    await expectAccessible(page, 'board types');
  });

  it('lets an administrator create a computer controller and generate its key, shown once', async () => {
    const page = await open();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page, 'admin@demo.test');
    await page.goto('/it/settings#computercontrollers');
    await page.getByRole('link', { name: 'Magazzino', exact: true }).waitFor();
    await expectAccessible(page, 'computer controllers');

    await page.getByRole('button', { name: 'Nuovo computer controller' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo computer controller' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Gateway collaudo');
    await dialog.getByLabel('Tipo di computer').selectOption({ label: 'Raspberry Pi 5' });
    await dialog.getByLabel('Azienda').selectOption({ label: BUSINESS_B });
    await expectAccessible(page, 'new computer controller dialog');
    await dialog.getByRole('button', { name: 'Crea' }).click();
    await toast(page, 'Computer controller creato con successo').waitFor();
    await page.getByRole('heading', { name: 'Computer controller Gateway collaudo' }).waitFor();
    expect(location(page)).toMatch(/^\/it\/settings\/computer-controller\/\d+$/);
    await expectAccessible(page, 'computer controller page');

    // Brenta's free licence is offered as 'Licenza #id'; licences of other controllers are not.
    const license = page.getByLabel('Licenza');
    const offered = await license.locator('option').allTextContents();
    expect(offered[0]).toBe('Nessuna licenza');
    expect(offered.slice(1).length).toBeGreaterThan(0);
    for (const text of offered.slice(1)) expect(text).toMatch(/^Licenza #\d+$/);
    await license.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Salva' }).click();
    await toast(page, 'Router aggiornato correttamente').waitFor();

    await page.getByText('Nessuna chiave è stata ancora generata.').waitFor();
    await page.getByRole('button', { name: 'Genera chiave' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'Nuova chiave del gateway' });
    const key = await keyDialog.getByLabel('Chiave del gateway').inputValue();
    expect(key.length).toBeGreaterThanOrEqual(32);
    await expectAccessible(page, 'gateway key dialog');
    await keyDialog.getByRole('button', { name: 'Copia' }).click();
    await toast(page, 'Chiave copiata negli appunti').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // A clipboard that refuses says so, in Italian.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await keyDialog.getByRole('button', { name: 'Copia' }).click();
    const failure = toast(page, 'Non è stato possibile salvare la chiave negli appunti');
    await failure.getByText('Salvataggio negli appunti non riuscito').waitFor();

    await keyDialog.getByRole('button', { name: 'Chiudi' }).first().click();
    await keyDialog.waitFor({ state: 'detached' });
    // Shown once: once the dialog is closed, the page holds the key nowhere.
    expect(await page.content()).not.toContain(key);
    await page.getByText(/^Generata il /).waitFor();

    await page.getByRole('button', { name: 'Rigenera chiave' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rigenerare la chiave del gateway?' });
    await confirm.getByText(/termina quella attuale/).waitFor();
    await expectAccessible(page, 'regenerate key confirmation');
    await confirm.getByRole('button', { name: 'Rigenera' }).click();
    const second = await page
      .getByRole('dialog', { name: 'Nuova chiave del gateway' })
      .getByLabel('Chiave del gateway')
      .inputValue();
    expect(second).not.toBe(key);
  });

  it('lets an administrator create a machine group with a free controller of its business', async () => {
    const page = await open();
    await logIn(page, 'admin@demo.test');
    await page.goto('/it/settings#machinegroups');
    await page.getByRole('link', { name: 'Cella pallet B' }).waitFor();
    await expectAccessible(page, 'machine groups');
    // Type 2 shows the pallet icon, the others the 3D printer.
    const palletRow = page.getByRole('row').filter({ hasText: 'Cella pallet B' });
    expect(await palletRow.getByRole('img').getAttribute('aria-label')).toBe(
      'Unità di carico/scarico pallet',
    );
    const printerRow = page.getByRole('row').filter({ hasText: 'RatRig produzione' });
    expect(await printerRow.getByRole('img').getAttribute('aria-label')).toBe('Stampante 3D');

    await page.getByRole('button', { name: 'Nuovo gruppo macchina' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo gruppo macchina' });
    const computer = dialog.getByLabel('Computer controller');
    expect(await computer.isDisabled()).toBe(true);
    // Nothing is chosen for the user: each choice shows its prompt until one is made.
    expect(await dialog.getByLabel('Azienda').inputValue()).toBe('');
    expect(await dialog.getByLabel('Azienda').locator('option:checked').textContent()).toBe(
      "Scegli un'azienda",
    );
    expect(await dialog.getByLabel('Tipo di macchina').inputValue()).toBe('');
    await dialog.getByLabel('Azienda').selectOption({ label: 'Machine Support Portal S.r.l.' });
    // The operator's only controller has id 1: it is never offered.
    await computer
      .locator('option', { hasText: "L'azienda non ha computer controller liberi" })
      .waitFor({ state: 'attached' });
    expect(await computer.locator('option').allTextContents()).toEqual([
      "L'azienda non ha computer controller liberi",
    ]);

    await dialog.getByLabel('Nome', { exact: true }).fill('Cella collaudo');
    await dialog.getByLabel('Posizione', { exact: true }).fill('Collaudo');
    await dialog.getByLabel('Tipo di macchina').selectOption({ label: 'Unità pallet PLU-200' });
    await dialog.getByLabel('Tipo di scheda').selectOption({ label: 'Duet 3 Mini 5+' });
    await dialog.getByLabel('Firmware').selectOption({ label: '3.x (3.6)' });
    await dialog.getByLabel('Azienda').selectOption({ label: BUSINESS_B });
    // The controller created in the previous journey is free, and offered with its id.
    const created = computer.locator('option', { hasText: /^Gateway collaudo \(#\d+\)$/ });
    await created.waitFor({ state: 'attached' });
    await computer.selectOption((await created.getAttribute('value')) ?? '');
    await expectAccessible(page, 'new machine group dialog');
    await dialog.getByRole('button', { name: 'Crea' }).click();
    await toast(page, 'Gruppo macchina creato con successo').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('searchbox').fill('Cella collaudo');
    const row = page.getByRole('row').filter({ hasText: 'Cella collaudo' });
    await row.waitFor();
    expect(await row.getByRole('img').getAttribute('aria-label')).toBe('Unità di carico/scarico pallet');
    await row.getByText(BUSINESS_B).waitFor();
    await row.getByText('3.x').waitFor();

    await row.getByRole('link', { name: 'Cella collaudo' }).click();
    await page.getByRole('heading', { name: 'Composizione' }).waitFor();
    expect(await page.getByLabel('Computer controller').locator('option:checked').textContent()).toMatch(
      /^Gateway collaudo \(#\d+\)$/,
    );
    await expectAccessible(page, 'machine group settings, administrator');
    await page.getByLabel('Posizione', { exact: true }).fill('Collaudo finale');
    await page.getByRole('button', { name: 'Salva impostazioni generali' }).click();
    await toast(page, 'Impostazioni generali aggiornate correttamente').waitFor();
    await page.getByLabel('Firmware').selectOption({ label: 'Sconosciuto' });
    await page.getByRole('button', { name: 'Salva impostazioni generali' }).click();
    await toast(page, 'Impostazioni generali aggiornate correttamente').nth(1).waitFor();

    await page.getByLabel('Tipo di macchina').selectOption({ label: 'Modix BIG-60 V4' });
    await page.getByRole('button', { name: 'Salva composizione' }).click();
    await toast(page, 'Composizione aggiornata correttamente').waitFor();
    await page.getByRole('heading', { level: 1 }).getByRole('img', { name: 'Stampante 3D' }).waitFor();

    // Moved to another business, the group takes its controller along.
    await page
      .getByRole('combobox', { name: 'Azienda' })
      .selectOption({ label: 'Officine Adriatiche S.p.A.' });
    await page.getByRole('button', { name: 'Salva azienda' }).click();
    await toast(page, 'Azienda aggiornata correttamente').waitFor();
    await page.getByRole('button', { name: 'Salva composizione' }).waitFor();
    expect(
      await page.getByRole('combobox', { name: 'Azienda' }).locator('option:checked').textContent(),
    ).toBe('Officine Adriatiche S.p.A.');
    expect(await page.getByLabel('Computer controller').locator('option:checked').textContent()).toMatch(
      /^Gateway collaudo \(#\d+\)$/,
    );
  });

  it('shows a technician the general settings of an assigned machine group but no composition', async () => {
    const page = await open();
    await logIn(page, 'tech@demo.test');
    const id = await groupId(page, 'Prusa linea 1');
    await page.goto(`/it/machines/${id}/settings`);
    await page.getByRole('heading', { name: 'Impostazioni generali' }).waitFor();
    await page.getByRole('cell', { name: 'Tiziana Tecnico' }).waitFor();
    expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe('Prusa linea 1');
    expect(await page.getByRole('heading', { name: 'Composizione' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Azienda' }).count()).toBe(0);
    expect(await page.getByLabel('Firmware').count()).toBe(0);
    expect(await page.getByLabel('Tipo di macchina').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Rimuovi accesso/ }).count()).toBe(0);
    await expectAccessible(page, 'machine group settings, technician');

    await page.getByLabel('Descrizione').fill('Staffe in PETG, turno di notte');
    await page.getByRole('button', { name: 'Salva impostazioni generali' }).click();
    await toast(page, 'Impostazioni generali aggiornate correttamente').waitFor();

    // A machine group the technician does not see (another business's) sends back to the dashboard.
    const admin = await open();
    await logIn(admin, 'admin@demo.test');
    const hidden = await groupId(admin, 'Cella pallet B');
    await page.goto(`/it/settings/machine-group/${hidden}`);
    await page.waitForURL(/\/it\/dashboard$/);
  });

  it('lets a manager remove a user’s access to a machine group of their business, after confirming', async () => {
    const page = await open();
    await logIn(page, 'manager@demo.test');
    const id = await groupId(page, 'Prusa linea 2');
    await page.goto(`/it/settings/machine-group/${id}`);
    const remove = page.getByRole('button', { name: 'Rimuovi accesso a Carlo Cliente' });
    await remove.click();
    const confirm = page.getByRole('dialog', { name: "Rimuovere l'accesso?" });
    await confirm.getByText('Carlo Cliente non avrà più accesso a Prusa linea 2.').waitFor();
    await expectAccessible(page, 'remove access confirmation');
    await confirm.getByRole('button', { name: 'Rimuovi accesso' }).click();
    await toast(page, 'Gruppo macchina rimosso con successo').waitFor();
    await page.getByText('Nessun utente ha accesso a questo gruppo macchina.').waitFor();
  });

  it('counts the user’s machine groups on the dashboard and links to the machines', async () => {
    const page = await open();
    await logIn(page, 'tech@demo.test');
    const { total } = await apiGet<{ total: number }>(page, '/api/v1/machinegroup?pageSize=1');
    expect(total).toBeGreaterThan(0);
    const card = page
      .locator('.card')
      .filter({ has: page.getByRole('heading', { name: 'Le tue macchine' }) });
    const count = card.getByTestId('machine-count');
    await count.waitFor();
    expect(await count.innerText()).toBe(`${total} ${total === 1 ? 'macchina' : 'macchine'}`);
    await expectAccessible(page, 'dashboard with the machines card');
    expect(await card.getByRole('link', { name: 'Vai alle macchine' }).getAttribute('href')).toBe(
      '/it/machines',
    );
  });

  it('sends a missing controller to the home page and a missing machine group to the dashboard', async () => {
    const page = await open();
    await logIn(page, 'admin@demo.test');
    await page.goto('/it/settings/computer-controller/999999');
    await page.waitForURL(/\/it$/);
    await page.goto('/it/settings/machine-group/abc');
    await page.waitForURL(/\/it\/dashboard$/);
  });

  it('passes the accessibility check on every hardware screen in the light theme too', async () => {
    const page = await open();
    await logIn(page, 'admin@demo.test');
    await page.getByRole('switch', { name: 'Tema scuro' }).click();
    expect(await page.locator('html').getAttribute('data-bs-theme')).toBe('light');
    await page.getByTestId('machine-count').waitFor();
    await expectAccessible(page, 'dashboard, light');

    await page.goto('/it/settings?group=computers#groups');
    await page.getByRole('cell', { name: 'Raspberry Pi 5', exact: true }).waitFor();
    await expectAccessible(page, 'computer types, light');
    await page.goto('/it/settings#machinegroups');
    await page.getByRole('link', { name: 'Cella pallet B' }).waitFor();
    await expectAccessible(page, 'machine groups, light');
    await page.goto('/it/settings#computercontrollers');
    await page.getByRole('link', { name: 'Magazzino', exact: true }).click();
    await page.getByRole('heading', { name: 'Computer controller Magazzino' }).waitFor();
    await page.getByLabel('Licenza').waitFor();
    await expectAccessible(page, 'computer controller page, light');

    await page.goto(`/it/settings/machine-group/${await groupId(page, 'Cella pallet B')}`);
    await page.getByRole('heading', { name: 'Composizione' }).waitFor();
    await expectAccessible(page, 'machine group settings, light');
  });
});
