import { readFile } from 'node:fs/promises';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, storedToken } from '../test-kit/browser-session.ts';
import { t, tEn } from '../test-kit/catalog.ts';
import { machineUrlOf } from '../test-kit/portal.ts';
import { expectAccessible } from './support/a11y.ts';
import { expectNoErrorBodies } from './support/error-bodies.ts';
import { usePortal } from './support/suite.ts';

/**
 * The cross-machine page attack in a real browser (docs/board-access.md §1, docs/machine-origins.md): an
 * administrator has machine A's control panel open, so the browser holds A's admin cookie; a page on machine B's
 * origin aims frames, an image and a no-cors fetch at A's admin path with a dot segment DSF would remove
 * (`..%2Frr_gcode`). Each is a 400 at the machine origin, A's board runs nothing, the activity record holds
 * nothing, and the administrator's own panel goes on working. A file of A's card opens as a download, never as a
 * page of A's origin.
 */

const { open } = usePortal({}, { demoFleet: true });

/** Machine A: the demo's SBC machine, online and idle (DSF is the firmware that removed the dot segment). */
const MACHINE_A = 'Cella pallet';
/** Machine B: another business's machine, whose origin serves the attacker's page. */
const MACHINE_B = 'RatRig produzione';
const FIRMWARE = '3.6';
/** B's board: standalone RepRapFirmware 3.5 in the demo. */
const FIRMWARE_B = '3.5';
/** The attacker's page, in B's web folder. */
const ATTACKER_NAME = 'probe.html';

/** What a customer uploaded into A's card: run as a page of A's origin, it would drive A's board. */
const UPLOADED_PAGE =
  '<!doctype html><html><body><script>fetch("rr_gcode?gcode=M117%20pwned-by-upload")</script></body></html>';
const UPLOADED_NAME = 'evil.html';

/** The board requests the attacker's page aims at A's admin path, each through a different element. */
const ATTACKS = {
  frameGcode: '..%2Frr_gcode?gcode=M117%20pwned',
  framePage: `..%2Fgcodes%2F${UPLOADED_NAME}`,
  image: '..%2Frr_gcode?gcode=M117%20pwned-img',
  fetch: '..%2Frr_gcode?gcode=M117%20pwned-fetch',
} as const;

/** The attacker's page, as B's board would serve it (a customer's upload, or B's web folder). */
const attackerPage = (base: string) => `<!doctype html><html lang="en"><head><title>B</title></head><body>
<iframe title="gcode" src="${base}${ATTACKS.frameGcode}"></iframe>
<iframe title="page" src="${base}${ATTACKS.framePage}"></iframe>
<img alt="" src="${base}${ATTACKS.image}">
<script>fetch(${JSON.stringify(base + ATTACKS.fetch)}, { mode: 'no-cors', credentials: 'include' });</script>
</body></html>`;

interface Machine {
  /** The machine group, as the portal's pages name it. */
  id: number;
  /** Its controller, as board paths and origins name it. */
  computer: number;
}

/** A call to the portal's API with the page's own session: its status and body. */
async function call(
  page: Page,
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number; body: string }> {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(path.startsWith('/api/') && body !== undefined && { 'Content-Type': 'application/json' }),
        },
        body: body ?? null,
      });
      return { status: response.status, body: await response.text() };
    },
    { method, path, body, token },
  );
}

async function machine(page: Page, name: string): Promise<Machine> {
  const { status, body } = await call(
    page,
    'GET',
    `/api/v1/machinegroup?pageSize=200&q=${encodeURIComponent(name)}`,
  );
  if (status !== 200) throw new Error(`machine groups: HTTP ${status}`);
  const group = (JSON.parse(body) as { items: (Machine & { name: string })[] }).items.find(
    (item) => item.name === name,
  );
  if (!group) throw new Error(`no machine group named ${name}`);
  return { id: group.id, computer: group.computer };
}

/** The message on A's display, read by the administrator through the portal's admin path. */
async function displayMessage(page: Page, a: Machine): Promise<string> {
  const { status, body } = await call(
    page,
    'GET',
    `/proxy/duet/${FIRMWARE}/admin/${a.computer}/rr_model?key=state`,
  );
  if (status !== 200) throw new Error(`rr_model: HTTP ${status}`);
  return (JSON.parse(body) as { result: { displayMessage?: string | null } }).result.displayMessage ?? '';
}

