import { type RunningBoard, startBoard } from '@portal/board-sim';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../apps/gateway/src/index.ts';
import { signIn, storedToken } from '../test-kit/browser-session.ts';
import { launchChromium } from '../test-kit/chromium.ts';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import { type RunningPortal, startPortal } from '../test-kit/portal.ts';

/**
 * A hostile board page (docs/machine-origins.md): whatever a board serves runs on its machine's origin, so it can neither read
 * the portal's storage nor use the portal's API with the user's session. It records what it managed to do.
 */
const HOSTILE_PAGE = `<!doctype html><html><head><title>board</title></head><body><script>
(async () => {
  const result = {};
  try { result.parentToken = window.parent.localStorage.getItem('token'); } catch (e) { result.parentToken = 'blocked'; }
  result.ownToken = localStorage.getItem('token');
  result.cookies = document.cookie;
  try {
    const answer = await fetch(PORTAL + '/api/v1/users', { credentials: 'include' });
    result.api = answer.status;
  } catch (e) { result.api = 'blocked'; }
  document.body.dataset.result = JSON.stringify(result);
})();
</script></body></html>`;

/**
 * A hostile page on machine B (the security probe's reproduction): an administrator who has machine A's panel open
 * opens B's. The page tries A through its own origin, A's origin with the browser's cookies, an image, a frame and
 * a form; it records what it could read, and machine A's display shows whether any command got through.
 */
const CROSS_MACHINE_PAGE = `<!doctype html><html><head><title>evil</title></head><body><script>
(async () => {
  const result = {};
  const status = (promise) => promise.then((answer) => answer.type === 'opaque' ? 'opaque' : answer.status, () => 'blocked');
  result.sameOriginModel = await status(fetch(A_PATH + 'rr_model'));
  result.sameOriginConfig = await status(fetch(A_PATH + 'rr_download?name=0:/sys/config.g'));
  result.readModel = await status(fetch(A_ORIGIN + A_PATH + 'rr_model', { credentials: 'include' }));
  result.blindCommand = await status(fetch(A_ORIGIN + A_PATH + 'rr_gcode?gcode=M117%20owned-by-B-fetch', { credentials: 'include', mode: 'no-cors' }));
  const settle = (element, event) => new Promise((done) => { element.addEventListener(event, done); element.addEventListener('error', done); document.body.append(element); });
  const image = document.createElement('img');
  image.src = A_ORIGIN + A_PATH + 'rr_gcode?gcode=M117%20owned-by-B-img';
  await settle(image, 'load');
  const frame = document.createElement('iframe');
  frame.src = A_ORIGIN + A_PATH + 'rr_gcode?gcode=M117%20owned-by-B-frame';
  await settle(frame, 'load');
  try { result.frameRead = frame.contentDocument.body.innerText; } catch (e) { result.frameRead = 'blocked'; }
  document.body.dataset.result = JSON.stringify(result);
})();
</script></body></html>`;

/** Machine A's own page: proves the frame got its machine's cookie and reaches its board. */
const OWN_PAGE = `<!doctype html><html><head><title>own</title></head><body><script>
fetch('rr_model?key=network.name').then((answer) => answer.json()).then(
  (model) => { document.body.dataset.result = model.result; },
  () => { document.body.dataset.result = 'failed'; },
);
</script></body></html>`;

let portal: RunningPortal;
let browser: Browser;
const boards: RunningBoard[] = [];
const gateways: RunningGateway[] = [];

