import type { Language, Page as ListPage, MachineGroup, ServiceSession, User } from '@portal/contract';
import { Role } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { location, signIn } from '../test-kit/browser-session.ts';
import { type CatalogKey, t, tEn } from '../test-kit/catalog.ts';
import { api, logIn as apiLogIn, type Session } from '../test-kit/portal-api.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal({}, { demoFleet: true });

/** Each point runs on a desktop in Italian and on a phone in English. */
const SCREENS = [
  { name: 'desktop, Italian', lang: 'it', viewport: { width: 1440, height: 900 } },
  { name: 'phone, English', lang: 'en', viewport: { width: 390, height: 844 } },
] as const satisfies readonly { name: string; lang: Language; viewport: { width: number; height: number } }[];

const text = (lang: Language, key: CatalogKey, values?: Record<string, unknown>) =>
  lang === 'it' ? t(key, values) : tEn(key, values);

/** A demo group of business A (Officine Adriatiche), online (apps/server/src/demo/demo-machines.ts). */
const MACHINE = 'Prusa linea 1';
/** A demo group whose licence has ended, seen by tech@ and customer@. */
const EXPIRED = 'Voron prototipi';
/** How long a screen may take to show what the server already answered. */
const SETTLE = { timeout: 10_000 };

/** The error toasts on screen (a red "Error" toast). */
const errorToasts = (page: Page, lang: Language): Locator =>
  page
    .getByTestId('toast-area')
    .getByRole('alert')
    .filter({ hasText: text(lang, 'toast.error') });

async function portalOf(page: Page): Promise<{ url: string }> {
  return { url: new URL((await page.request.get('/readyz')).url()).origin };
}

async function groupNamed(portal: { url: string }, admin: Session, name: string): Promise<MachineGroup> {
  const groups = await api<ListPage<MachineGroup>>(portal, admin, 'GET', '/api/v1/machinegroup?pageSize=200');
  const group = groups.items.find((candidate) => candidate.name === name);
  if (!group) throw new Error(`no machine group ${name}`);
  return group;
}

describe('an error', () => {
  for (const screen of SCREENS) {
    it(`is shown once, however often it happens while on screen (${screen.name})`, async () => {
      const { lang } = screen;
      const page = await open(screen.viewport);
      await page.goto(`/${lang}/login`);
      await page.getByLabel(text(lang, 'login.email')).fill('customer2@demo.test');
      await page.getByLabel(text(lang, 'login.password'), { exact: true }).fill('Wrong1234!');
      const submit = page.getByRole('button', { name: text(lang, 'login.submit'), exact: true });
      const refused = errorToasts(page, lang).filter({ hasText: text(lang, 'errors.INVALID_CREDENTIALS') });
      await submit.click();
      await refused.waitFor();
      // The pointer holds the toast while the same refusal comes again.
      await refused.hover();
      await submit.click();
      await expect.poll(() => submit.isEnabled(), SETTLE).toBe(true);
      await page.waitForTimeout(500);
      expect(await refused.count()).toBe(1);
      await expectAccessible(page, 'the login page with one error toast');
    });
  }
});

describe('a record that is not there', () => {
  for (const screen of SCREENS) {
    it(`has its own page at its own address, with the way back, and no toast (${screen.name})`, async () => {
      const { lang } = screen;
      const page = await open(screen.viewport);
      const portal = await portalOf(page);
      const admin = await apiLogIn(portal, 'admin@demo.test');
      // A machine of business A, which customer2@ (business B) may not see: the same page as a missing one.
      const forbidden = (await groupNamed(portal, admin, MACHINE)).id;
      await signIn(page, 'customer2@demo.test', { at: null });
      for (const [address, kind, back] of [
        [`/${lang}/machines/999999`, 'machine', 'toMachines'],
        [`/${lang}/machines/${forbidden}`, 'machine', 'toMachines'],
        [`/${lang}/machines/${forbidden}/files`, 'machine', 'toMachines'],
        [`/${lang}/machines/${forbidden}/settings`, 'machine', 'toMachines'],
        [`/${lang}/tickets/999999`, 'ticket', 'toTickets'],
      ] as const) {
        await page.goto(address);
        const notFound = page.getByTestId('record-not-found');
        await notFound
          .getByRole('heading', { level: 1, name: text(lang, `notFound.record.${kind}`) })
          .waitFor();
        expect(location(page)).toBe(address);
        await notFound.getByRole('link', { name: text(lang, `notFound.record.${back}`) }).waitFor();
        await notFound.getByRole('link', { name: text(lang, 'notFound.toDashboard') }).waitFor();
        expect(await errorToasts(page, lang).count(), address).toBe(0);
      }
      await expectAccessible(page, 'a ticket that is not there');
      await page
        .getByTestId('record-not-found')
        .getByRole('link', { name: text(lang, 'notFound.record.toTickets') })
        .click();
      await page.waitForURL(new RegExp(`/${lang}/tickets$`));
    });
  }

  it('names a user or controller that is not there to an administrator, with the way to its list', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test', { at: '/it/settings/users/999999' });
    const user = page.getByTestId('record-not-found');
    await user.getByRole('heading', { name: t('notFound.record.user') }).waitFor();
    expect(location(page)).toBe('/it/settings/users/999999');
    await page.goto('/it/settings/computer-controller/999999');
    await page.getByRole('heading', { name: t('notFound.record.controller') }).waitFor();
    await page.getByRole('link', { name: t('notFound.record.toControllers') }).click();
    await page.waitForURL(/\/it\/settings#computercontrollers$/);
  });
});

