import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test-kit/browser-session.ts';
import { launchChromium } from '../test-kit/chromium.ts';
import { measurePage, type PageWeight, SCRIPT_BUDGET_KIB } from '../test-kit/page-weight.ts';
import { type RunningPortal, startPortal } from '../test-kit/portal.ts';

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The page's scripts fetched until it was usable, largest first, for a failure's message. */
const scriptList = (weight: PageWeight) =>
  weight.assets
    .filter((asset) => asset.kind === 'js' && !asset.later)
    .map((asset) => `${asset.path} ${(asset.bytes / 1024).toFixed(1)} KiB`)
    .join('\n');

/** A signed-in profile of the demo administrator, for pages behind the login. */
async function adminProfile() {
  const context = await browser.newContext({ baseURL: portal.url });
  try {
    await signIn(await context.newPage(), 'admin@demo.test', { at: null });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

describe("the login page's weight", () => {
  // What a first visitor waits for: a change that makes it heavier fails here, whatever the code's shape.
  it(`downloads at most ${SCRIPT_BUDGET_KIB.login} KiB of script (gzip) until it can be used`, async () => {
    for (const language of ['it', 'en']) {
      const weight = await measurePage(browser, portal.url, {
        url: `/${language}/login`,
        ready: 'main form button[type="submit"]',
        acceptEncoding: 'gzip',
      });
      expect(weight.finalPath).toBe(`/${language}/login`);
      expect(
        weight.jsBytes / 1024,
        `login page scripts, largest first:\n${scriptList(weight)}`,
      ).toBeLessThanOrEqual(SCRIPT_BUDGET_KIB.login);
    }
  });
});

describe("the fleet page's weight", () => {
  // What a signed-in user waits for first and most often: the shell and the fleet screen.
  it(`downloads at most ${SCRIPT_BUDGET_KIB.fleet} KiB of script (gzip) until it can be used`, async () => {
    const storageState = await adminProfile();
    for (const language of ['it', 'en']) {
      const weight = await measurePage(browser, portal.url, {
        url: `/${language}/machines`,
        ready: 'main h1',
        storageState,
        acceptEncoding: 'gzip',
      });
      expect(weight.finalPath).toBe(`/${language}/machines`);
      expect(
        weight.jsBytes / 1024,
        `fleet page scripts, largest first:\n${scriptList(weight)}`,
      ).toBeLessThanOrEqual(SCRIPT_BUDGET_KIB.fleet);
    }
  });
});
