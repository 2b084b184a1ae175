import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserKeys,
  type LocalPushService,
  newBrowserKeys,
  startLocalPushService,
} from '../apps/server/src/test/push-service.ts';
import { logIn, ownUserId, storedToken } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

/**
 * Headless Chromium has no push service (a real subscribe fails at once: "Registration failed"), and this
 * machine reaches no internet anyway. So the unsupported, not-enabled and failed states are driven for real,
 * and the enabled state through a subscription pointing at a local push service the portal really sends to.
 */
let push: LocalPushService;
// The portal trusts the local push service's certificate the way Node trusts any extra authority.
const caFile = path.join(tmpdir(), `portal-push-ca-${randomUUID()}.pem`);
beforeAll(async () => {
  push = await startLocalPushService();
  await writeFile(caFile, push.ca);
});
afterAll(async () => {
  await push?.close();
  await rm(caFile, { force: true });
});
// The local push service is trusted, and allowed on its loopback address, as a self-hosted one would be.
const { open } = usePortal({ NODE_EXTRA_CA_CERTS: caFile, PUSH_PRIVATE_HOSTS: '127.0.0.1' });

const FLAG = 'push_enabled';
const status = (page: Page) => page.getByTestId('push-status');
const flag = (page: Page) => page.evaluate((key) => localStorage.getItem(key), FLAG);

/** A page of a fresh profile that may show notifications (what a user's "Allow" gives). */
async function grantedPage(): Promise<Page> {
  const page = await open();
  await page.context().grantPermissions(['notifications']);
  return page;
}

/** Logs in and opens the user's own preferences tab. */
async function openPreferences(page: Page, email: string, { loggedIn = false } = {}): Promise<void> {
  if (!loggedIn) await logIn(page, email);
  const id = await ownUserId(page);
  await page.goto(`/it/settings/users/${id}#preferences`);
  await status(page).waitFor();
}

/**
 * Stands in for the browser's push service: `PushManager.prototype.subscribe` answers a subscription to the
 * local push service with keys the test holds, and records what the page asked for. The rest (the service
 * worker, the server's key, the portal's calls, the encrypted delivery) is real.
 */
async function usePushServiceStandIn(page: Page, endpoint: string, keys: BrowserKeys['keys']) {
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const STORE = 'e2e-push-subscription';
      const make = (serverKey: number[]) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(serverKey).buffer },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(STORE);
          return true;
        },
      });
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        if (!options?.userVisibleOnly) throw new Error('userVisibleOnly is required');
        const serverKey = Array.from(new Uint8Array(options.applicationServerKey as ArrayBuffer));
        localStorage.setItem(STORE, JSON.stringify(serverKey));
        return make(serverKey) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => {
        const stored = localStorage.getItem(STORE);
        return stored ? (make(JSON.parse(stored)) as unknown as PushSubscription) : null;
      };
    },
    { endpoint, keys },
  );
}

/** A session token of a demo user, straight from the API. */
async function tokenOf(page: Page, email: string): Promise<string> {
  const response = await page.request.post('/api/v1/auth', { data: { email, password: DEMO_PASSWORD } });
  return (await response.json()).access_token;
}

