import { describe, expect, it } from 'vitest';
import { location, logIn } from './support/session.ts';
import { usePortal } from './support/suite.ts';

// Two minutes and ten seconds: the warning, due two minutes before expiry, comes ten seconds in.
const { open } = usePortal({ SESSION_TTL: '130' });

describe('the session-expiry popup', () => {
  it('warns two minutes before expiry, and Submit renews the session', async () => {
    const page = await open();
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
  });

  it('can be ignored, and logs the user out when the session ends', async () => {
    const page = await open();
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
  });

  it('keeps the popup and the session when the password is wrong', async () => {
    const page = await open();
    await page.clock.install();
    await logIn(page, 'tech@demo.test');
    const tokenBefore = await page.evaluate(() => localStorage.getItem('token'));
    const dialog = page.getByTestId('session-expiry-dialog');
    await page.clock.fastForward('00:11');
    await dialog.getByLabel('Password', { exact: true }).fill('Wrong1234!');
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await page.getByTestId('toast-area').getByText('Email o password errati.').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(tokenBefore);
    expect(location(page)).toBe('/it/dashboard');
  });
});
