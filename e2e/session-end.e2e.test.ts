import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { location, logIn, ownUserId, storedToken, submitLogin } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal();

/**
 * Makes the server's user calls answer as the server does for a session it no longer accepts. The test
 * cannot yet disable an account or suspend a business through the API, so those answers are simulated.
 */
function answerUserCalls(page: Page, status: 401 | 403, code: string, message: string) {
  const error = status === 401 ? 'Unauthorized' : 'Forbidden';
  return page.route('**/api/v1/users/*', (route) =>
    route.fulfill({ status, json: { statusCode: status, error, code, message } }),
  );
}

const notice = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

describe('the end of a session', () => {
  it('logs out a user whose account was disabled, and the login page says why', async () => {
    const page = await open();
    await logIn(page, 'customer@demo.test');
    await answerUserCalls(page, 403, 'ACCOUNT_DISABLED', 'This account is disabled');
    await page.reload();
    await page.waitForURL(/\/it\/login$/);
    await notice(page, 'il tuo account è stato disabilitato').waitFor();
    expect(await storedToken(page)).toBeNull();
    // The reason is on the page, not in an error toast.
    expect(await page.getByTestId('toast-area').getByRole('alert').count()).toBe(0);
    await expectAccessible(page, 'the login page of a disabled account');
  });

  it("logs out a user whose business was suspended, in the user's language", async () => {
    const page = await open();
    await logIn(page, 'manager@demo.test');
    await answerUserCalls(page, 403, 'BUSINESS_SUSPENDED', 'The business of this account is suspended');
    await page.goto('/en/dashboard');
    await page.waitForURL(/\/en\/login$/);
    await notice(page, 'your business is suspended').waitFor();
    expect(await storedToken(page)).toBeNull();
  });

  it('returns to the page the session ended on, and a reload of the login page forgets the reason', async () => {
    const page = await open();
    await logIn(page, 'admin@demo.test');
    const profile = `/it/settings/users/${await ownUserId(page)}#profile`;
    await page.goto(profile);
    await page.getByText('admin@demo.test').first().waitFor();
    await answerUserCalls(page, 401, 'SESSION_ENDED', 'This session has ended');
    await page.reload();
    await page.waitForURL(/\/it\/login$/);
    await notice(page, 'La sessione è terminata.').waitFor();
    await expectAccessible(page, 'the login page of an ended session');
    await page.unroute('**/api/v1/users/*');

    await page.reload();
    await page.getByRole('button', { name: t('login.submit'), exact: true }).waitFor();
    expect(await notice(page, 'La sessione è terminata.').count()).toBe(0);
    await submitLogin(page, 'admin@demo.test');
    await page.waitForURL((url) => url.pathname + url.hash === profile);
    await page.getByText('admin@demo.test').first().waitFor();
  });

  it('takes a visitor who opens a page while logged out there after logging in', async () => {
    const page = await open();
    await page.goto('/it/settings#roles');
    await page.waitForURL(/\/it\/login$/);
    // Nobody's session ended here: nothing to explain.
    await page.getByRole('button', { name: t('login.submit'), exact: true }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await submitLogin(page, 'admin@demo.test');
    await page.waitForURL(/\/it\/settings#roles$/);

    // The roles tab reads the permission table of the contract.
    await page.getByRole('table', { name: t('settings.roles.caption') }).waitFor();
    const row = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell');
    expect(await row('Creazione utenti').allTextContents()).toEqual([
      t('settings.roles.cells.createUsers.all'),
      t('settings.roles.cells.createUsers.own'),
      t('settings.roles.reach.none'),
      t('settings.roles.reach.none'),
    ]);
    expect(await row('Scheda macchine').allTextContents()).toEqual([
      t('settings.roles.reach.all'),
      'Sì',
      'Sì',
      'Nascosto',
    ]);
    expect(await row('Elenco aziende').allTextContents()).toEqual([
      t('settings.roles.cells.businessList.all'),
      'Propria',
      'Propria',
      'Propria',
    ]);
    await expectAccessible(page, 'the roles tab');
  });
});

describe('the user menu on a phone', () => {
  it('shows the name in the open menu, and a logout returns nowhere but says the user left', async () => {
    const page = await open({ width: 390, height: 844 });
    await logIn(page, 'manager@demo.test');
    const toggle = page.getByRole('button', { name: 'Marco Manager' });
    await toggle.click();
    // The toggle shows only an icon here; the open menu shows the name.
    expect((await toggle.boundingBox())?.width).toBeLessThan(60);
    const name = page.getByTestId('user-menu-name');
    await name.waitFor();
    expect(await name.textContent()).toBe('Marco Manager');
    await expectAccessible(page, 'the open user menu on a phone');

    await page.getByRole('link', { name: t('userMenu.profile'), exact: true }).click();
    await page.waitForURL(/\/it\/settings\/users\/\d+$/);
    await toggle.click();
    const token = await storedToken(page);
    const logout = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/auth') && response.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: t('userMenu.logout') }).click();
    // The server is told which session to end.
    const answer = await logout;
    expect(answer.request().headers().authorization).toBe(`Bearer ${token}`);
    expect(answer.status()).toBe(204);
    await page.waitForURL(/\/it\/login$/);
    await page
      .getByRole('status')
      .filter({ hasText: t('login.reasons.LOGGED_OUT') })
      .waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await expectAccessible(page, 'the login page after a logout');

    await submitLogin(page, 'manager@demo.test');
    await page.waitForURL(/\/it\/dashboard$/);
    expect(location(page)).toBe('/it/dashboard');
  });
});