async function api<T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${portal.url}${path}`, {
    method: init.body === undefined && !path.endsWith('/key') ? 'GET' : 'POST',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The portal's address as the browser knows it (portal.localhost, where `localhost` sends it). */
let portalOrigin: string;
/** Controllers of a demo machine of business A and one of business B, each with a board of the test's own. */
const controller = { a: 0, b: 0 };
let boardA: RunningBoard;

/** A fresh gateway key for the demo group's controller, and a gateway with a board serving `www`. */
async function connectBoard(admin: string, group: string, www: Map<string, Uint8Array>, name: string) {
  const groups = await api<{ items: { name: string; computer: number }[] }>(
    '/api/v1/machinegroup?pageSize=100',
    {
      token: admin,
    },
  );
  const found = groups.items.find((item) => item.name === group);
  if (!found) throw new Error(`no demo group ${group}`);
  const { key } = await api<{ key: string }>(`/api/v1/controller/computer/${found.computer}/key`, {
    token: admin,
  });
  const board = await startBoard({ firmware: '3.5', name, www });
  boards.push(board);
  const gateway = startGateway({ server: portal.url, controller: found.computer, key, board: board.url });
  gateways.push(gateway);
  await new Promise<void>((resolve) => (gateway.connected ? resolve() : gateway.once('connected', resolve)));
  return { controllerId: found.computer, board };
}

const encode = (text: string) => new TextEncoder().encode(text);

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
  portalOrigin = `http://portal.localhost:${new URL(portal.url).port}`;
  const { access_token: admin } = await api<{ access_token: string }>('/api/v1/auth', {
    body: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  const a = await connectBoard(
    admin,
    'Prusa linea 1',
    new Map([['index.html', encode(OWN_PAGE)]]),
    'Machine A',
  );
  controller.a = a.controllerId;
  boardA = a.board;
  const probe = HOSTILE_PAGE.replace('PORTAL', JSON.stringify(portalOrigin));
  const target = {
    A_PATH: `/proxy/duet/3.5/admin/${controller.a}/`,
    A_ORIGIN: portal.machineUrl(controller.a),
  };
  const evil = CROSS_MACHINE_PAGE.replace(
    '<script>',
    `<script>const { A_PATH, A_ORIGIN } = ${JSON.stringify(target)};`,
  );
  const b = await connectBoard(
    admin,
    'RatRig produzione',
    new Map([
      ['index.html', encode(probe)],
      ['probe-evil.html', encode(evil)],
    ]),
    'Machine B',
  );
  controller.b = b.controllerId;
});

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await Promise.all(boards.map((board) => board.close()));
  await browser?.close();
  await portal?.stop();
});

/** Opens `url` in a frame of the portal's page and waits for what its script records. */
async function frameResult(page: Page, url: string, title: string): Promise<string> {
  await page.evaluate(
    ([src, name]) => {
      const frame = document.createElement('iframe');
      frame.src = src as string;
      frame.title = name as string;
      document.body.append(frame);
    },
    [url, title],
  );
  const body = page.frameLocator(`iframe[title="${title}"]`).locator('body');
  await expect.poll(async () => body.getAttribute('data-result'), { timeout: 15_000 }).toBeTruthy();
  return (await body.getAttribute('data-result')) ?? '';
}

const panelUrl = (token: string, controllerId: number, path: 'customer' | 'admin') =>
  api<{ url: string }>(`/api/v1/machines/${controllerId}/panel`, { token, body: { path, firmware: '3.5' } });

describe("the machines' own origins", () => {
  it("keep a board's page away from the portal's storage and API", async () => {
    const context = await browser.newContext({ baseURL: portal.url });
    const page = await context.newPage();
    await signIn(page, 'manager2@demo.test');
    expect(new URL(page.url()).origin).toBe(portalOrigin);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const { url } = await panelUrl(token ?? '', controller.b, 'customer');
    expect(new URL(url).origin).toBe(portal.machineUrl(controller.b));
    const result = JSON.parse(await frameResult(page, url, 'board'));
    expect(result).toEqual({ parentToken: 'blocked', ownToken: null, cookies: '', api: 'blocked' });
    await context.close();
  });

  it("keep one board's page from reading or driving another machine the administrator has open", async () => {
    const context = await browser.newContext({ baseURL: portal.url });
    const page = await context.newPage();
    await signIn(page, 'admin@demo.test');
    const token = (await storedToken(page)) ?? '';
    // Machine A's panel first: its frame gets A's cookie and reaches A's board.
    const a = await panelUrl(token, controller.a, 'admin');
    expect(await frameResult(page, a.url, 'machine A')).toBe('Machine A');
    // Then B's panel, with the page B's board serves.
    const b = new URL((await panelUrl(token, controller.b, 'admin')).url);
    b.pathname += 'probe-evil.html';
    const result = JSON.parse(await frameResult(page, b.href, 'machine B'));
    expect(result).toEqual({
      sameOriginModel: 404,
      sameOriginConfig: 404,
      readModel: 'blocked',
      blindCommand: 'opaque',
      frameRead: 'blocked',
    });
    // Nothing reached A's board: its display still shows no message of B's.
    const { displayMessage } = boardA.model().state as { displayMessage: string | null };
    expect(displayMessage ?? '').not.toContain('owned-by-B');
    await context.close();
  });
});