describe('an ended or ending licence', () => {
  for (const screen of SCREENS) {
    it(`keeps the machine's state on its page and asks for a renewal as a ticket (${screen.name})`, async () => {
      const { lang } = screen;
      const page = await open(screen.viewport);
      await signIn(page, 'tech@demo.test', { at: null });
      const portal = await portalOf(page);
      const group = await groupNamed(portal, await apiLogIn(portal, 'admin@demo.test'), EXPIRED);
      await page.goto(`/${lang}/machines/${group.id}`);
      const closed = page.getByTestId('license-closed');
      await closed.waitFor();
      // The page keeps the machine's live summary, read only: no frame and no webcam.
      await page
        .getByRole('region', { name: text(lang, 'machinePanel.summary', { name: EXPIRED }) })
        .waitFor();
      expect(await page.locator('iframe').count()).toBe(0);
      await expectAccessible(page, 'machine with an ended licence');
      await closed.getByRole('button', { name: text(lang, 'machinePanel.license.requestRenewal') }).click();
      await page.waitForURL(new RegExp(`/${lang}/tickets/\\d+$`));
      // Asked in Italian first: the English request finds the same open ticket, titled as it was asked.
      await page.getByRole('heading', { name: `Rinnovo licenza: ${EXPIRED}` }).waitFor();
      expect(await errorToasts(page, lang).count()).toBe(0);
      await expectAccessible(page, 'the licence renewal ticket');
    });
  }

  it('is not offered to administrators, who renew the licence themselves', async () => {
    const page = await open();
    await signIn(page, 'admin@demo.test', { at: null });
    const portal = await portalOf(page);
    const group = await groupNamed(portal, await apiLogIn(portal, 'admin@demo.test'), EXPIRED);
    await page.goto(`/it/machines/${group.id}`);
    await page
      .getByTestId('license-closed')
      .getByRole('link', { name: t('machinePanel.license.renew') })
      .waitFor();
    expect(await page.getByRole('button', { name: t('machinePanel.license.requestRenewal') }).count()).toBe(
      0,
    );
  });
});

/** The operator's technician the test makes: outside business A, so remote control needs consent. */
const TECHNICIAN = {
  email: 'tecnico.vicoli@demo.test',
  name: 'Tito',
  surname: 'Vicoli',
  password: 'Vicoli1234!',
};

