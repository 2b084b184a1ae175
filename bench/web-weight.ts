/**
 * The weight of the web app: the scripts and style sheets a browser downloads to show the login page, and
 * /it/machines once signed in as the demo administrator, each in a fresh profile (nothing cached), against
 * the real portal serving the production build. Script asked for once the page is usable and loaded (work
 * deferred until the browser is idle) is reported apart, as "later". The figure is the gzip size (the browser asks for gzip
 * only), reported against the goal of 170 KiB of script for the login page; the brotli size a browser gets
 * by default is measured in the same run beside it. `npm run bench:web` (under a minute); builds the web app
 * first when its sources changed.
 */
import type { Browser } from 'playwright-core';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { logIn } from '../test-kit/browser-session.ts';
import { launchChromium } from '../test-kit/chromium.ts';
import { startPortal } from '../test-kit/portal.ts';
import { measurePage, type PageVisit, type PageWeight } from './support/page-weight.ts';

const KIB = 1024;
/** The goal: script of the login page, gzip. */
const GOAL_JS_KIB = 170;
const ADMIN = 'admin@demo.test';

const kib = (bytes: number) => Number((bytes / KIB).toFixed(1));
const ratio = (value: number, base: number) => (value / base).toFixed(2);

/** A signed-in profile, made by logging in through the form as a user does. */
async function adminProfile(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'it-IT' });
  try {
    const page = await context.newPage();
    await logIn(page, ADMIN);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

function row(title: string, gzip: PageWeight, brotli: PageWeight) {
  return {
    page: title,
    'shown at': gzip.finalPath,
    files: gzip.files,
    'JS gzip KiB': kib(gzip.jsBytes),
    'CSS gzip KiB': kib(gzip.cssBytes),
    [`JS / ${GOAL_JS_KIB} KiB`]: ratio(gzip.jsBytes / KIB, GOAL_JS_KIB),
    'JS brotli KiB': kib(brotli.jsBytes),
    'later JS gzip KiB': kib(gzip.laterJsBytes),
    'CSS brotli KiB': kib(brotli.cssBytes),
    'brotli / gzip (JS)': ratio(brotli.jsBytes, gzip.jsBytes),
  };
}

async function main(): Promise<void> {
  ensureWebBuild();
  const [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
  try {
    const storageState = await adminProfile(browser, portal.url);
    const pages: [string, Omit<PageVisit, 'acceptEncoding'>][] = [
      ['login', { url: '/it/login', ready: 'main form button[type="submit"]' }],
      ['machines (admin)', { url: '/it/machines', ready: 'main h1', storageState }],
    ];
    const rows = [];
    let loginAssets: PageWeight['assets'] = [];
    for (const [title, visit] of pages) {
      const gzip = await measurePage(browser, portal.url, { ...visit, acceptEncoding: 'gzip' });
      const brotli = await measurePage(browser, portal.url, { ...visit, acceptEncoding: 'br' });
      rows.push(row(title, gzip, brotli));
      if (rows.length === 1) loginAssets = gzip.assets;
    }
    console.table(rows);
    // What to look at first when the login page grows: its scripts, largest first.
    console.log('Login page scripts (gzip KiB, largest first; "later" once idle):');
    console.table(
      loginAssets
        .filter((asset) => asset.kind === 'js')
        .map((asset) => ({ script: asset.path, 'gzip KiB': kib(asset.bytes), later: asset.later })),
    );
    const login = rows[0];
    const loginJs = login ? login['JS gzip KiB'] : Number.NaN;
    console.log(
      `Login page script: ${loginJs} KiB gzip, goal ≤ ${GOAL_JS_KIB} KiB: ${loginJs <= GOAL_JS_KIB ? 'met' : 'missed'}`,
    );
  } finally {
    await browser.close();
    await portal.stop();
  }
}

await main();
