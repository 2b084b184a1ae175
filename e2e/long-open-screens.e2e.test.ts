import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, storedToken } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { usePortal } from './support/suite.ts';

// Sessions of 20 s: a page in use renews half-way through, an idle one gets the popup straight away.
const suite = usePortal({ SESSION_TTL: '20' }, { demoFleet: true });
const EVENTUALLY = { timeout: 30_000, interval: 250 };

const expiryOf = (token: string | null) => (token ? (decodeJwt(token).exp ?? 0) * 1000 : 0);

/**
 * The wall view, opened by its address as a workshop screen's bookmark would: with sessions this short, any other
 * screen shown first, untouched, would already ask for the password.
 */
async function openWall(page: Page): Promise<void> {
  await signIn(page, 'customer@demo.test', { at: '/it/machines/wall' });
  await page.getByRole('heading', { level: 1, name: t('fleet.wall.title') }).waitFor();
}

describe('a screen left open past the session length', () => {
  it('keeps the wall view signed in and updating, untouched, until its session is revoked', async () => {
    const page = await suite.open();
    await openWall(page);
    const firstToken = await storedToken(page);
    const firstExpiry = expiryOf(firstToken);

    // Nobody touches the page: its live status keeps the session renewed past the first token's end.
    await expect.poll(async () => expiryOf(await storedToken(page)), EVENTUALLY).toBeGreaterThan(firstExpiry);
    await expect.poll(() => Date.now(), EVENTUALLY).toBeGreaterThan(firstExpiry + 2000);
    expect(new URL(page.url()).pathname).toBe('/it/machines/wall');
    expect(await page.getByRole('dialog').count(), 'no expiry popup on a display in use').toBe(0);
    const progress = page.getByTestId('wall-progress').first();
    const before = await progress.innerText();
    await expect.poll(() => progress.innerText(), EVENTUALLY).not.toBe(before);

    // Revoked elsewhere (its own logout call, as a stolen-token cleanup would be): the display signs out.
    const token = await storedToken(page);
    const revoked = await page.evaluate(
      (bearer) => fetch('/api/v1/auth', { method: 'DELETE', headers: { Authorization: `Bearer ${bearer}` } }),
      token,
    );
    expect(revoked).toBeDefined();
    await page.waitForURL(/\/it\/login$/, { timeout: 30_000 });
    await page.getByText(t('login.reasons.SESSION_ENDED')).waitFor();
  });

  it('never interrupts a hidden wall view with the popup, and renews it at once when shown again', async () => {
    const page = await suite.open();
    // A wall opened in a background tab: its document hidden from the first script on.
    await page.addInitScript(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    });
    await openWall(page);
    const token = await storedToken(page);
    const expiry = expiryOf(token);
    // Past the half-way point at which it renews when shown (with 20 s sessions the popup is due at once for a
    // page not in use): hidden, it is neither renewed nor interrupted.
    await expect.poll(() => Date.now(), EVENTUALLY).toBeGreaterThan(expiry - 7500);
    expect(await page.getByRole('dialog').count(), 'no popup on a hidden wall view').toBe(0);
    expect(await storedToken(page), 'a hidden wall view is not renewed').toBe(token);

    // Shown again before its end: renewed at once, still on the wall, still no popup.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(async () => expiryOf(await storedToken(page)), EVENTUALLY).toBeGreaterThan(expiry);
    expect(new URL(page.url()).pathname).toBe('/it/machines/wall');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('asks the machine list, live but untouched, for the password before its session ends', async () => {
    const page = await suite.open();
    // Opened by address, not by a click: its live statuses alone do not keep the session.
    await signIn(page, 'customer@demo.test', { at: '/it/machines' });
    await page.getByRole('heading', { level: 1, name: t('fleet.title') }).waitFor();
    const token = await storedToken(page);
    await page.getByRole('dialog', { name: t('session.expiring.title') }).waitFor({ timeout: 30_000 });
    expect(await storedToken(page), 'only the wall view is renewed untouched').toBe(token);
  });

  it('still asks an idle page for the password before its session ends', async () => {
    const page = await suite.open();
    await signIn(page, 'customer@demo.test');
    // Opened by address, not by a click: nothing on this page is touched, and it shows no live data.
    await page.goto('/it/tickets');
    await page.getByRole('heading', { level: 1, name: t('tickets.title') }).waitFor();
    const token = await storedToken(page);
    await page.getByRole('dialog', { name: t('session.expiring.title') }).waitFor({ timeout: 30_000 });
    expect(await storedToken(page), 'an idle page is not renewed').toBe(token);
  });
});
