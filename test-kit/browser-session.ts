/// <reference lib="dom" />
/** A person's session in the browser: the login form, where the app is, what it stored. */
import type { LoginResponse } from '@portal/contract';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '../apps/web/src/config/storage-keys.ts';
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

export interface SignInOptions {
  password?: string;
  /**
   * Where the page goes once signed in: the dashboard, as after the form, unless a journey starts elsewhere
   * (each page load runs the app again); null stays on the portal's origin without the app, where a journey
   * may ask the API first (the token is stored).
   */
  at?: string | null;
}

/**
 * Signs in without the login form, for journeys about something else (a form sign-in costs a page load and the
 * form's round trip; the form has journeys of its own, with `logIn`): the login answer fetched with the browser's
 * own requests, so the renewal cookie lands in the browser as the form's would, stored where the app keeps it,
 * and then the page `at` names.
 */
export async function signIn(
  page: Page,
  email: string,
  { password = DEMO_PASSWORD, at = '/it/dashboard' }: SignInOptions = {},
): Promise<void> {
  // The portal sends pages asked for by a loopback address to its local name: sign in on that origin.
  const redirect = await page.request.get('/it/login', { maxRedirects: 0 });
  const origin = new URL(redirect.headers().location ?? redirect.url()).origin;
  const answer = await page.request.post(`${origin}/api/v1/auth`, { data: { email, password } });
  if (!answer.ok())
    throw new Error(`sign-in of ${email} answered ${answer.status()}: ${await answer.text()}`);
  const tokens = (await answer.json()) as LoginResponse;
  await page.goto(`${origin}/livez`);
  const stored: Record<string, string> = {
    [STORAGE_KEYS.token]: tokens.access_token,
    [STORAGE_KEYS.videoToken]: tokens.video_token,
  };
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  if (at !== null) await page.goto(`${origin}${at}`);
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
