/// <reference lib="dom" />
/** A person's session in the browser: the login form, where the app is, what it stored. */
import type { Page } from 'playwright-core';
import { t } from './catalog.ts';
import { DEMO_PASSWORD } from './demo.ts';

/** Fills and sends the login form of the page the browser is on. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(t('login.email')).fill(email);
  await page.getByLabel(t('login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
}

/** Logs in through the login form, as a user does, and waits for the dashboard. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/it/login');
  await submitLogin(page, email, password);
  await page.waitForURL(/\/it\/dashboard$/);
}

/** Current pathname plus fragment, for comparing where the app navigated. */
export const location = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.hash;
};

/** The session token the page has stored; null when logged out. */
export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** The id of the signed-in user, read from the dashboard's profile link. */
export async function ownUserId(page: Page): Promise<number> {
  const href = await page.getByRole('link', { name: t('dashboard.profile.open') }).getAttribute('href');
  return Number(href?.split('/').pop());
}
