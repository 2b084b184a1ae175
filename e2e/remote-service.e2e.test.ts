import type { Page as ListPage, MachineGroup, User } from '@portal/contract';
import { Role } from '@portal/contract';
import type { Frame, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { api, logIn as apiLogIn } from '../test-kit/portal-api.ts';
import { expectAccessible } from './support/a11y.ts';
import { waitForMail } from './support/outbox.ts';
import { usePortal } from './support/suite.ts';

const { open, dataDir } = usePortal({}, { demoFleet: true });

/** A demo group of business A (Officine Adriatiche), online and printing (apps/server/src/demo/demo-machines.ts). */
const MACHINE = 'Prusa linea 1';
/** The operator's technician the test makes: outside business A, so remote control needs consent. */
const TECHNICIAN = {
  email: 'tecnico.esterno@demo.test',
  name: 'Ettore',
  surname: 'Esterno',
  password: 'Esterno1234!',
};
const TECHNICIAN_NAME = `${TECHNICIAN.name} ${TECHNICIAN.surname}`;
/** The demo manager of business A, who ends the session. */
const MANAGER_NAME = 'Marco Manager';
const REASON = 'Verifica del firmware dopo il distacco della stampa';
const COMMENT = 'Va bene, la macchina è ferma fino a domani';
/** What the technician sends through the panel's console: read-only, with a reply that says it reached the board. */
const GCODE = 'M115';
/** How soon after an end the open panel must be refused (the server forgets grants and closes sockets at once). */
const END_WITHIN_MS = 2000;
/** How long a screen may take to show what the server already answered (expect.poll waits 1 s by default). */
const SETTLE = { timeout: 10_000 };

const toast = (page: Page, text: string): Locator =>
  page.getByTestId('toast-area').getByRole('alert').filter({ hasText: text });

/** Waits for a toast and clicks it away, so the next one is not confused with it. */
async function dismissToast(page: Page, text: string): Promise<void> {
  const shown = toast(page, text);
  await shown.waitFor();
  await shown.click();
  await shown.waitFor({ state: 'detached' });
}

const panelFrame = (page: Page) =>
  page.frameLocator(`iframe[title="${t('machinePanel.panel.frameTitle', { name: MACHINE })}"]`);

/** The control panel's frame itself (on the machine origin), to run requests from the page the way it does. */
function boardFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.url().includes('/proxy/duet/'));
  if (!frame) throw new Error('no control panel frame');
  return frame;
}

/** A request of the board's API from inside the frame (the machine origin, with its cookie): status and body. */
const fromFrame = (frame: Frame, target: string) =>
  frame.evaluate(async (target) => {
    const response = await fetch(target);
    return { status: response.status, body: await response.text() };
  }, target);

/** The consent switch on the Data tab of the business page. */
const consentSwitch = (page: Page): Locator =>
  page.getByTestId('service-consent').getByRole('switch', { name: t('serviceSessions.consent.required') });

