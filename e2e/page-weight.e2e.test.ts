import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../test-kit/chromium.ts';
import { measurePage, SCRIPT_BUDGET_KIB } from '../test-kit/page-weight.ts';
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

describe("the login page's weight", () => {
  // What a first visitor waits for: a change that makes it heavier fails here, whatever the code's shape.
  it(`downloads at most ${SCRIPT_BUDGET_KIB.login} KiB of script (gzip) until it can be used`, async () => {
    for (const language of ['it', 'en']) {
      const weight = await measurePage(browser, portal.url, {
        url: `/${language}/login`,
        ready: 'main form button[type="submit"]',
        acceptEncoding: 'gzip',
      });
      const scripts = weight.assets
        .filter((asset) => asset.kind === 'js' && !asset.later)
        .map((asset) => `${asset.path} ${(asset.bytes / 1024).toFixed(1)} KiB`);
      expect(weight.finalPath).toBe(`/${language}/login`);
      expect(
        weight.jsBytes / 1024,
        `login page scripts, largest first:\n${scripts.join('\n')}`,
      ).toBeLessThanOrEqual(SCRIPT_BUDGET_KIB.login);
    }
  });
});
