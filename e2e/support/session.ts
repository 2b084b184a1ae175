import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Demo1234!';

/** Logs in through the login form, as a user does, and waits for the dashboard. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/it/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForURL(/\/it\/dashboard$/);
}

/** Current pathname plus fragment, for comparing where the app navigated. */
export const location = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.hash;
};
