import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { location, logIn, ownUserId, storedToken, submitLogin } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

// Two minutes and ten seconds: the warning, due two minutes before expiry, comes ten seconds in.
// Every test installs the page's clock, which flows as usual until the test moves it forward.
const { open } = usePortal({ SESSION_TTL: '130' });

const seconds = (text: string | null) => {
  const [, m, s] = /^(\d+)m (\d+)s$/.exec(text ?? '') ?? [];
  return Number(m) * 60 + Number(s);
};

/**
 * Opens, by its address, a page with no live data that nobody touches: the popup is for idle pages (one in use
 * renews its session by itself, e2e/long-open-screens.e2e.test.ts).
 */
async function openIdlePage(page: Page): Promise<void> {
  await page.goto('/it/tickets');
  await page.getByRole('heading', { level: 1, name: t('tickets.title') }).waitFor();
}

describe('the session-expiry popup', () => {
  it('warns in a normal modal two minutes before expiry, with the password focused and the time left', async () => {
    const page = await open();
    await page.clock.install();
    await logIn(page, 'customer@demo.test');
    await openIdlePage(page);
    await page.clock.fastForward('00:11');
    const dialog = page.getByRole('dialog', { name: t('session.expiring.title') });
    await dialog.waitFor();

    // A centred dialog of the default width, not the full-screen overlay.
    const box = await dialog.locator('.modal-content').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(500);
    expect(box?.height).toBeLessThan(800);
    const password = dialog.getByLabel(t('login.password'), { exact: true });
    await expect.poll(() => password.evaluate((input) => input === document.activeElement)).toBe(true);

    const timeLeft = dialog.getByTestId('session-expiry-time-left');
    const before = seconds(await timeLeft.textContent());
    expect(before).toBeGreaterThan(110);
    expect(before).toBeLessThanOrEqual(120);
    await page.clock.fastForward('00:01');
    await expect.poll(async () => seconds(await timeLeft.textContent())).toBeLessThan(before);
    await expectAccessible(page, 'the session-expiry popup');
  });

  it('renews the session on Submit, sending the token it replaces', async () => {
    const page = await open();
    await page.clock.install();
    await logIn(page, 'customer@demo.test');
    await openIdlePage(page);
    const tokenBefore = await storedToken(page);
    await page.clock.fastForward('00:11');
    const dialog = page.getByRole('dialog', { name: t('session.expiring.title') });
    await dialog.waitFor();
    // Back to the server's time, or the renewed session would be due for its own warning at once.
    await page.clock.setSystemTime(Date.now());

    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/auth') && response.request().method() === 'POST',
    );
    await dialog.getByLabel(t('login.password'), { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: t('session.expiring.submit') }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.request().headers().authorization).toBe(`Bearer ${tokenBefore}`);
    await dialog.waitFor({ state: 'hidden' });
    expect(await storedToken(page)).toBe((await response.json()).access_token);
  });

  it('can be ignored; when the session ends the login page says so, and logging in returns to the page', async () => {
    const page = await open();
    await page.clock.install();
    await logIn(page, 'customer@demo.test');
    const profile = `/it/settings/users/${await ownUserId(page)}#profile`;
    await page.goto(profile);
    await page.getByText('customer@demo.test').first().waitFor();
    const dialog = page.getByRole('dialog', { name: t('session.expiring.title') });
    await page.clock.fastForward('00:11');
    await dialog.getByRole('button', { name: t('session.expiring.ignore') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.clock.fastForward('02:00');
    await page.waitForURL(/\/it\/login$/);
    await page.getByRole('alert').filter({ hasText: 'La sessione è scaduta.' }).waitFor();
    expect(await storedToken(page)).toBeNull();
    await expectAccessible(page, 'the login page after the session expired');

    await page.clock.setSystemTime(Date.now());
    await submitLogin(page, 'customer@demo.test');
    await page.waitForURL((url) => url.pathname + url.hash === profile);
    await page.getByText('customer@demo.test').first().waitFor();
  });

  it('keeps the popup and the session when the password is wrong', async () => {
    const page = await open();
    await page.clock.install();
    await logIn(page, 'tech@demo.test');
    await openIdlePage(page);
    const tokenBefore = await storedToken(page);
    const dialog = page.getByRole('dialog', { name: t('session.expiring.title') });
    await page.clock.fastForward('00:11');
    await dialog.getByLabel(t('login.password'), { exact: true }).fill('Wrong1234!');
    await dialog.getByRole('button', { name: t('session.expiring.submit') }).click();
    await page.getByTestId('toast-area').getByText(t('errors.INVALID_CREDENTIALS')).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await storedToken(page)).toBe(tokenBefore);
    expect(location(page)).toBe('/it/tickets');
  });
});