describe('remote service with the customer’s consent', () => {
  // One journey of two people (about 40 s on a quiet machine), within the project's guard for e2e tests.
  it('asks, accepts, controls, logs and ends a service session, and the open panel stops at once', async () => {
    // Context A is the manager of business A, context B the operator's technician; the portal's address is the
    // contexts' base address.
    const [manager, technician] = await Promise.all([open(), open()]);
    const portal = { url: new URL((await manager.request.get('/readyz')).url()).origin };

    // 1. Set-up through the API: a technician of the operator's business, assigned the machine; a customer's ticket.
    const [admin, customer] = await Promise.all([
      apiLogIn(portal, 'admin@demo.test'),
      apiLogIn(portal, 'customer@demo.test'),
    ]);
    const [admins, groups] = await Promise.all([
      api<ListPage<User>>(portal, admin, 'GET', '/api/v1/users?q=admin%40demo.test'),
      api<ListPage<MachineGroup>>(portal, admin, 'GET', '/api/v1/machinegroup?pageSize=200'),
    ]);
    const operator = admins.items.find((user) => user.email === 'admin@demo.test')?.business;
    const group = groups.items.find((candidate) => candidate.name === MACHINE);
    if (operator === undefined || !group) throw new Error(`no admin@demo.test or no ${MACHINE}`);
    expect(group.business, 'the machine is another business’s than the technician’s').not.toBe(operator);
    const [technicianUser, { id: ticket }] = await Promise.all([
      api<User>(portal, admin, 'POST', '/api/v1/users', {
        business: operator,
        email: TECHNICIAN.email,
        name: TECHNICIAN.name,
        surname: TECHNICIAN.surname,
        password: TECHNICIAN.password,
        role: Role.Technician,
        enabled: true,
      }),
      api<{ id: number }>(portal, customer, 'POST', '/api/v1/tickets', {
        title: 'La stampa si stacca ancora',
        machine: group.id,
        content: 'Potete controllare la macchina da remoto?',
      }),
    ]);
    // Technicians see the machine groups assigned to them, and the tickets about them.
    await api(portal, admin, 'POST', `/api/v1/users/${technicianUser.id}/machines`, { machine: group.id });

    await Promise.all([
      signIn(manager, 'manager@demo.test'),
      signIn(technician, TECHNICIAN.email, { password: TECHNICIAN.password }),
    ]);

    // 2. The manager turns consent on, on the business page's Data tab.
    await manager.goto(`/it/business/${group.business}`);
    await expect.poll(() => consentSwitch(manager).isEnabled(), SETTLE).toBe(true);
    expect(await consentSwitch(manager).isChecked()).toBe(false);
    // The switch follows the saved setting: it moves once the server has answered (hence click, not check).
    await consentSwitch(manager).click();
    await dismissToast(manager, t('serviceSessions.consent.savedOn'));
    expect(await consentSwitch(manager).isChecked()).toBe(true);

    // The technician's control panel is refused, in words.
    await technician.goto(`/it/machines/${group.id}`);
    await technician.getByRole('heading', { level: 1, name: MACHINE }).waitFor();
    const refused = technician.getByTestId('panel-service-session-required');
    await refused.getByText(t('errors.SERVICE_SESSION_REQUIRED')).waitFor();
    expect(await technician.locator('iframe').count()).toBe(0);
    expect(await technician.getByTestId('remote-control-now').count()).toBe(0);

    // 3. The technician asks for a session from the customer's ticket.
    await technician.goto(`/it/tickets/${ticket}`);
    const technicianCard = technician.getByTestId('remote-service');
    await technicianCard.getByText(t('serviceSessions.empty')).waitFor();
    const form = technicianCard.getByTestId('service-request-form');
    await form.getByLabel(t('serviceSessions.request.reason')).fill(REASON);
    await form.getByLabel(t('serviceSessions.request.duration')).selectOption({
      label: t('serviceSessions.hours', { count: 2 }),
    });
    await form.getByRole('button', { name: t('serviceSessions.request.submit') }).click();
    await dismissToast(technician, t('serviceSessions.toasts.requested'));
    const requested = technicianCard.getByTestId('service-session');
    await expect.poll(() => requested.getAttribute('data-state'), SETTLE).toBe('requested');
    expect(await requested.getByTestId('service-session-requester').innerText()).toContain(TECHNICIAN_NAME);
    await technicianCard.getByTestId('service-request-pending').waitFor();
    expect(await technicianCard.getByTestId('service-request-form').count()).toBe(0);

    // The request reached the manager by mail, with its reason and a link to the ticket.
    // The manager also got the mail of their consent change: every change is mailed to the business's managers.
    const consentMail = await waitForMail(
      dataDir(),
      'manager@demo.test',
      undefined,
      'Consenso per l’assistenza remota attivato',
    );
    expect(consentMail.link.pathname).toBe(`/it/business/${group.business}`);
    const requestMail = await waitForMail(
      dataDir(),
      'manager@demo.test',
      undefined,
      'Richiesta di assistenza remota',
    );
    expect(requestMail.subject).toBe('Richiesta di assistenza remota');
    expect(requestMail.text).toContain(TECHNICIAN_NAME);
    expect(requestMail.text).toContain(`Motivo: ${REASON}`);
    expect(requestMail.link.pathname).toBe(`/it/tickets/${ticket}`);

    // 4. The manager's shell says a request awaits a decision (read on load); its link opens the ticket.
    await manager.reload();
    const banner = manager.getByTestId('service-requests-banner');
    await banner.getByText(t('serviceSessions.banner.text', { count: 1 })).waitFor();
    await banner.getByRole('link', { name: t('serviceSessions.banner.ticket', { id: ticket }) }).click();
    await manager.waitForURL(new RegExp(`/it/tickets/${ticket}$`));
    const managerCard = manager.getByTestId('remote-service');
    await managerCard.getByTestId('service-session').getByText(REASON).waitFor();
    // Managers decide; they never ask.
    expect(await managerCard.getByTestId('service-request-form').count()).toBe(0);
    await managerCard.getByRole('button', { name: t('serviceSessions.actions.accept') }).click();
    const decision = manager.getByTestId('service-decision-dialog');
    await decision.getByText(REASON).waitFor();
    await decision.getByLabel(t('serviceSessions.decision.comment')).fill(COMMENT);
    await decision.getByRole('button', { name: t('serviceSessions.actions.accept') }).click();
    await dismissToast(manager, t('serviceSessions.toasts.accepted'));
    await decision.waitFor({ state: 'detached' });
    const managerSession = managerCard.getByTestId('service-session');
    await expect.poll(() => managerSession.getAttribute('data-state'), SETTLE).toBe('active');
    await managerSession.getByText(COMMENT).waitFor();
    // The banner is gone: nothing awaits the manager any more.
    await banner.waitFor({ state: 'detached' });

    // The technician learns of it by mail too.
    const acceptedMail = await waitForMail(dataDir(), TECHNICIAN.email);
    expect(acceptedMail.subject).toBe('Sessione di assistenza accettata');
    expect(acceptedMail.text).toContain(`Commento: ${COMMENT}`);

    // 5. The technician's card shows the session active, with a countdown that runs.
    await technician.reload();
    const session = technicianCard.getByTestId('service-session');
    await expect.poll(() => session.getAttribute('data-state'), SETTLE).toBe('active');
    const countdown = session.getByTestId('service-session-countdown');
    const first = await countdown.innerText();
    expect(first).toMatch(/^(01:59|02:00):\d\d$/);
    await expect.poll(() => countdown.innerText(), SETTLE).not.toBe(first);
    expect(await session.getByRole('button', { name: t('serviceSessions.actions.end') }).count()).toBe(1);

    // 6. The machine page says who has remote control, and the control panel opens.
    await technician.goto(`/it/machines/${group.id}`);
    const now = technician.getByTestId('remote-control-now');
    await now.getByRole('heading', { name: t('serviceSessions.now.title') }).waitFor();
    expect(await now.getByTestId('remote-control-now-session').innerText()).toContain(TECHNICIAN_NAME);
    await now.getByRole('link', { name: t('serviceSessions.now.ticket', { id: ticket }) }).waitFor();
    const panel = panelFrame(technician);
    await panel.getByRole('heading', { name: 'Heaters' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => panel.locator('#machine-name').textContent(), { timeout: 20_000 }).toBe(MACHINE);
    await panel.getByRole('textbox', { name: 'G-code' }).fill(GCODE);
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => panel.locator('#console-log li.reply').allTextContents(), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining('FIRMWARE_NAME: RepRapFirmware'));
    expect(await panel.locator('#console-log li.error').count()).toBe(0);

    // 7. The code is in the ticket's session log, under the technician's name, beside the request and the decision.
    await manager.reload();
    const log = manager.getByTestId('session-log');
    const gcodeEntry = log.locator('[data-testid="session-log-entry"][data-kind="board.gcode"]');
    await expect.poll(() => gcodeEntry.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => gcodeEntry.first().innerText(), SETTLE).toContain(TECHNICIAN_NAME);
    expect(await gcodeEntry.first().innerText()).toContain(GCODE);
    expect(await gcodeEntry.first().innerText()).toContain(t('activity.kinds.board.gcode'));
    const kinds = await log
      .getByTestId('session-log-entry')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')));
    expect(kinds).toEqual(
      expect.arrayContaining(['serviceSession.request', 'serviceSession.decide', 'board.gcode']),
    );

    // … and on the machine's Activity page.
    await manager.goto(`/it/machines/${group.id}/activity`);
    const activityRow = manager
      .getByRole('table', { name: t('activity.caption') })
      .getByRole('row')
      .filter({ hasText: TECHNICIAN_NAME })
      .filter({ hasText: t('activity.kinds.board.gcode') })
      .filter({ hasText: GCODE });
    await activityRow.first().waitFor();

    // 8. The manager ends the session; the technician's open panel is refused within a moment. The page's own
    // reading of the sessions is held back until the frame's refusals are checked: once it reads the end, it takes
    // the frame down.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await technician.route('**/api/v1/service-sessions?*', async (route) => {
      await held;
      await route.continue();
    });
    await manager.goto(`/it/tickets/${ticket}`);
    const active = manager.getByTestId('remote-service').getByTestId('service-session');
    await active.getByRole('button', { name: t('serviceSessions.actions.end') }).click();
    const confirm = manager.getByRole('dialog', { name: t('serviceSessions.end.title') });
    const frame = boardFrame(technician);
    // The panel is still working before the end: its reads answer.
    expect((await fromFrame(frame, 'rr_model?key=state.status&flags=d99fn')).status).toBe(200);
    const endedAt = Date.now();
    await confirm.getByRole('button', { name: t('serviceSessions.actions.end') }).click();
    await expect
      .poll(async () => (await fromFrame(frame, 'rr_model?key=state.status&flags=d99fn')).status, {
        timeout: END_WITHIN_MS,
        interval: 100,
      })
      .toBe(403);
    expect(Date.now() - endedAt).toBeLessThan(END_WITHIN_MS + 500);
    // A change is refused as well, and says why.
    const refusedCode = await fromFrame(frame, `rr_gcode?gcode=${encodeURIComponent(GCODE)}`);
    expect(refusedCode.status).toBe(403);
    expect(refusedCode.body).toContain('SERVICE_SESSION_REQUIRED');
    // The page learns of the end: the frame is taken down (no board page left retrying), covered by who ended it.
    // Released, the hold lets every reading through at once from now on.
    release();
    const cover = technician.getByTestId('panel-session-ended');
    await cover.getByRole('heading', { name: t('serviceSessions.panelEnded.title') }).waitFor(SETTLE);
    const endedBy =
      t('serviceSessions.panelEnded.endedBy', { name: MANAGER_NAME, time: '§' }).split('§')[0] ?? '';
    expect(await cover.innerText()).toContain(endedBy);
    expect(await technician.locator('iframe').count()).toBe(0);
    await technician.getByTestId('remote-control-now').waitFor({ state: 'detached', ...SETTLE });
    await dismissToast(manager, t('serviceSessions.toasts.ended'));
    await expect.poll(() => active.getAttribute('data-state'), SETTLE).toBe('ended');

    // The machine page no longer names anyone, and a new panel is refused again.
    await technician.reload();
    await technician.getByTestId('panel-service-session-required').waitFor();
    expect(await technician.getByTestId('remote-control-now').count()).toBe(0);

    // The end is in the session log too.
    await manager.reload();
    await manager
      .getByTestId('session-log')
      .locator('[data-testid="session-log-entry"][data-kind="serviceSession.end"]')
      .waitFor();

    // 9. Consent off again: the business is as the demo made it.
    await manager.goto(`/it/business/${group.business}`);
    await expect.poll(() => consentSwitch(manager).isChecked(), SETTLE).toBe(true);
    await consentSwitch(manager).click();
    await dismissToast(manager, t('serviceSessions.consent.savedOff'));
    expect(await consentSwitch(manager).isChecked()).toBe(false);
    expect(
      await api<{ required: boolean }>(
        portal,
        admin,
        'GET',
        `/api/v1/business/${group.business}/service-consent`,
      ),
    ).toEqual({ required: false, ownerUnconfirmed: false });

    // The technician's ticket page: the ended session, the form to ask again, and the log of their own actions
    // (the business's decisions are the business's), which passes the accessibility check.
    await technician.goto(`/it/tickets/${ticket}`);
    await technician.getByTestId('remote-service').getByTestId('service-request-form').waitFor();
    await expect
      .poll(() => technician.getByTestId('service-session').getAttribute('data-state'), SETTLE)
      .toBe('ended');
    const ownLog = technician.getByTestId('session-log').getByTestId('session-log-entry');
    await ownLog.first().waitFor();
    expect(
      new Set(await ownLog.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')))),
    ).toEqual(new Set(['serviceSession.request', 'board.gcode']));
    await expectAccessible(technician, 'ticket with an ended service session');
  });
});
