import { Secret, TOTP } from 'otpauth';
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

/**
 * Logs in and waits until the dashboard's own call for the user has been answered (its profile shows the email), so
 * a route installed afterwards meets the next page's call, not that one (which would end the session before the
 * test's reload, and the reload would then forget why).
 */
async function logInSettled(page: Page, email: string): Promise<void> {
  await logIn(page, email);
  await page.getByText(email).first().waitFor();
}

describe('the end of a session', () => {
  it('logs out a user whose account was disabled, and the login page says why', async () => {
    const page = await open();
    await logInSettled(page, 'customer@demo.test');
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
    await logInSettled(page, 'manager@demo.test');
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
    expect(await row('File della macchina').allTextContents()).toEqual([
      t('settings.roles.cells.machineFiles.all'),
      t('settings.roles.cells.machineFiles.own'),
      t('settings.roles.cells.machineFiles.own'),
      t('settings.roles.cells.machineFiles.own'),
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

/** The code an authenticator app shows `aheadMs` from now: the next step's is accepted too, and not yet used. */
const codeOf = (secret: string, aheadMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + aheadMs,
  });

/** The set-up on screen (profile or sign-in): reads the secret, checks the QR code, confirms with a code. */
async function setUpAuthenticator(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('img', { name: t('login.twoFactor.qrAlt') }).waitFor();
  await page.getByLabel(t('login.twoFactor.setupCode')).fill(codeOf(secret));
  await page.getByRole('button', { name: t('login.twoFactor.confirm') }).click();
  const list = page.getByTestId('recovery-codes');
  await list.waitFor();
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}

async function logOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name }).click();
  await page.getByRole('button', { name: t('userMenu.logout') }).click();
  await page.waitForURL(/\/it\/login$/);
}

/** Password, then the second step with `code`. */
async function logInWithCode(page: Page, email: string, code: string): Promise<void> {
  await submitLogin(page, email);
  await page.getByLabel(t('login.twoFactor.code')).fill(code);
  await page.getByRole('button', { name: t('login.twoFactor.submit') }).click();
}

describe('two-factor sign-in', () => {
  it('is turned on from the profile, then asks for a code or a recovery code, each recovery code once', async () => {
    const page = await open();
    await logIn(page, 'customer2@demo.test');
    await page.goto(`/it/settings/users/${await ownUserId(page)}#profile`);
    const card = page.getByTestId('two-factor-card');
    await card.getByRole('button', { name: t('twoFactor.turnOn') }).click();
    const { secret, recoveryCodes } = await setUpAuthenticator(page);
    await page.getByRole('button', { name: t('login.twoFactor.done') }).click();
    await page
      .getByTestId('two-factor-state')
      .filter({ hasText: t('twoFactor.on') })
      .waitFor();
    await expectAccessible(page, 'the profile with two-factor sign-in on');

    await logOut(page, 'Cesare Cliente');
    // The code of the confirmation is used up: the next step's is accepted, once.
    await logInWithCode(page, 'customer2@demo.test', codeOf(secret, 30_000));
    await page.waitForURL(/\/it\/dashboard$/);

    const [recovery = ''] = recoveryCodes;
    await logOut(page, 'Cesare Cliente');
    await logInWithCode(page, 'customer2@demo.test', recovery);
    await page.waitForURL(/\/it\/dashboard$/);

    await logOut(page, 'Cesare Cliente');
    await logInWithCode(page, 'customer2@demo.test', recovery);
    // A used-up code is said at the field, where the next one is typed.
    await page
      .locator('#two-factor-code-error')
      .filter({ hasText: t('errors.INVALID_TWO_FACTOR_CODE') })
      .waitFor();
    expect(location(page)).toBe('/it/login');
    expect(await storedToken(page)).toBeNull();
  });

  it('once an administrator requires it of staff, walks a technician without it through the set-up at sign-in', async () => {
    const admin = await open();
    await logIn(admin, 'admin@demo.test');
    await admin.goto('/it/settings#sessions');
    const required = admin.getByRole('switch', { name: t('settings.twoFactor.required') });
    // The switch shows what the server saved: it turns once the answer is in.
    await required.click();
    const saved = admin
      .getByTestId('toast-area')
      .getByRole('alert')
      .filter({ hasText: t('settings.twoFactor.saved') });
    await saved.waitFor();
    expect(await required.isChecked()).toBe(true);
    // Gone by itself (toasts hide after five seconds), so the toast of the change back below is a new one.
    await saved.waitFor({ state: 'detached' });
    try {
      const page = await open();
      await page.goto('/it/login');
      await submitLogin(page, 'tech@demo.test');
      await page.getByText(t('login.twoFactor.setupRequired')).waitFor();
      await expectAccessible(page, 'the set-up of two-factor sign-in at sign-in');
      await setUpAuthenticator(page);
      // Still on the login page until the codes are saved.
      expect(location(page)).toBe('/it/login');
      await page.getByRole('button', { name: t('login.twoFactor.done') }).click();
      await page.waitForURL(/\/it\/dashboard$/);
    } finally {
      // The other tests of this file sign the administrator in by password alone.
      await required.click();
      await saved.waitFor();
      expect(await required.isChecked()).toBe(false);
    }
  });
});
