import type { FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { location, signIn, storedToken } from '../test-kit/browser-session.ts';
import { t, tEn } from '../test-kit/catalog.ts';
import { expectAccessible } from './support/a11y.ts';
import { expectNoErrorBodies } from './support/error-bodies.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal({}, { demoFleet: true });

/** The id of the machine group the signed-in user sees by that name. */
async function groupId(page: Page, name: string): Promise<number> {
  const token = await storedToken(page);
  const groups = await page.evaluate(
    async ({ token, query }) => {
      const response = await fetch(`/api/v1/machinegroup?pageSize=200&q=${query}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`machine groups: HTTP ${response.status}`);
      return (await response.json()) as { items: { id: number; name: string }[] };
    },
    { token, query: encodeURIComponent(name) },
  );
  const group = groups.items.find((item) => item.name === name);
  if (!group) throw new Error(`no machine group named ${name}`);
  return group.id;
}

/** Logs in and opens the control panel of the named demo machine. */
async function openMachine(page: Page, email: string, name: string): Promise<void> {
  await signIn(page, email, { at: null });
  const id = await groupId(page, name);
  await page.goto(`/it/machines/${id}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

const panelFrame = (page: Page, name: string) =>
  page.frameLocator(`iframe[title="Pannello di controllo di ${name}"]`);

const webcam = (page: Page): Locator => page.getByRole('img', { name: t('machinePanel.webcam.alt') });

/** Waits until the webcam's `<img>` has decoded a frame of the stream. */
async function expectWebcamFrames(page: Page): Promise<void> {
  await webcam(page).waitFor();
  await expect
    .poll(() => webcam(page).evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
}

/** The board simulator's own control page, shown through the machine origin once it reaches the board. */
async function expectBoardPage(page: Page, name: string): Promise<void> {
  await panelFrame(page, name).getByRole('heading', { name: 'Heaters' }).waitFor({ timeout: 20_000 });
}

describe('the machine control panel', () => {
  it("shows the board's control page and the webcam stream to a customer", async () => {
    const page = await open();
    await openMachine(page, 'customer@demo.test', 'Prusa linea 1');
    await expectBoardPage(page, 'Prusa linea 1');
    await expect
      .poll(() => panelFrame(page, 'Prusa linea 1').locator('#status').textContent(), { timeout: 20_000 })
      .not.toBe('connecting');
    await expectWebcamFrames(page);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: t('machinePanel.webcam.lowLatency') }).count()).toBe(0);
    await expectAccessible(page, 'machine control panel');
  });

  it('gives two viewers of one machine each their own board session: both follow it and see every reply', async () => {
    // A technician and a customer with the same machine open at once, each page running Duet's own connector.
    const [technician, customer] = [await open(), await open()];
    await openMachine(technician, 'tech@demo.test', 'Prusa linea 1');
    await openMachine(customer, 'customer@demo.test', 'Prusa linea 1');
    const frames = [panelFrame(technician, 'Prusa linea 1'), panelFrame(customer, 'Prusa linea 1')];
    for (const frame of frames) {
      await frame.getByRole('heading', { name: 'Heaters' }).waitFor({ timeout: 20_000 });
      await expect
        .poll(() => frame.locator('#machine-name').textContent(), { timeout: 20_000 })
        .toBe('Prusa linea 1');
    }
    // Both follow the printing machine: its progress moves in each page.
    const progress = () => Promise.all(frames.map((frame) => frame.locator('#job-percent').textContent()));
    const before = await progress();
    await expect
      .poll(async () => (await progress()).every((percent, index) => percent !== before[index]), {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(true);

    const [sender, other] = frames as [FrameLocator, FrameLocator];
    await sender.getByRole('textbox', { name: 'G-code' }).fill('M115');
    await sender.getByRole('button', { name: 'Send' }).click();
    // The reply comes back to the page that sent the code, and, as a board gives every session every reply, once
    // to the other page too.
    for (const frame of [sender, other]) {
      await expect
        .poll(() => frame.locator('#console-log li.reply').allTextContents(), { timeout: 15_000 })
        .toEqual([expect.stringContaining('FIRMWARE_NAME: RepRapFirmware')]);
    }
    expect(await sender.locator('#console-log li.sent').allTextContents()).toEqual(['M115']);
    expect(await other.locator('#console-log li.error').count()).toBe(0);
  });

  it('gives the panel the whole width on a desktop, the webcam under it with one switch, full screen and a tab of its own', async () => {
    const page = await open({ width: 1440, height: 900 });
    await openMachine(page, 'customer@demo.test', 'Prusa linea 1');
    await expectBoardPage(page, 'Prusa linea 1');
    await expectWebcamFrames(page);
    const frame = page.locator('iframe[title="Pannello di controllo di Prusa linea 1"]');
    const [frameBox, webcamBox] = [await frame.boundingBox(), await webcam(page).boundingBox()];
    expect(frameBox?.width, 'the frame has the content width of a 1440 px page').toBeGreaterThan(1000);
    expect(webcamBox?.y ?? 0, 'the webcam stands under the panel').toBeGreaterThanOrEqual(
      (frameBox?.y ?? 0) + (frameBox?.height ?? 0),
    );
    // One webcam control, by the heading: the webcam's card has no switch of its own (customers have no
    // low-latency option either).
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await page.getByRole('button', { name: t('machinePanel.hideWebcam') }).waitFor();
    await expectAccessible(page, 'machine control panel, 1440 px');

    // Full screen: the panel's card fills the screen, its frame all the height the header leaves.
    await page.getByRole('button', { name: t('machinePanel.panel.fullscreen') }).click();
    await page.getByRole('button', { name: t('machinePanel.panel.exitFullscreen') }).waitFor();
    expect(
      await page.evaluate(() => document.fullscreenElement?.classList.contains('machine-panel-card')),
    ).toBe(true);
    await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThan(800);
    await expectBoardPage(page, 'Prusa linea 1');
    await page.getByRole('button', { name: t('machinePanel.panel.exitFullscreen') }).click();
    await page.getByRole('button', { name: t('machinePanel.panel.fullscreen') }).waitFor();
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();

    // Its own tab: the machine origin's address on a ticket of its own, the board's page there under the same rules.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: t('machinePanel.panel.newTab') }).click(),
    ]);
    await tab.getByRole('heading', { name: 'Heaters' }).waitFor({ timeout: 20_000 });
    const frameSource = new URL((await frame.getAttribute('src')) ?? '');
    const tabAddress = new URL(tab.url());
    expect(tabAddress.origin).toBe(frameSource.origin);
    expect(tabAddress.pathname).toBe(frameSource.pathname);
    expect(tabAddress.searchParams.has('ticket')).toBe(false);
    await expect.poll(() => tab.locator('#status').textContent(), { timeout: 20_000 }).not.toBe('connecting');
  });

  it('keeps the panel usable on a phone, in English: the frame full width, the webcam under it and hideable', async () => {
    const page = await open({ width: 390, height: 844 });
    await signIn(page, 'customer@demo.test', { at: null });
    const id = await groupId(page, 'Prusa linea 1');
    await page.goto(`/en/machines/${id}`);
    const frame = page.locator(
      `iframe[title="${tEn('machinePanel.panel.frameTitle', { name: 'Prusa linea 1' })}"]`,
    );
    await page
      .frameLocator(`iframe[title="${tEn('machinePanel.panel.frameTitle', { name: 'Prusa linea 1' })}"]`)
      .getByRole('heading', { name: 'Heaters' })
      .waitFor({ timeout: 20_000 });
    const image = page.getByRole('img', { name: tEn('machinePanel.webcam.alt') });
    await image.waitFor();
    const [frameBox, webcamBox] = [await frame.boundingBox(), await image.boundingBox()];
    expect(frameBox?.width, 'the frame takes the phone width but the card border').toBeGreaterThan(340);
    expect(frameBox?.height, 'the frame is tall enough to work in').toBeGreaterThan(560);
    expect(webcamBox?.y ?? 0).toBeGreaterThanOrEqual((frameBox?.y ?? 0) + (frameBox?.height ?? 0));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const name of [tEn('machinePanel.panel.fullscreen'), tEn('machinePanel.panel.newTab')]) {
      await page.getByRole('button', { name }).waitFor();
    }
    await expectAccessible(page, 'machine control panel on a phone (English)');

    // A browser that blocks the pop-up (window.open answers null): the page says so and what to do, no tab opens.
    await page.evaluate(() => {
      window.open = () => null;
    });
    const tabs = page.context().pages().length;
    await page.getByRole('button', { name: tEn('machinePanel.panel.newTab') }).click();
    const blocked = page.getByRole('alert').filter({ hasText: tEn('machinePanel.panel.newTabFailed') });
    await blocked.waitFor();
    expect(page.context().pages().length).toBe(tabs);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the blocked new tab on a phone (English)');
    await blocked.getByRole('button', { name: tEn('common.close') }).click();
    await blocked.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: tEn('machinePanel.hideWebcam') }).click();
    await image.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: tEn('machinePanel.showWebcam') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('asks after 10 minutes whether the viewer is still watching, stops 5 minutes later, and resumes', async () => {
    const page = await open();
    await page.clock.install();
    await openMachine(page, 'customer@demo.test', 'Prusa linea 1');
    await expectWebcamFrames(page);
    const question = page.getByText(t('machinePanel.webcam.stillWatching'));

    await page.clock.fastForward('10:00');
    await question.waitFor();
    // The answer starts a new 10-minute period.
    await page.getByRole('button', { name: t('machinePanel.webcam.keepWatching') }).click();
    await question.waitFor({ state: 'hidden' });
    await page.clock.fastForward('10:00');
    await question.waitFor();

    await page.clock.fastForward('05:00');
    await page.getByText(t('machinePanel.webcam.stopped')).waitFor();
    expect(await webcam(page).count()).toBe(0);
    expect(await question.count()).toBe(0);

    // Meanwhile the webcam token was renewed: the resumed stream opens with a valid one.
    await page.getByRole('button', { name: t('machinePanel.webcam.resume') }).click();
    await expectWebcamFrames(page);
  });

  it('remembers across a reload that the webcam is hidden', async () => {
    const page = await open();
    await openMachine(page, 'customer@demo.test', 'Prusa linea 1');
    await expectWebcamFrames(page);
    await page.getByRole('button', { name: t('machinePanel.hideWebcam') }).click();
    await page.getByRole('button', { name: t('machinePanel.showWebcam') }).waitFor();
    expect(await webcam(page).count()).toBe(0);

    await page.reload();
    await page.getByRole('button', { name: t('machinePanel.showWebcam') }).waitFor();
    await expectBoardPage(page, 'Prusa linea 1');
    expect(await webcam(page).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('webcam_enabled'))).toBe('false');

    await page.getByRole('button', { name: t('machinePanel.showWebcam') }).click();
    await expectWebcamFrames(page);
  });

  it('warns with the days left when the licence ends within 30 days, with the way to renew it', async () => {
    const page = await open();
    await openMachine(page, 'customer@demo.test', 'Prusa linea 2');
    const expiring = page
      .getByRole('alert')
      .filter({ hasText: /^La licenza di questa macchina scade tra \d+ giorni\./ });
    await expiring.waitFor();
    await expiring.getByRole('button', { name: t('machinePanel.license.requestRenewal') }).waitFor();
    await expectBoardPage(page, 'Prusa linea 2');
  });

  it('shows an expired licence in red and hides the controls from everyone but administrators', async () => {
    const page = await open();
    await openMachine(page, 'tech@demo.test', 'Voron prototipi');
    // The day it ended, and whom to ask for a licence (the operator's contacts).
    const closed = page.getByTestId('license-closed');
    await closed.waitFor();
    expect(await closed.getAttribute('data-license-state')).toBe('expired');
    expect(await closed.innerText()).toMatch(/scaduta il \d{4}-\d{2}-\d{2}.*Per una licenza contatta /s);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await webcam(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: t('machinePanel.hideWebcam') }).count()).toBe(0);
    await expectAccessible(page, 'machine with an expired licence');

    const admin = await open();
    await openMachine(admin, 'admin@demo.test', 'Voron prototipi');
    const adminNotice = admin.getByTestId('license-closed');
    await adminNotice.getByRole('link', { name: t('machinePanel.license.renew') }).waitFor();
    expect(await adminNotice.innerText()).toMatch(
      /^La licenza di questa macchina è scaduta il \d{4}-\d{2}-\d{2}\./,
    );
    await expectBoardPage(admin, 'Voron prototipi');
    await expectWebcamFrames(admin);
    await admin.getByRole('checkbox', { name: t('machinePanel.webcam.lowLatency') }).waitFor();
  });

  it('tells a machine with no licence, or one not activated yet, apart, with the next step for each role', async () => {
    const admin = await open();
    await signIn(admin, 'admin@demo.test', { at: null });
    const id = await groupId(admin, 'Prusa linea 2');
    const token = await storedToken(admin);
    /** The administrator's own API calls, as the page makes them. */
    const call = (method: string, path: string, body?: unknown) =>
      admin.evaluate(
        async ({ method, path, body, token }) => {
          const response = await fetch(path, {
            method,
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: body === undefined ? null : JSON.stringify(body),
          });
          if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
          return response.json();
        },
        { method, path, body, token },
      );
    const group = (await call('GET', `/api/v1/machinegroup/${id}`)) as { computer: number; business: number };
    const controllerPath = `/api/v1/controller/computer/${group.computer}`;
    const controller = (await call('GET', controllerPath)) as { name: string; license: number | null };
    const licences = (await call('GET', '/api/v1/licenses?pageSize=200')) as {
      items: { id: number; business: number; computer: number | null; activation: number | null }[];
    };
    const unbound = licences.items.find(
      (licence) => licence.computer === null && licence.activation === null,
    );
    if (!unbound) throw new Error('the demo business has no licence left to bind');
    const customer = await open();
    await openMachine(customer, 'customer@demo.test', 'Prusa linea 2');
    const expectNotice = async (page: Page, state: string, text: string) => {
      await page.reload();
      const notice = page.getByTestId('license-closed');
      await expect.poll(() => notice.getAttribute('data-license-state'), { timeout: 15_000 }).toBe(state);
      expect(await notice.innerText()).toContain(text);
    };
    try {
      await call('PUT', controllerPath, { name: controller.name, license: null });
      await expectNotice(customer, 'none', t('machinePanel.license.none'));
      expect(await customer.getByTestId('license-closed').innerText()).toContain(
        t('machinePanel.license.contact', { contact: '' }).trim().replace(/\.$/, ''),
      );
      expect(await customer.locator('iframe').count()).toBe(0);
      await expectAccessible(customer, 'machine without a licence');
      await admin.goto(`/it/machines/${id}`);
      await expectNotice(admin, 'none', t('machinePanel.license.noneAdmin'));
      await admin.getByRole('link', { name: t('machinePanel.license.renew') }).waitFor();

      await call('PUT', controllerPath, { name: controller.name, license: unbound.id });
      await expectNotice(customer, 'notActivated', t('machinePanel.license.notActivated'));
      await expectNotice(admin, 'notActivated', t('machinePanel.license.notActivatedAdmin'));
    } finally {
      await call('PUT', controllerPath, { name: controller.name, license: controller.license });
    }
  });

  it('reopens the stream every 30 seconds with the low-latency option, which is remembered', async () => {
    const page = await open();
    await page.clock.install();
    await openMachine(page, 'admin@demo.test', 'Prusa linea 1');
    await expectWebcamFrames(page);
    const connectionOf = async () =>
      new URL((await webcam(page).getAttribute('src')) ?? '').searchParams.get('connection');
    expect(await connectionOf()).toBe('0');
    await page.getByRole('checkbox', { name: t('machinePanel.webcam.lowLatency') }).check();

    await page.clock.fastForward('00:30');
    await expect.poll(connectionOf).toBe('1');
    await expectWebcamFrames(page);

    await page.reload();
    await page.getByRole('checkbox', { name: t('machinePanel.webcam.lowLatency') }).waitFor();
    expect(await page.getByRole('checkbox', { name: t('machinePanel.webcam.lowLatency') }).isChecked()).toBe(
      true,
    );
  });

  it("shows administrators the licence's end date", async () => {
    const page = await open();
    await openMachine(page, 'admin@demo.test', 'Prusa linea 1');
    await page
      .getByRole('alert')
      .filter({ hasText: /^Scadenza della licenza: \d{4}-\d{2}-\d{2}\.$/ })
      .waitFor();
  });

  it('stacks the frame and the webcam on a phone', async () => {
    const page = await open({ width: 390, height: 844 });
    await openMachine(page, 'customer@demo.test', 'Prusa linea 1');
    await expectWebcamFrames(page);
    const frame = await page.locator('iframe').boundingBox();
    const image = await webcam(page).boundingBox();
    if (!frame || !image) throw new Error('the frame or the webcam is not shown');
    expect(image.y).toBeGreaterThanOrEqual(frame.y + frame.height);
    expect(frame.width).toBeLessThanOrEqual(390);
    expect(image.x + image.width).toBeLessThanOrEqual(390);
    // The picture fills its box at its own proportions, with no empty bands above and below it.
    const [shown, natural] = await webcam(page).evaluate((element: HTMLImageElement) => [
      element.clientWidth / element.clientHeight,
      element.naturalWidth / element.naturalHeight,
    ]);
    expect(shown).toBeCloseTo(natural ?? 0, 1);
    await expectAccessible(page, 'machine control panel on a phone');
  });

  it('reads in English under /en, in the light theme too, and passes the accessibility check', async () => {
    const page = await open();
    await signIn(page, 'customer@demo.test', { at: null });
    const id = await groupId(page, 'Prusa linea 1');
    await page.goto(`/en/machines/${id}`);
    await page.getByRole('switch', { name: tEn('theme.dark') }).click();
    expect(await page.locator('html').getAttribute('data-bs-theme')).toBe('light');
    const summary = page.getByRole('region', {
      name: tEn('machinePanel.summary', { name: 'Prusa linea 1' }),
    });
    await expect
      .poll(() => summary.getByTestId('machine-layer').innerText(), { timeout: 15_000 })
      .toMatch(/^\d+ of \d+$/);
    const temperatures = summary.getByRole('region', { name: tEn('fleet.card.temperatures') });
    await expect
      .poll(() => temperatures.locator('dt').allInnerTexts())
      .toEqual([tEn('fleet.card.heater.bed'), tEn('fleet.card.heater.tool', { number: 1 })]);
    await summary.getByRole('link', { name: tEn('machinePanel.openTicket') }).waitFor();
    await expectAccessible(page, 'machine page, English, light');
  });

  it("fits every one of a machine's screens on a phone, without scrolling sideways", async () => {
    const page = await open({ width: 390, height: 844 });
    await signIn(page, 'admin@demo.test', { at: null });
    const id = await groupId(page, 'Prusa linea 1');
    // Each screen's heading, then the part that loads last.
    const screens: [string, string][] = [
      [`/it/machines/${id}`, t('machinePanel.panel.title')],
      [`/it/machines/${id}/settings`, t('externalAccess.back')],
      [`/it/machines/${id}/files`, t('files.back')],
      [`/it/machines/${id}/statistics`, t('machineLogs.download')],
      [`/it/machines/${id}/maintenance`, t('machineLogs.download')],
    ];
    for (const [path, landmark] of screens) {
      await page.goto(path);
      await page.getByText(landmark).first().waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Tables may scroll inside their own box; the page itself never does.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          message: path,
        })
        .toBeLessThanOrEqual(0);
    }
  });

  it('shows a machine that does not exist as not found, at its address', async () => {
    const page = await open();
    await signIn(page, 'customer@demo.test', { at: '/it/machines/999999' });
    await page.getByRole('heading', { name: t('notFound.record.machine') }).waitFor();
    expect(location(page)).toBe('/it/machines/999999');
  });

  it('shows a designed state instead of the board page while the board or the gateway is offline', async () => {
    const page = await open();
    await openMachine(page, 'customer2@demo.test', 'Prusa laboratorio');
    const notice = page.getByTestId('machine-state');
    await page.getByRole('heading', { name: t('machinePanel.states.boardOffline.title') }).waitFor();
    expect(await notice.getAttribute('data-machine-state')).toBe('boardOffline');
    expect(await page.locator('iframe').count(), 'no frame to show an error body in').toBe(0);
    await expectNoErrorBodies(page, 'board offline');
    await expectAccessible(page, 'machine with its board offline');

    const admin = await open();
    await openMachine(admin, 'admin@demo.test', 'Cella pallet B');
    await admin.getByRole('heading', { name: t('machinePanel.states.gatewayOffline.title') }).waitFor();
    await admin.getByRole('button', { name: t('machinePanel.states.retry') }).click();
    await admin.getByRole('heading', { name: t('machinePanel.states.gatewayOffline.title') }).waitFor();
    expect(await admin.locator('iframe').count()).toBe(0);
    // The webcam behind an offline gateway: said so with a retry, never a broken image.
    const webcamFailed = admin.getByTestId('webcam-failed');
    await webcamFailed.getByText(t('machinePanel.webcam.unavailable')).waitFor();
    expect(await webcam(admin).count()).toBe(0);
    await webcamFailed.getByRole('button', { name: t('machinePanel.webcam.retry') }).click();
    await webcamFailed.getByText(t('machinePanel.webcam.unavailable')).waitFor();
    await expectNoErrorBodies(admin, 'gateway offline');
    await expectAccessible(admin, 'machine with its gateway offline');
  });

  it("says so with a retry when the portal cannot tell the machine's state, and recovers on retry", async () => {
    const page = await open();
    // The live statuses fail, both the call and the event stream, until the test lets them through.
    let failing = true;
    await page.route(/\/api\/v1\/machines\/status(\/stream)?(\?.*)?$/, (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.fallback(),
    );
    await openMachine(page, 'customer@demo.test', 'Prusa linea 1');
    await page.getByRole('heading', { name: t('machinePanel.states.statusFailed.title') }).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await expectNoErrorBodies(page, 'live status failed');
    await expectAccessible(page, 'machine whose status cannot be read');
    // The stream retries by itself too: the statuses come back only once the button is ready to be pressed, so
    // what recovers the page is the press, not a retry that happened to land first.
    const retry = page.getByRole('button', { name: t('machinePanel.states.retry') });
    await retry.click({ trial: true });
    failing = false;
    await retry.dispatchEvent('click');
    await expectBoardPage(page, 'Prusa linea 1');
  });

  it('shows a page of its own, in the page language, where the frame meets an error', async () => {
    const page = await open();
    await openMachine(page, 'customer@demo.test', 'Prusa linea 1');
    await expectBoardPage(page, 'Prusa linea 1');
    const frame = page.frames().find((candidate) => candidate.url().includes('/proxy/duet/'));
    if (!frame) throw new Error('no control panel frame');
    // The frame sent somewhere its machine origin refuses: another machine's panel.
    const elsewhere = new URL(frame.url());
    elsewhere.pathname = elsewhere.pathname.replace(/\/(\d+)\//, (_match, id) => `/${Number(id) + 1}/`);
    await frame.goto(elsewhere.href);
    const errorPage = panelFrame(page, 'Prusa linea 1');
    await errorPage.getByRole('heading', { name: 'Pannello della macchina non disponibile' }).waitFor();
    await errorPage.getByText(t('errors.NOT_FOUND')).waitFor();
    expect(await errorPage.locator('html').getAttribute('lang')).toBe('it');
    await expectNoErrorBodies(page, 'frame sent to another machine');
  });

  it('sums up the live job beside the panel and opens a ticket about the machine', async () => {
    const page = await open();
    await openMachine(page, 'customer@demo.test', 'Prusa linea 1');
    const summary = page.getByRole('region', { name: t('machinePanel.summary', { name: 'Prusa linea 1' }) });
    await summary.getByTestId('machine-status').waitFor();
    const progress = summary.getByTestId('machine-progress');
    const before = await progress.innerText();
    await expect.poll(() => progress.innerText(), { timeout: 20_000 }).not.toBe(before);
    // The file's own thumbnail, as its slicer embedded it.
    const preview = summary.getByTestId('machine-thumbnail');
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // The layer of the file's count, and the heaters bed first, in the page's language.
    await expect.poll(() => summary.getByTestId('machine-layer').innerText()).toMatch(/^\d+ di \d+$/);
    const temperatures = summary.getByRole('region', { name: t('fleet.card.temperatures') });
    await expect
      .poll(() => temperatures.locator('dt').allInnerTexts())
      .toEqual([t('fleet.card.heater.bed'), t('fleet.card.heater.tool', { number: 1 })]);
    const bed = temperatures.locator('dd').first();
    const shown = (await bed.locator('[aria-hidden="true"]').count())
      ? bed.locator('[aria-hidden="true"]')
      : bed;
    expect(await shown.innerText()).toMatch(/^\d+,\d( \/ \d+,\d)? °C$/);
    await panelFrame(page, 'Prusa linea 1').locator('body').waitFor();

    await summary.getByRole('link', { name: t('machinePanel.openTicket') }).click();
    await page.waitForURL(/\/it\/tickets\/new\?machine=\d+$/);
    const machine = page.getByLabel(t('tickets.fields.machine'));
    await expect.poll(async () => machine.locator('option:checked').innerText()).toContain('Prusa linea 1');
  });
});
