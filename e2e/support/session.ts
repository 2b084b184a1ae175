import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Demo1234!';

/** Fills and sends the login form of the page the browser is on. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
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
  const href = await page.getByRole('link', { name: 'Apri profilo' }).getAttribute('href');
  return Number(href?.split('/').pop());
}