/** How many entries of A's activity record mention `text`. */
async function activityMentioning(page: Page, a: Machine, text: string): Promise<number> {
  const { status, body } = await call(
    page,
    'GET',
    `/api/v1/activity?controller=${a.computer}&q=${encodeURIComponent(text)}`,
  );
  if (status !== 200) throw new Error(`activity: HTTP ${status}`);
  return (JSON.parse(body) as { total: number }).total;
}

/** A request a page made and the answer the browser received, as its network layer saw them. */
interface Exchange {
  url: string;
  /** DevTools' resource type: Document (a frame), Image, Fetch, … */
  type: string;
  requestHeaders: Record<string, string>;
  status?: number;
  responseHeaders: Record<string, string>;
}

const lowerCased = (headers: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]));

/**
 * The requests `page` sends to addresses under `prefix`, with the answers, read from Chromium's network layer:
 * an image's answer that the browser's opaque-response blocking withholds from the page never reaches
 * Playwright's response events, and the cookie header is only there.
 */
async function watchExchanges(page: Page, prefix: string): Promise<() => Exchange[]> {
  const cdp = await page.context().newCDPSession(page);
  const requests = new Map<string, { url: string; type: string }>();
  const requestHeaders = new Map<string, Record<string, string>>();
  const responses = new Map<string, { status: number; headers: Record<string, string> }>();
  // The extra-info events may come before or after the request's own: they are joined when read.
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    if (request.url.startsWith(prefix)) requests.set(requestId, { url: request.url, type: type ?? '' });
  });
  cdp.on('Network.requestWillBeSentExtraInfo', ({ requestId, headers }) => {
    requestHeaders.set(requestId, lowerCased(headers));
  });
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode, headers }) => {
    responses.set(requestId, { status: statusCode, headers: lowerCased(headers) });
  });
  await cdp.send('Network.enable');
  return () =>
    [...requests].map(([id, request]) => ({
      ...request,
      requestHeaders: requestHeaders.get(id) ?? {},
      status: responses.get(id)?.status,
      responseHeaders: responses.get(id)?.headers ?? {},
    }));
}

const panelFrame = (page: Page) => page.frameLocator(`iframe[title="Pannello di controllo di ${MACHINE_A}"]`);

/** Signs the administrator in and opens A's control panel, which an administrator gets on the admin path. */
async function openPanelOfA(page: Page): Promise<{ a: Machine; frame: Frame }> {
  await signIn(page, 'admin@demo.test', { at: null });
  const a = await machine(page, MACHINE_A);
  await page.goto(`/it/machines/${a.id}`);
  await page.getByRole('heading', { level: 1, name: MACHINE_A }).waitFor();
  await panelFrame(page).getByRole('heading', { name: 'Heaters' }).waitFor({ timeout: 30_000 });
  await expect
    .poll(() => panelFrame(page).locator('#status').textContent(), { timeout: 30_000 })
    .not.toBe('connecting');
  const frame = page.frames().find((candidate) => candidate.url().includes('/proxy/duet/'));
  if (!frame) throw new Error('no control panel frame');
  expect(new URL(frame.url()).pathname).toBe(`/proxy/duet/${FIRMWARE}/admin/${a.computer}/`);
  return { a, frame };
}

/** Sends a line from the console of the board page in A's panel. */
async function sendFromPanel(page: Page, code: string): Promise<void> {
  await panelFrame(page).getByRole('textbox', { name: 'G-code' }).fill(code);
  await panelFrame(page).getByRole('button', { name: 'Send' }).click();
}

