import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { location, logIn, submitLogin } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal();

async function failLogin(page: Page, email: string) {
  await submitLogin(page, email, 'Wrong1234!');
  const toast = page
    .getByTestId('toast-area')
    .getByRole('alert')
    .filter({ hasText: t('errors.INVALID_CREDENTIALS') });
  await toast.waitFor();
  return toast;
}

describe('toasts', () => {
  it('hide after five seconds, but not while the pointer is over them', async () => {
    const page = await open();
    await page.clock.install();
    await page.goto('/it/login');
    const toast = await failLogin(page, 'manager@demo.test');
    expect(await toast.getByText(t('toast.error')).count()).toBe(1);
    await toast.hover();
    await page.clock.fastForward('00:06');
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.move(0, 0);
    await page.clock.fastForward('00:04');
    expect(await toast.isVisible()).toBe(true);
    await page.clock.fastForward('00:02');
    await toast.waitFor({ state: 'detached' });
  });

  it('go away when clicked', async () => {
    const page = await open();
    await page.goto('/it/login');
    const toast = await failLogin(page, 'manager2@demo.test');
    // The pointer over the toast holds its five seconds, however long the accessibility scan takes.
    await toast.hover();
    await expectAccessible(page, 'the login page with an error toast');
    await toast.click();
    await toast.waitFor({ state: 'detached' });
  });
});

describe('sessions and redirects', () => {
  it('treats an expired stored token as logged out', async () => {
    const page = await open();
    await logIn(page, 'customer2@demo.test');
    await page.evaluate(() => {
      const [header, payload, signature] = (localStorage.getItem('token') ?? '').split('.');
      const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/')));
      const expired = btoa(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      localStorage.setItem('token', `${header}.${expired}.${signature}`);
    });
    await page.goto('/it/dashboard');
    await page.waitForURL(/\/it\/login$/);
    await page.getByRole('alert').filter({ hasText: 'La sessione è scaduta.' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('sends a logged-in user from /login to the dashboard, and old user addresses to settings', async () => {
    const page = await open();
    await logIn(page, 'admin@demo.test');
    await page.goto('/it/login');
    await page.waitForURL(/\/it\/dashboard$/);
    const profileHref = await page
      .getByRole('link', { name: t('dashboard.profile.open') })
      .getAttribute('href');
    const id = profileHref?.split('/').pop();
    await page.goto(`/it/users/${id}`);
    await page.waitForURL(new RegExp(`/it/settings/users/${id}$`));
    await page.goto('/it/users');
    await page.waitForURL(/\/it\/settings#users$/);
  });

  it('redirects a path without language to the stored language', async () => {
    const page = await open();
    await page.goto('/en/login');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto('/login');
    await page.waitForURL(/\/en\/login$/);
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    expect(location(page)).toBe('/en/login');
  });

  it('shows a user page that cannot be loaded as not found, at its own address, with the way to the list', async () => {
    const page = await open();
    await logIn(page, 'admin@demo.test');
    await page.goto('/it/settings/users/999999');
    const notFound = page.getByTestId('record-not-found');
    await notFound.getByRole('heading', { name: t('notFound.record.user') }).waitFor();
    expect(location(page)).toBe('/it/settings/users/999999');
    // Said once, on the page: no error toast besides.
    expect(await page.getByTestId('toast-area').getByRole('alert').count()).toBe(0);
    await expectAccessible(page, 'a user that is not there');
    await notFound.getByRole('link', { name: t('notFound.record.toUsers') }).click();
    await page.waitForURL(/\/it\/settings#users$/);
    await page.getByRole('heading', { name: t('settings.title') }).waitFor();
  });

  it('shows a customer, who has no user list, a user page that cannot be loaded as not found', async () => {
    const page = await open();
    await logIn(page, 'customer@demo.test');
    await page.goto('/it/settings/users/999999');
    const notFound = page.getByTestId('record-not-found');
    await notFound.getByRole('heading', { name: t('notFound.record.user') }).waitFor();
    expect(location(page)).toBe('/it/settings/users/999999');
    expect(await notFound.getByRole('link', { name: t('notFound.record.toUsers') }).count()).toBe(0);
    await notFound.getByRole('link', { name: t('notFound.toDashboard') }).click();
    await page.waitForURL(/\/it\/dashboard$/);
    await page.getByRole('heading', { name: t('dashboard.title') }).waitFor();
  });
});