describe("the preferences tab's push notifications", () => {
  it('says a browser without push is unsupported and names two browsers that have it', async () => {
    const page = await grantedPage();
    await page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await openPreferences(page, 'tech@demo.test');
    await expect(status(page).textContent()).resolves.toBe(
      'Le notifiche push non sono supportate dal tuo browser. UsaGoogle ChromeMozilla Firefoxse ti serve questa funzione.',
    );
    expect(await status(page).getAttribute('class')).toContain('text-bg-danger');
    expect(
      await status(page)
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(['https://www.google.com/chrome/', 'https://www.mozilla.org/firefox/']);
    expect(await page.getByRole('button', { name: t('push.enable') }).count()).toBe(0);
    await expectAccessible(page, 'push unsupported');

    await page.goto(page.url().replace('/it/', '/en/'));
    await status(page)
      .getByText('Push notifications are not supported by your browser. Please use')
      .waitFor();
    await status(page).getByText('if you need this feature.').waitFor();
  });

  it('registers the service worker of the production build, served at the root and revalidated', async () => {
    const page = await grantedPage();
    await logIn(page, 'tech@demo.test');
    const script = await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.scriptURL ?? null;
    });
    expect(new URL(String(await script.jsonValue())).pathname).toBe('/sw.js');
    const response = await page.request.get('/sw.js');
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(response.headers()['content-type']).toMatch(/javascript/);
  });

  it('shows supported but not enabled; a refused subscription clears the flag and logs the failure', async () => {
    const page = await grantedPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The flag of an earlier subscription: the login subscribes again, for real, and Chromium refuses.
    await page.addInitScript((key) => {
      if (sessionStorage.getItem('e2e-flag-set') === null) {
        sessionStorage.setItem('e2e-flag-set', '1');
        localStorage.setItem(key, 'true');
      }
    }, FLAG);
    await logIn(page, 'tech@demo.test');
    // The subscription at login fails, and the flag goes (before leaving the page, which would cut it short).
    await page.waitForFunction((key) => localStorage.getItem(key) === null, FLAG);
    await openPreferences(page, 'tech@demo.test', { loggedIn: true });
    await status(page).getByText(t('push.supported')).waitFor();
    expect(await status(page).getAttribute('class')).toContain('text-bg-warning');
    await expectAccessible(page, 'push supported, not enabled');

    await page.getByRole('button', { name: t('push.enable') }).click();
    await page.getByTestId('toast-area').getByText(t('push.enableFailed')).waitFor();
    expect(await flag(page)).toBeNull();
    await status(page).getByText(t('push.supported')).waitFor();
    expect(errors.some((text) => text.startsWith('Push subscription failed'))).toBe(true);
  });

  it('logs a refused permission to the console and stays not enabled', async () => {
    const page = await open();
    await page.context().clearPermissions();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // Headless Chromium answers a permission request nobody granted with a refusal.
    await openPreferences(page, 'tech@demo.test');
    await page.getByRole('button', { name: t('push.enable') }).click();
    await page.getByTestId('toast-area').getByText('Non è stato possibile attivare').waitFor();
    expect(errors.some((text) => text.startsWith('Notification permission not granted'))).toBe(true);
    expect(await flag(page)).toBeNull();
  });

  it("offers a customer, who has no preferences tab, this browser's push switch on their own profile", async () => {
    const page = await grantedPage();
    await logIn(page, 'customer@demo.test');
    const id = await ownUserId(page);
    await page.goto(`/it/settings/users/${id}#profile`);
    await status(page).getByText(t('push.supported')).waitFor();
    expect(await page.getByRole('tab', { name: t('user.tabs.preferences') }).count()).toBe(0);
    await expectAccessible(page, "a customer's profile with the push switch");
  });

  it('enables push, delivers a ticket answer to the subscription, and follows logout, login and disable', async () => {
    const page = await grantedPage();
    const browser = newBrowserKeys();
    const endpoint = push.endpoint();
    await usePushServiceStandIn(page, endpoint, browser.keys);
    await openPreferences(page, 'tech@demo.test');

    const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/v1/notifications/subscribe'));
    await page.getByRole('button', { name: t('push.enable') }).click();
    expect((await subscribed).status()).toBe(204);
    await status(page).getByText(t('push.enabled')).waitFor();
    expect(await status(page).getAttribute('class')).toContain('text-bg-success');
    expect(await flag(page)).toBe('true');
    await expectAccessible(page, 'push enabled');
    // The subscription was made with the server's VAPID key.
    const { publicKey } = await (
      await page.request.get('/api/v1/notifications/vapid-public-key', {
        headers: { authorization: `Bearer ${await storedToken(page)}` },
      })
    ).json();
    const usedKey = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('e2e-push-subscription') ?? '[]'),
    );
    expect(Buffer.from(usedKey).toString('base64url')).toBe(publicKey);

    // The technician opens a ticket and an administrator answers it: the portal sends the push message.
    const techToken = await storedToken(page);
    const machines = await (
      await page.request.get('/api/v1/machinegroup', { headers: { authorization: `Bearer ${techToken}` } })
    ).json();
    const machine = (Array.isArray(machines) ? machines : machines.items)[0].id;
    const created = await page.request.post('/api/v1/tickets', {
      headers: { authorization: `Bearer ${techToken}` },
      data: { title: 'Piatto che non scalda', machine, content: 'Resta a 20 °C.' },
    });
    const { id } = await created.json();
    const admin = await tokenOf(page, 'admin@demo.test');
    await page.request.post(`/api/v1/tickets/${id}/answers`, {
      headers: { authorization: `Bearer ${admin}` },
      data: { content: 'Controlliamo il termistore.' },
    });
    const [message] = await push.waitFor(endpoint);
    expect(JSON.parse(browser.decrypt(message?.body ?? Buffer.alloc(0)))).toMatchObject({
      title: `Nuova risposta al ticket #${id}`,
      body: 'Piatto che non scalda',
      url: `/it/tickets/${id}`,
    });

    // Logout unsubscribes (the flag stays, for the next login); login subscribes again.
    await page.getByRole('button', { name: 'Tiziana Tecnico' }).click();
    const unsubscribed = page.waitForResponse((r) => r.url().endsWith('/api/v1/notifications/unsubscribe'));
    await page.getByRole('button', { name: t('userMenu.logout') }).click();
    expect((await unsubscribed).status()).toBe(204);
    await page.waitForURL(/\/it\/login$/);
    expect(await flag(page)).toBe('true');
    const again = page.waitForResponse((r) => r.url().endsWith('/api/v1/notifications/subscribe'));
    await logIn(page, 'tech@demo.test');
    expect((await again).status()).toBe(204);
    await openPreferences(page, 'tech@demo.test', { loggedIn: true });
    await status(page).getByText(t('push.enabled')).waitFor();

    // Disable: unsubscribed, and the flag cleared.
    const disabled = page.waitForResponse((r) => r.url().endsWith('/api/v1/notifications/unsubscribe'));
    await page.getByRole('button', { name: t('push.disable') }).click();
    expect((await disabled).status()).toBe(204);
    await status(page).getByText(t('push.supported')).waitFor();
    expect(await flag(page)).toBeNull();
  });

  it('delivers a maintenance reminder to a subscribed technician of the machine when a task falls due', async () => {
    const page = await grantedPage();
    const browser = newBrowserKeys();
    const endpoint = push.endpoint();
    await usePushServiceStandIn(page, endpoint, browser.keys);
    await openPreferences(page, 'tech@demo.test');
    const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/v1/notifications/subscribe'));
    await page.getByRole('button', { name: t('push.enable') }).click();
    expect((await subscribed).status()).toBe(204);

    // An administrator gives the technician's machine its own interval for a task: one day, past since it was done.
    const admin = { authorization: `Bearer ${await tokenOf(page, 'admin@demo.test')}` };
    const groups = await (await page.request.get('/api/v1/machinegroup', { headers: admin })).json();
    const voron = (Array.isArray(groups) ? groups : groups.items).find(
      (group: { name: string }) => group.name === 'Voron prototipi',
    );
    const plan = await (
      await page.request.get(`/api/v1/machinegroup/${voron.id}/maintenance`, { headers: admin })
    ).json();
    const filter = plan.tasks.find(
      (each: { task: { name: string } }) => each.task.name === 'Pulire il filtro della camera',
    );
    const override = await page.request.put(
      `/api/v1/machinegroup/${voron.id}/maintenance/${filter.task.id}/override`,
      { headers: admin, data: { everyDays: 1 } },
    );
    expect(override.status()).toBe(200);

    const [message] = await push.waitFor(endpoint);
    expect(JSON.parse(browser.decrypt(message?.body ?? Buffer.alloc(0)))).toMatchObject({
      title: 'Manutenzione scaduta: Voron prototipi',
      body: expect.stringMatching(/^Pulire il filtro della camera: \d+ giorni su 1$/),
      url: `/it/machines/${voron.id}`,
      kind: 'maintenanceDue',
    });
  });
});