describe('the board boundary in the browser', () => {
  it("keeps another machine's page from driving the machine an administrator has open", async () => {
    const admin = await open();
    const { a, frame } = await openPanelOfA(admin);
    const b = await machine(admin, MACHINE_B);
    const machinePort = Number(new URL(frame.url()).port);
    const originA = machineUrlOf(machinePort, a.computer);
    const adminPathOfA = `${originA}/proxy/duet/${FIRMWARE}/admin/${a.computer}/`;

    // A file on A's card the attack would open as a page of A's origin.
    const upload = await call(
      admin,
      'PUT',
      `/proxy/duet/${FIRMWARE}/admin/${a.computer}/machine/file/${encodeURIComponent(`0:/gcodes/${UPLOADED_NAME}`)}`,
      UPLOADED_PAGE,
    );
    expect(upload.status).toBeLessThan(300);
    const messageBefore = await displayMessage(admin, a);
    expect(messageBefore).not.toContain('pwned');

    // The attacker's page in B's web folder, served on B's origin (whoever controls B's board can put it there;
    // here the administrator's upload stands for that), opened in another tab of the administrator's browser.
    const planted = await call(
      admin,
      'POST',
      `/proxy/duet/${FIRMWARE_B}/admin/${b.computer}/rr_upload?name=0:/www/${ATTACKER_NAME}`,
      attackerPage(adminPathOfA),
    );
    expect(planted.status).toBeLessThan(300);
    const panelOfB = await call(
      admin,
      'POST',
      `/api/v1/machines/${b.computer}/panel`,
      JSON.stringify({ path: 'admin', firmware: FIRMWARE_B }),
    );
    expect(panelOfB.status).toBe(200);
    const attackerUrl = new URL((JSON.parse(panelOfB.body) as { url: string }).url);
    attackerUrl.pathname += ATTACKER_NAME;
    expect(attackerUrl.origin).toBe(machineUrlOf(machinePort, b.computer));
    const attacker = await admin.context().newPage();
    const exchanges = await watchExchanges(attacker, adminPathOfA);
    await attacker.goto(attackerUrl.href);
    expect(new URL(attacker.url()).pathname).toBe(
      `/proxy/duet/${FIRMWARE_B}/admin/${b.computer}/${ATTACKER_NAME}`,
    );
    // Every request the page aimed at A has been answered.
    const answered = () => exchanges().filter((exchange) => exchange.status !== undefined);
    await expect
      .poll(() => answered().length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(Object.keys(ATTACKS).length);

    const kinds = { frameGcode: 'Document', framePage: 'Document', image: 'Image', fetch: 'Fetch' };
    // Soft: every way in is reported, and then what reached the board.
    for (const [attack, rest] of Object.entries(ATTACKS) as [keyof typeof ATTACKS, string][]) {
      const sent = answered().filter((exchange) => exchange.url === adminPathOfA + rest);
      expect
        .soft([attack, sent.map((exchange) => [exchange.type, exchange.status])])
        .toEqual([attack, [[kinds[attack], 400]]]);
      const [exchange] = sent;
      if (!exchange) continue;
      // The browser sent A's admin cookie with it: the attack had the administrator's credential.
      expect.soft(exchange.requestHeaders.cookie, attack).toContain(`machine_${a.computer}_admin=`);
      expect.soft(exchange.responseHeaders['cache-control'], attack).toBe('no-store');
      // A navigation gets the origin's own error page (the last test reads it), never the board's answer.
      if (kinds[attack] === 'Document') {
        expect.soft(exchange.responseHeaders['content-type'], attack).toMatch(/^text\/html/);
      }
    }
    // Nor did the error pages open inside B's page: only the portal may frame A's origin.
    expect(attacker.frames()).toHaveLength(3);
    for (const framed of attacker.frames().slice(1)) {
      expect(framed.url()).not.toContain(originA);
    }

    // A's board ran none of it: its display shows no message of the attacker's.
    expect(await displayMessage(admin, a)).toBe(messageBefore);

    // The administrator's own panel goes on working: a code sent from its console reaches the board and answers.
    await admin.bringToFront();
    await sendFromPanel(admin, 'M117 admin still in control');
    await expect.poll(() => displayMessage(admin, a), { timeout: 30_000 }).toBe('admin still in control');
    await sendFromPanel(admin, 'M115');
    await expect
      .poll(() => panelFrame(admin).locator('#console-log li.reply').allTextContents(), {
        timeout: 30_000,
      })
      .toContainEqual(expect.stringContaining('FIRMWARE_NAME'));

    // The activity record holds the administrator's code (entries are written in batches: this one follows the
    // attack, so the attack's would be in by now) and nothing of the attacker's.
    await expect
      .poll(() => activityMentioning(admin, a, 'admin still in control'), { timeout: 30_000 })
      .toBe(1);
    expect(await activityMentioning(admin, a, 'pwned')).toBe(0);
  });

  it("opens a file of the card as a download, never as a page of the machine's origin", async () => {
    const admin = await open();
    const { a, frame } = await openPanelOfA(admin);
    const adminPathOfA = `${new URL(frame.url()).origin}/proxy/duet/${FIRMWARE}/admin/${a.computer}/`;
    const upload = await call(
      admin,
      'PUT',
      `/proxy/duet/${FIRMWARE}/admin/${a.computer}/machine/file/${encodeURIComponent(`0:/gcodes/${UPLOADED_NAME}`)}`,
      UPLOADED_PAGE,
    );
    expect(upload.status).toBeLessThan(300);

    // The same file as rr_download reads it and as DSF's own file route does, each opened in a tab of its own.
    for (const rest of [
      `rr_download?name=0:/gcodes/${UPLOADED_NAME}`,
      `machine/file/${encodeURIComponent(`0:/gcodes/${UPLOADED_NAME}`)}`,
    ]) {
      const tab = await admin.context().newPage();
      const answered = tab.waitForEvent('response', (response) => response.url() === adminPathOfA + rest);
      const downloaded = tab.waitForEvent('download');
      // The navigation ends in a download, which Playwright reports as an aborted navigation.
      await tab.goto(adminPathOfA + rest).catch(() => undefined);
      const [response, download] = await Promise.all([answered, downloaded]);
      expect([rest, response.status()]).toEqual([rest, 200]);
      expect(response.headers()['content-disposition'], rest).toBe('attachment');
      expect(response.headers()['x-content-type-options'], rest).toBe('nosniff');
      expect(response.headers()['content-security-policy'], rest).toMatch(/^sandbox; /);
      expect(await readFile((await download.path()) as string, 'utf8')).toBe(UPLOADED_PAGE);
      // The tab shows no page of the machine's origin: the file's script never ran there.
      expect(tab.url()).not.toContain(adminPathOfA);
      await tab.close();
    }
    expect(await activityMentioning(admin, a, 'pwned-by-upload')).toBe(0);
  });

  it("answers the attack's address with the machine origin's own page, in Italian and English", async () => {
    const admin = await open();
    const { a, frame } = await openPanelOfA(admin);
    const attackUrl = `${new URL(frame.url()).origin}/proxy/duet/${FIRMWARE}/admin/${a.computer}/${ATTACKS.frameGcode}`;

    // The administrator's own browser, opening the address in a tab: the panel's language, kept by A's origin.
    const tab = await admin.context().newPage();
    const italian = await tab.goto(attackUrl);
    expect(italian?.status()).toBe(400);
    await tab.getByRole('heading', { name: 'Pannello della macchina non disponibile' }).waitFor();
    await tab.getByText(t('errors.BAD_REQUEST')).waitFor();
    expect(await tab.locator('html').getAttribute('lang')).toBe('it');
    await expectNoErrorBodies(tab, 'the attack in a tab, Italian');
    await expectAccessible(tab, "machine origin's error page, Italian");

    // Someone else's browser, set to English and holding no cookie of A's: the same refusal, in English.
    const browser = admin.context().browser();
    if (!browser) throw new Error('no browser');
    const englishContext = await browser.newContext({ locale: 'en-GB', reducedMotion: 'reduce' });
    try {
      const english = await englishContext.newPage();
      expect((await english.goto(attackUrl))?.status()).toBe(400);
      await english.getByRole('heading', { name: 'Machine panel unavailable' }).waitFor();
      await english.getByText(tEn('errors.BAD_REQUEST')).waitFor();
      expect(await english.locator('html').getAttribute('lang')).toBe('en');
      await expectNoErrorBodies(english, 'the attack in a tab, English');
      await expectAccessible(english, "machine origin's error page, English");
    } finally {
      await englishContext.close();
    }
    expect(await activityMentioning(admin, a, 'pwned')).toBe(0);
  });
});
