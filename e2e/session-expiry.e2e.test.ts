import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { type RunningPortal, startPortal } from './support/portal.ts';
import { logIn, newPage } from './support/session.ts';

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  // Two minutes and ten seconds: the warning, due two minutes before expiry, comes ten seconds in.
  [portal, browser] = await Promise.all([startPortal({ SESSION_TTL: '130' }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the session-expiry popup', () => {
  it('warns two minutes before expiry, and Submit renews the session', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await logIn(page, 'customer@demo.test');
    const tokenBefore = await page.evaluate(() => localStorage.getItem('token'));
    const dialog = page.getByTestId('session-expiry-dialog');
    await dialog.getByText('La sessione sta per scadere').waitFor({ timeout: 30_000 });
    await dialog.getByLabel('Password', { exact: true }).fill('Demo1234!');
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const tokenAfter = await page.evaluate(() => localStorage.getItem('token'));
    expect(tokenAfter).not.toBe(tokenBefore);
    expect(await page.getByTestId('time-left').textContent()).toMatch(/^2m (0\d|10)s$/);
    await context.close();
  });

  it('can be ignored, and logs the user out when the session ends', async () => {
    const { context, page } = await newPage(browser, portal.url);
    // The page's clock flows as usual until the test moves it forward.
    await page.clock.install();
    await logIn(page, 'customer@demo.test');
    const dialog = page.getByTestId('session-expiry-dialog');
    await page.clock.fastForward('00:11');
    await dialog.getByText('La sessione sta per scadere').waitFor();
    await dialog.getByRole('button', { name: 'Ignora' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.clock.fastForward('02:00');
    await page.waitForURL(/\/it\/login$/);
    await context.close();
  });
});