describe('remote service from the control panel', () => {
  for (const [index, screen] of SCREENS.entries()) {
    it(`asks for a session from the consent refusal, and covers the panel when it ends (${screen.name})`, async () => {
      const { lang } = screen;
      const technician = await open(screen.viewport);
      const portal = await portalOf(technician);
      const [admin, manager] = await Promise.all([
        apiLogIn(portal, 'admin@demo.test'),
        apiLogIn(portal, 'manager@demo.test'),
      ]);
      const group = await groupNamed(portal, admin, MACHINE);
      if (index === 0) {
        // Set-up once: consent on for business A, a technician of the operator assigned the machine.
        const admins = await api<ListPage<User>>(portal, admin, 'GET', '/api/v1/users?q=admin%40demo.test');
        const operator = admins.items.find((user) => user.email === 'admin@demo.test')?.business;
        const user = await api<User>(portal, admin, 'POST', '/api/v1/users', {
          business: operator,
          email: TECHNICIAN.email,
          name: TECHNICIAN.name,
          surname: TECHNICIAN.surname,
          password: TECHNICIAN.password,
          role: Role.Technician,
          enabled: true,
        });
        await api(portal, admin, 'POST', `/api/v1/users/${user.id}/machines`, { machine: group.id });
        await api(portal, manager, 'PUT', `/api/v1/business/${group.business}/service-consent`, {
          required: true,
        });
      }
      await signIn(technician, TECHNICIAN.email, { password: TECHNICIAN.password, at: null });
      await technician.goto(`/${lang}/machines/${group.id}`);

      // 1. The refusal says why, once (no error toast besides), and offers the request right there.
      const refused = technician.getByTestId('panel-service-session-required');
      await refused.getByText(text(lang, 'errors.SERVICE_SESSION_REQUIRED')).waitFor();
      expect(await errorToasts(technician, lang).count()).toBe(0);
      await refused.getByRole('button', { name: text(lang, 'serviceSessions.fromPanel.open') }).click();
      const dialog = technician.getByTestId('panel-service-request');
      const ticketChoice = dialog.getByLabel(text(lang, 'serviceSessions.fromPanel.ticket'));
      const submit = dialog.getByRole('button', { name: text(lang, 'serviceSessions.request.submit') });
      // The open tickets about the machine are read first.
      await expect.poll(() => submit.isEnabled(), SETTLE).toBe(true);
      if (index === 0) {
        // The technician writes a new ticket: its title is written for them.
        await ticketChoice.selectOption({ label: text(lang, 'serviceSessions.fromPanel.newTicket') });
        expect(await dialog.getByLabel(text(lang, 'tickets.fields.title')).inputValue()).toBe(
          text(lang, 'serviceSessions.fromPanel.defaultTitle', { machine: MACHINE }),
        );
        await dialog.getByLabel(text(lang, 'tickets.fields.description')).fill('Controllo del firmware');
      } else {
        // The ticket written before is open: an open ticket is offered first, no new one to write.
        expect(await ticketChoice.inputValue()).not.toBe('0');
        expect(await dialog.getByLabel(text(lang, 'tickets.fields.title')).count()).toBe(0);
      }
      await dialog.getByLabel(text(lang, 'serviceSessions.request.reason')).fill('Firmware check');
      await expectAccessible(technician, 'the service session request from the panel');
      await submit.click();
      await dialog.waitFor({ state: 'detached' });
      await refused.getByTestId('panel-service-request-pending').waitFor();

      // The business accepts; the technician's panel opens.
      const requested = await api<ServiceSession[]>(
        portal,
        manager,
        'GET',
        `/api/v1/service-sessions?controller=${group.computer}&open=true`,
      );
      const session = requested.find((candidate) => candidate.requester?.name === TECHNICIAN.name);
      if (!session) throw new Error('the request did not reach the business');
      expect(session.ticket).not.toBeNull();
      await api(portal, manager, 'POST', `/api/v1/service-sessions/${session.id}/decision`, { accept: true });
      await technician.reload();
      await technician.getByTestId('remote-control-now').waitFor();
      await technician.locator('iframe').waitFor();

      // 2. The manager ends it: the frame goes, covered by who ended it and when; the banner goes with it.
      const ended = await api<ServiceSession>(
        portal,
        manager,
        'POST',
        `/api/v1/service-sessions/${session.id}/end`,
      );
      const cover = technician.getByTestId('panel-session-ended');
      await cover.waitFor({ timeout: 5000 });
      const endedBy = `${ended.endedBy?.name} ${ended.endedBy?.surname}`.trim();
      await cover.getByRole('heading', { name: text(lang, 'serviceSessions.panelEnded.title') }).waitFor();
      expect(await cover.innerText()).toMatch(
        new RegExp(
          text(lang, 'serviceSessions.panelEnded.endedBy', {
            name: endedBy,
            // The date as the reader's language writes it, then the time of day.
            time: '\\S.*\\d:\\d\\d',
          }),
        ),
      );
      expect(await technician.locator('iframe').count()).toBe(0);
      await technician.getByTestId('remote-control-now').waitFor({ state: 'detached', timeout: 5000 });
      // The cover stays: no frame comes back to retry.
      await technician.waitForTimeout(2500);
      expect(await technician.locator('iframe').count()).toBe(0);
      await cover
        .getByRole('link', { name: text(lang, 'serviceSessions.now.ticket', { id: session.ticket }) })
        .waitFor();
      expect(await errorToasts(technician, lang).count()).toBe(0);
      await expectAccessible(technician, 'the control panel after its session ended');
    });
  }
});
