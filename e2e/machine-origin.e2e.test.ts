import { type RunningBoard, startBoard } from '@portal/board-sim';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningGateway, startGateway } from '../apps/gateway/src/index.ts';
import { launchChromium } from './support/chromium.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';
import { DEMO_PASSWORD, logIn, storedToken } from './support/session.ts';

/**
 * A hostile board page (DESIGN.md §5): whatever a board serves runs on the machine origin, so it can neither read
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

let portal: RunningPortal;
let browser: Browser;
let board: RunningBoard;
let gateway: RunningGateway;

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

let controllerId: number;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
  const { access_token: admin } = await api<{ access_token: string }>('/api/v1/auth', {
    body: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  const groups = await api<{ items: { name: string; computer: number }[] }>(
    '/api/v1/machinegroup?pageSize=100',
    {
      token: admin,
    },
  );
  const group = groups.items.find((item) => item.name === 'Prusa linea 1');
  if (!group) throw new Error('no demo group Prusa linea 1');
  controllerId = group.computer;
  const { key } = await api<{ key: string }>(`/api/v1/controller/computer/${controllerId}/key`, {
    token: admin,
  });
  const page = HOSTILE_PAGE.replace('PORTAL', JSON.stringify(portal.url));
  board = await startBoard({ www: new Map([['index.html', new TextEncoder().encode(page)]]) });
  gateway = startGateway({ server: portal.url, controller: controllerId, key, board: board.url });
  await new Promise<void>((resolve) => (gateway.connected ? resolve() : gateway.once('connected', resolve)));
});

afterAll(async () => {
  await gateway?.close();
  await board?.close();
  await browser?.close();
  await portal?.stop();
});

describe('the machine origin', () => {
  it("keeps a board's page away from the portal's storage and API", async () => {
    const context = await browser.newContext({ baseURL: portal.url });
    const page = await context.newPage();
    await logIn(page, 'customer@demo.test');
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const { url } = await api<{ url: string }>(`/api/v1/machines/${controllerId}/panel`, {
      token: token ?? '',
      body: { path: 'customer', firmware: '3.6' },
    });
    expect(new URL(url).origin).not.toBe(new URL(portal.url).origin);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'board';
      document.body.append(frame);
    }, url);
    const frame = page.frameLocator('iframe[title="board"]');
    await expect
      .poll(async () => frame.locator('body').getAttribute('data-result'), { timeout: 15_000 })
      .toBeTruthy();
    const result = JSON.parse((await frame.locator('body').getAttribute('data-result')) ?? '{}');
    expect(result).toEqual({ parentToken: 'blocked', ownToken: null, cookies: '', api: 'blocked' });
    await context.close();
  });
});
