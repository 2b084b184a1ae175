import { readFile } from 'node:fs/promises';
import { BOOT_MS, startBoard } from '@portal/board-sim';
import { MINIMUM_GATEWAY_VERSION } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import GATEWAY_PACKAGE from '../apps/gateway/package.json' with { type: 'json' };
import { startGateway } from '../apps/gateway/src/index.ts';
import { location, signIn, storedToken } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { expectAccessible } from './support/a11y.ts';
import { dialReportingGateway } from './support/reporting-gateway.ts';
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

/** A POST of the API with the page's own session. */
async function apiPost<T>(page: Page, path: string): Promise<T> {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ path, token }) => {
      const response = await fetch(path, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
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
    await signIn(page, 'admin@demo.test', { at: '/it/settings?group=machines#groups' });
    await page.getByRole('cell', { name: 'Unità pallet PLU-200', exact: true }).waitFor();
    await expectAccessible(page, 'machine types');

    await page.getByRole('button', { name: t('hardware.catalog.create.machines') }).click();
    const dialog = page.getByRole('dialog', { name: t('hardware.catalog.create.machines') });
    await dialog.getByRole('button', { name: t('common.create') }).click();
    await dialog.getByText(t('validation.required')).waitFor();
    await expectAccessible(page, 'new machine type dialog with an error');
    await dialog.getByLabel(t('hardware.catalog.fields.name'), { exact: true }).fill('Bambu X1E');
    await dialog
      .getByLabel(t('hardware.catalog.fields.description'))
      .fill('Stampante 3D CoreXY chiusa per tecnopolimeri');
    await dialog.getByRole('button', { name: t('common.create') }).click();
    await toast(page, 'Tipo di macchina creato con successo').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Bambu X1E', exact: true }).waitFor();

    await page.getByRole('button', { name: t('hardware.catalog.editEntry', { name: 'Bambu X1E' }) }).click();
    const edit = page.getByRole('dialog', { name: t('hardware.catalog.edit.machines') });
    expect(await edit.getByLabel(t('hardware.catalog.fields.name'), { exact: true }).inputValue()).toBe(
      'Bambu X1E',
    );
    await expectAccessible(page, 'edit machine type dialog');
    await edit.getByLabel(t('hardware.catalog.fields.name'), { exact: true }).fill('Bambu X1E Combo');
    await edit.getByRole('button', { name: t('common.save') }).click();
    await toast(page, 'Tipo di macchina aggiornato con successo').waitFor();
    await page.getByRole('cell', { name: 'Bambu X1E Combo', exact: true }).waitFor();

    // A type machine groups use stays, and the confirm dialog says why nothing happened.
    await page
      .getByRole('button', { name: t('hardware.catalog.deleteEntry', { name: 'Prusa MK4S' }) })
      .click();
    const refuse = page.getByRole('dialog', { name: t('hardware.catalog.delete.machines') });
    await refuse.getByText('Eliminare «Prusa MK4S»?', { exact: false }).waitFor();
    await expectAccessible(page, 'delete machine type confirmation');
    await refuse.getByRole('button', { name: t('common.delete') }).click();
    await toast(page, 'È ancora in uso e non può essere eliminato.').waitFor();
    await refuse.getByRole('button', { name: t('common.cancel') }).click();
    await page.getByRole('cell', { name: 'Prusa MK4S', exact: true }).waitFor();

    await page
      .getByRole('button', { name: t('hardware.catalog.deleteEntry', { name: 'Bambu X1E Combo' }) })
      .click();
    await page
      .getByRole('dialog', { name: t('hardware.catalog.delete.machines') })
      .getByRole('button', { name: t('common.delete') })
      .click();
    await toast(page, 'Tipo di macchina eliminato con successo').waitFor();
    await page.getByRole('cell', { name: 'Bambu X1E Combo', exact: true }).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: t('hardware.catalog.groups.boards') }).click();
    await page.waitForURL(/\?group=boards#groups$/);
    await page.getByRole('cell', { name: 'Duet 3 Mini 5+', exact: true }).waitFor();
    await expectAccessible(page, 'board types');
  });

  it('lets an administrator create a computer controller and generate its key, shown once', async () => {
    const page = await open();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'admin@demo.test', { at: '/it/settings#computercontrollers' });
    await page.getByRole('link', { name: 'Magazzino', exact: true }).waitFor();
    await expectAccessible(page, 'computer controllers');

    await page.getByRole('button', { name: t('hardware.controllers.create') }).click();
    const dialog = page.getByRole('dialog', { name: t('hardware.controllers.create') });
    await dialog.getByLabel(t('hardware.controllers.fields.name'), { exact: true }).fill('Gateway collaudo');
    await dialog.getByLabel(t('hardware.controllers.fields.type')).selectOption({ label: 'Raspberry Pi 5' });
    await dialog.getByLabel(t('hardware.controllers.fields.business')).selectOption({ label: BUSINESS_B });
    await expectAccessible(page, 'new computer controller dialog');
    await dialog.getByRole('button', { name: t('common.create') }).click();
    await toast(page, 'Computer controller creato con successo').waitFor();
    await page
      .getByRole('heading', { name: t('hardware.controllers.page.title', { name: 'Gateway collaudo' }) })
      .waitFor();
    expect(location(page)).toMatch(/^\/it\/settings\/computer-controller\/\d+$/);
    await expectAccessible(page, 'computer controller page');

    // Brenta's free licence is offered as 'Licenza #id'; licences of other controllers are not.
    const license = page.getByLabel(t('hardware.controllers.fields.license'));
    const offered = await license.locator('option').allTextContents();
    expect(offered[0]).toBe(t('hardware.controllers.license.none'));
    expect(offered.slice(1).length).toBeGreaterThan(0);
    for (const text of offered.slice(1)) expect(text).toMatch(/^Licenza #\d+$/);
    await license.selectOption({ index: 1 });
    await page.getByRole('button', { name: t('common.save') }).click();
    await toast(page, 'Router aggiornato correttamente').waitFor();

    await page.getByText(t('hardware.controllers.key.none')).waitFor();
    await page.getByRole('button', { name: t('hardware.controllers.key.generate') }).click();
    const keyDialog = page.getByRole('dialog', { name: t('hardware.controllers.key.dialogTitle') });
    const key = await keyDialog.getByLabel(t('hardware.controllers.key.label')).inputValue();
    expect(key.length).toBeGreaterThanOrEqual(32);
    await expectAccessible(page, 'gateway key dialog');
    await keyDialog.getByRole('button', { name: t('hardware.controllers.key.copy'), exact: true }).click();
    await toast(page, 'Chiave copiata negli appunti').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // A clipboard that refuses says so, in Italian.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await keyDialog.getByRole('button', { name: t('hardware.controllers.key.copy'), exact: true }).click();
    const failure = toast(page, 'Non è stato possibile salvare la chiave negli appunti');
    await failure.getByText(t('hardware.controllers.key.copyFailed')).waitFor();

    await keyDialog
      .getByRole('button', { name: t('common.close') })
      .first()
      .click();
    await keyDialog.waitFor({ state: 'detached' });
    // Shown once: once the dialog is closed, the page holds the key nowhere.
    expect(await page.content()).not.toContain(key);
    await page.getByText(/^Generata il /).waitFor();

    await page.getByRole('button', { name: t('hardware.controllers.key.regenerate') }).click();
    const confirm = page.getByRole('dialog', { name: t('hardware.controllers.key.confirmTitle') });
    await confirm.getByText(/termina quella attuale/).waitFor();
    await expectAccessible(page, 'regenerate key confirmation');
    await confirm.getByRole('button', { name: t('hardware.controllers.key.confirm') }).click();
    const second = await page
      .getByRole('dialog', { name: t('hardware.controllers.key.dialogTitle') })
      .getByLabel(t('hardware.controllers.key.label'))
      .inputValue();
    expect(second).not.toBe(key);
  });

  it('lets an administrator create a machine group with a free controller of its business', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test', { at: '/it/settings#machinegroups' });
    await page.getByRole('link', { name: 'Cella pallet B' }).waitFor();
    await expectAccessible(page, 'machine groups');
    // Type 2 shows the pallet icon, the others the 3D printer.
    const palletRow = page.getByRole('row').filter({ hasText: 'Cella pallet B' });
    expect(await palletRow.getByRole('img').getAttribute('aria-label')).toBe(
      t('hardware.machineGroups.icons.pallet'),
    );
    const printerRow = page.getByRole('row').filter({ hasText: 'RatRig produzione' });
    expect(await printerRow.getByRole('img').getAttribute('aria-label')).toBe(
      t('hardware.machineGroups.icons.printer'),
    );

    await page.getByRole('button', { name: t('hardware.machineGroups.create') }).click();
    const dialog = page.getByRole('dialog', { name: t('hardware.machineGroups.create') });
    const computer = dialog.getByLabel(t('hardware.machineGroups.fields.computer'));
    expect(await computer.isDisabled()).toBe(true);
    // Nothing is chosen for the user: each choice shows its prompt until one is made.
    expect(await dialog.getByLabel(t('hardware.machineGroups.fields.business')).inputValue()).toBe('');
    expect(
      await dialog
        .getByLabel(t('hardware.machineGroups.fields.business'))
        .locator('option:checked')
        .textContent(),
    ).toBe("Scegli un'azienda");
    expect(await dialog.getByLabel(t('hardware.machineGroups.fields.machine')).inputValue()).toBe('');
    await dialog
      .getByLabel(t('hardware.machineGroups.fields.business'))
      .selectOption({ label: 'Machine Support Portal S.r.l.' });
    // The operator's only controller has id 1: it is never offered.
    await computer
      .locator('option', { hasText: t('hardware.machineGroups.choose.noControllers') })
      .waitFor({ state: 'attached' });
    expect(await computer.locator('option').allTextContents()).toEqual([
      t('hardware.machineGroups.choose.noControllers'),
    ]);

    await dialog.getByLabel(t('hardware.machineGroups.fields.name'), { exact: true }).fill('Cella collaudo');
    await dialog.getByLabel(t('hardware.machineGroups.fields.location'), { exact: true }).fill('Collaudo');
    await dialog
      .getByLabel(t('hardware.machineGroups.fields.machine'))
      .selectOption({ label: 'Unità pallet PLU-200' });
    await dialog
      .getByLabel(t('hardware.machineGroups.fields.board'))
      .selectOption({ label: 'Duet 3 Mini 5+' });
    await dialog.getByLabel(t('hardware.machineGroups.fields.firmware')).selectOption({ label: '3.x (3.6)' });
    await dialog.getByLabel(t('hardware.machineGroups.fields.business')).selectOption({ label: BUSINESS_B });
    // The controller created in the previous journey is free, and offered with its id.
    const created = computer.locator('option', { hasText: /^Gateway collaudo \(#\d+\)$/ });
    await created.waitFor({ state: 'attached' });
    await computer.selectOption((await created.getAttribute('value')) ?? '');
    await expectAccessible(page, 'new machine group dialog');
    await dialog.getByRole('button', { name: t('common.create') }).click();
    await toast(page, 'Gruppo macchina creato con successo').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('searchbox').fill('Cella collaudo');
    const row = page.getByRole('row').filter({ hasText: 'Cella collaudo' });
    await row.waitFor();
    expect(await row.getByRole('img').getAttribute('aria-label')).toBe(
      t('hardware.machineGroups.icons.pallet'),
    );
    await row.getByText(BUSINESS_B).waitFor();
    await row.getByText('3.x').waitFor();

    await row.getByRole('link', { name: 'Cella collaudo' }).click();
    await page.getByRole('heading', { name: t('hardware.machineGroups.settings.composition') }).waitFor();
    expect(
      await page
        .getByLabel(t('hardware.machineGroups.fields.computer'))
        .locator('option:checked')
        .textContent(),
    ).toMatch(/^Gateway collaudo \(#\d+\)$/);
    await expectAccessible(page, 'machine group settings, administrator');
    await page
      .getByLabel(t('hardware.machineGroups.fields.location'), { exact: true })
      .fill('Collaudo finale');
    await page.getByRole('button', { name: t('hardware.machineGroups.settings.saveGeneral') }).click();
    const saved = toast(page, 'Impostazioni generali aggiornate correttamente');
    await saved.waitFor();
    // The same message is never on screen twice: dismissed (a click), so that the second save's own can be seen.
    await saved.click();
    await saved.waitFor({ state: 'detached' });
    await page
      .getByLabel(t('hardware.machineGroups.fields.firmware'))
      .selectOption({ label: t('hardware.machineGroups.firmware.unknown') });
    await page.getByRole('button', { name: t('hardware.machineGroups.settings.saveGeneral') }).click();
    await saved.waitFor();

    await page
      .getByLabel(t('hardware.machineGroups.fields.machine'))
      .selectOption({ label: 'Modix BIG-60 V4' });
    await page.getByRole('button', { name: t('hardware.machineGroups.settings.saveComposition') }).click();
    await toast(page, 'Composizione aggiornata correttamente').waitFor();
    await page
      .getByRole('heading', { level: 1 })
      .getByRole('img', { name: t('hardware.machineGroups.icons.printer') })
      .waitFor();

    // Moved to another business, the group takes its controller along.
    await page
      .getByRole('combobox', { name: t('hardware.machineGroups.fields.business') })
      .selectOption({ label: 'Officine Adriatiche S.p.A.' });
    await page.getByRole('button', { name: t('hardware.machineGroups.settings.saveBusiness') }).click();
    await toast(page, 'Azienda aggiornata correttamente').waitFor();
    await page.getByRole('button', { name: t('hardware.machineGroups.settings.saveComposition') }).waitFor();
    expect(
      await page
        .getByRole('combobox', { name: t('hardware.machineGroups.fields.business') })
        .locator('option:checked')
        .textContent(),
    ).toBe('Officine Adriatiche S.p.A.');
    expect(
      await page
        .getByLabel(t('hardware.machineGroups.fields.computer'))
        .locator('option:checked')
        .textContent(),
    ).toMatch(/^Gateway collaudo \(#\d+\)$/);
  });

  it('shows a technician the general settings of an assigned machine group but no composition', async () => {
    const page = await open();
    await signIn(page, 'tech@demo.test', { at: null });
    const id = await groupId(page, 'Prusa linea 1');
    await page.goto(`/it/machines/${id}/settings`);
    await page.getByRole('heading', { name: t('hardware.machineGroups.settings.general') }).waitFor();
    await page.getByRole('cell', { name: 'Tiziana Tecnico' }).waitFor();
    expect(await page.getByLabel(t('hardware.machineGroups.fields.name'), { exact: true }).inputValue()).toBe(
      'Prusa linea 1',
    );
    expect(
      await page.getByRole('heading', { name: t('hardware.machineGroups.settings.composition') }).count(),
    ).toBe(0);
    expect(
      await page.getByRole('heading', { name: t('hardware.machineGroups.settings.business') }).count(),
    ).toBe(0);
    expect(await page.getByLabel(t('hardware.machineGroups.fields.firmware')).count()).toBe(0);
    expect(await page.getByLabel(t('hardware.machineGroups.fields.machine')).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Rimuovi accesso/ }).count()).toBe(0);
    await expectAccessible(page, 'machine group settings, technician');

    await page
      .getByLabel(t('hardware.machineGroups.fields.description'))
      .fill('Staffe in PETG, turno di notte');
    await page.getByRole('button', { name: t('hardware.machineGroups.settings.saveGeneral') }).click();
    await toast(page, 'Impostazioni generali aggiornate correttamente').waitFor();

    // A machine group the technician does not see (another business's) is not found, at its own address.
    const admin = await open();
    await signIn(admin, 'admin@demo.test');
    const hidden = await groupId(admin, 'Cella pallet B');
    await page.goto(`/it/settings/machine-group/${hidden}`);
    await page.getByRole('heading', { level: 1, name: t('notFound.record.machine') }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/it/settings/machine-group/${hidden}`);
  });

  it('lets a manager remove a user’s access to a machine group of their business, after confirming', async () => {
    const page = await open();
    await signIn(page, 'manager@demo.test');
    const id = await groupId(page, 'Prusa linea 2');
    await page.goto(`/it/settings/machine-group/${id}`);
    const remove = page.getByRole('button', {
      name: t('hardware.machineGroups.users.removeFor', { name: 'Carlo Cliente' }),
    });
    await remove.click();
    const confirm = page.getByRole('dialog', { name: t('hardware.machineGroups.users.confirmTitle') });
    await confirm
      .getByText(
        t('hardware.machineGroups.users.confirmText', { name: 'Carlo Cliente', group: 'Prusa linea 2' }),
      )
      .waitFor();
    await expectAccessible(page, 'remove access confirmation');
    await confirm.getByRole('button', { name: t('hardware.machineGroups.users.remove') }).click();
    await toast(page, 'Gruppo macchina rimosso con successo').waitFor();
    await page.getByText(t('hardware.machineGroups.users.empty')).waitFor();
  });

  it('counts the user’s machine groups on the dashboard and links to the machines', async () => {
    const page = await open();
    await signIn(page, 'tech@demo.test');
    const { total } = await apiGet<{ total: number }>(page, '/api/v1/machinegroup?pageSize=1');
    expect(total).toBeGreaterThan(0);
    const card = page
      .locator('.card')
      .filter({ has: page.getByRole('heading', { name: t('hardware.dashboard.title') }) });
    const count = card.getByTestId('machine-count');
    await count.waitFor();
    expect(await count.innerText()).toBe(`${total} ${total === 1 ? 'macchina' : 'macchine'}`);
    await expectAccessible(page, 'dashboard with the machines card');
    expect(await card.getByRole('link', { name: t('hardware.dashboard.open') }).getAttribute('href')).toBe(
      '/it/machines',
    );
  });

  it('shows a missing controller and a missing machine group as not found, at their addresses', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test', { at: '/it/settings/computer-controller/999999' });
    await page.getByRole('heading', { name: t('notFound.record.controller') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/it/settings/computer-controller/999999');
    await page.goto('/it/settings/machine-group/abc');
    await page.getByRole('heading', { name: t('notFound.record.machine') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/it/settings/machine-group/abc');
  });

  it('passes the accessibility check on every hardware screen in the light theme too', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test');
    await page.getByRole('switch', { name: t('theme.dark') }).click();
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
    await page
      .getByRole('heading', { name: t('hardware.controllers.page.title', { name: 'Magazzino' }) })
      .waitFor();
    await page.getByLabel(t('hardware.controllers.fields.license')).waitFor();
    await expectAccessible(page, 'computer controller page, light');

    await page.goto(`/it/settings/machine-group/${await groupId(page, 'Cella pallet B')}`);
    await page.getByRole('heading', { name: t('hardware.machineGroups.settings.composition') }).waitFor();
    await expectAccessible(page, 'machine group settings, light');
  });

  it('hands over the files that set up a gateway, and turns from waiting to connected when it dials in', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test');
    const controllers = await apiGet<{ items: Named[] }>(page, '/api/v1/controller/computer?pageSize=200');
    const spare = controllers.items.find((item) => item.name === 'Gateway OA di scorta');
    if (!spare) throw new Error('no spare demo controller');
    await page.goto(`/it/settings/computer-controller/${spare.id}`);
    const presence = page.getByTestId('gateway-presence');
    expect(await presence.innerText()).toBe(t('hardware.controllers.presence.disconnected'));

    const generate = page.getByRole('button', {
      name: new RegExp(
        `^(${t('hardware.controllers.key.generate')}|${t('hardware.controllers.key.regenerate')})$`,
      ),
    });
    await generate.click();
    const confirm = page.getByRole('dialog', { name: t('hardware.controllers.key.confirmTitle') });
    if (await confirm.isVisible())
      await confirm.getByRole('button', { name: t('hardware.controllers.key.confirm') }).click();
    const keyDialog = page.getByRole('dialog', { name: t('hardware.controllers.key.dialogTitle') });
    const key = await keyDialog.getByLabel(t('hardware.controllers.key.label')).inputValue();
    // A modal on a desktop like every dialog, not a full-screen overlay.
    const box = await keyDialog.locator('.modal-content').boundingBox();
    expect(box?.width).toBeLessThan(1000);
    const config = JSON.parse(await keyDialog.getByLabel('config.json').inputValue());
    expect(config).toMatchObject({ controller: spare.id });
    expect(JSON.stringify(config)).not.toContain(key);
    expect(await keyDialog.getByLabel(t('hardware.controllers.setup.commands')).inputValue()).not.toContain(
      key,
    );
    const [secrets] = await Promise.all([
      page.waitForEvent('download'),
      keyDialog.getByRole('button', { name: 'secrets.env' }).click(),
    ]);
    expect(await readFile(await secrets.path(), 'utf8')).toBe(`PORTAL_GATEWAY_KEY=${key}\n`);
    await keyDialog.getByText(t('hardware.controllers.setup.waiting')).waitFor();
    await expectAccessible(page, 'gateway set-up dialog');

    // The installer's gateway, set up with the downloaded settings and key, dials in.
    const board = await startBoard();
    const { logLevel: _cliOnly, ...settings } = config;
    const gateway = startGateway({ ...settings, key, board: board.url });
    try {
      await keyDialog.getByText(t('hardware.controllers.setup.connected')).waitFor({ timeout: 20_000 });
      await keyDialog
        .getByRole('button', { name: t('common.close') })
        .first()
        .click();
      await expect
        .poll(() => presence.innerText(), { timeout: 20_000 })
        .toBe(t('hardware.controllers.presence.connected'));
    } finally {
      await gateway.close();
      await board.close();
    }
  });

  it('shows what the gateway reports, and how to update a gateway older than the portal supports', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test');
    const controllers = await apiGet<{ items: Named[] }>(page, '/api/v1/controller/computer?pageSize=200');
    const warehouse = controllers.items.find((item) => item.name === 'Magazzino');
    if (!warehouse) throw new Error('no demo controller Magazzino');
    const { key } = await apiPost<{ key: string }>(page, `/api/v1/controller/computer/${warehouse.id}/key`);
    const portalUrl = await page.evaluate(() => window.location.origin);

    const board = await startBoard({ firmware: '3.5', release: '3.5.2' });
    board.advance(BOOT_MS);
    const gateway = startGateway({ server: portalUrl, controller: warehouse.id, key, board: board.url });
    const fact = (testId: string) => page.getByTestId(testId);
    try {
      await page.goto(`/it/settings/computer-controller/${warehouse.id}`);
      // The page asks again every 10 s; the gateway reports at once and again when it knows the firmware.
      await expect
        .poll(() => fact('gateway-firmware').innerText(), { timeout: 25_000 })
        .toBe('RepRapFirmware 3.5.2');
      expect(await fact('gateway-version').innerText()).toBe(GATEWAY_PACKAGE.version);
      expect(await fact('gateway-uptime').innerText()).toMatch(
        new RegExp(`^(${t('hardware.controllers.presence.uptimeUnderMinute')}|\\d+ min)$`),
      );
      expect(await fact('gateway-latency').innerText()).toMatch(/^\d+(,\d)? ms$/);
      expect(await fact('gateway-last-seen').innerText()).not.toBe(t('hardware.controllers.presence.never'));
      expect(await fact('gateway-outdated').count()).toBe(0);
    } finally {
      await gateway.close();
      await board.close();
    }

    // A gateway installed long ago dials in: the page says it is outdated and how to update it.
    const old = await dialReportingGateway(portalUrl, warehouse.id, key, {
      version: '0.0.1',
      uptimeSeconds: 3 * 86_400 + 4 * 3_600,
      board: {
        reachable: true,
        firmware: { name: 'RepRapFirmware', version: '3.4.6', dsfVersion: '3.4.6' },
        latencyMs: 12.5,
      },
    });
    try {
      const outdated = fact('gateway-outdated');
      await outdated.waitFor({ timeout: 25_000 });
      expect(await fact('gateway-version').innerText()).toMatch(
        new RegExp(`^0\\.0\\.1\\s*${t('hardware.controllers.presence.outdatedBadge')}$`),
      );
      expect(await fact('gateway-firmware').innerText()).toBe('RepRapFirmware 3.4.6 / DSF 3.4.6');
      expect(await fact('gateway-uptime').innerText()).toBe('3 g 4 h');
      expect(await fact('gateway-latency').innerText()).toBe('12,5 ms');
      const text = await outdated.innerText();
      expect(text).toContain(
        t('hardware.controllers.presence.outdated', { version: '0.0.1', minimum: MINIMUM_GATEWAY_VERSION }),
      );
      expect(text).toContain(`sudo apt install ./portal-gateway_${MINIMUM_GATEWAY_VERSION}_all.deb`);
      expect(text).toContain(`sudo npm install -g portal-gateway-${MINIMUM_GATEWAY_VERSION}.tgz`);
      await expectAccessible(page, 'computer controller page with an outdated gateway');
    } finally {
      await old.close();
    }
  });
});
