/**
 * The weight of the web app: the scripts and style sheets a browser downloads to show the login page, and
 * /it/machines once signed in as the demo administrator, each in a fresh profile (nothing cached), against
 * the real portal serving the production build. Script asked for once the page is usable and loaded (work
 * deferred until the browser is idle) is reported apart, as "later". The figure is the gzip size (the browser asks for gzip
 * only), reported against the goals of 170 KiB of script for the login page and 200 KiB for /it/machines; the
 * brotli size a browser gets by default is measured in the same run beside it. Then how soon each page shows
 * its largest element (Largest Contentful Paint) with the CPU slowed down 4 times, LCP_SAMPLES times (5 unless
 * told) each in a fresh profile, against the goal of 1.5 s for /it/machines. `npm run bench:web` (about three
 * minutes); builds the web app first when its sources changed.
 */
import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { logIn } from '../test-kit/browser-session.ts';
import { launchChromium } from '../test-kit/chromium.ts';
import { measurePage, type PageVisit, type PageWeight, SCRIPT_BUDGET_KIB } from '../test-kit/page-weight.ts';
import { startPortal } from '../test-kit/portal.ts';
import { CPU_SLOWDOWN, samplePaint } from './support/paint-timing.ts';
import { ms, summarize } from './support/percentiles.ts';

const KIB = 1024;
const GOAL_JS_KIB = SCRIPT_BUDGET_KIB.login;
/** The signed-in fleet page's goals: script (gzip) and Largest Contentful Paint at 4× slowdown. */
const GOAL_FLEET_JS_KIB = SCRIPT_BUDGET_KIB.fleet;
const GOAL_FLEET_LCP_MS = 1500;
const LCP_SAMPLES = Number(process.env.LCP_SAMPLES ?? 5);
const ADMIN = 'admin@demo.test';
const FLEET = 'machines (admin)';

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

const verdict = (met: boolean) => (met ? 'met' : 'missed');
const load = () =>
  loadavg()
    .map((each) => each.toFixed(2))
    .join(' ');

/** A page's scripts until it is usable and loaded (and, when asked, those it loads later), largest first. */
function printScripts(heading: string, assets: PageWeight['assets'], withLater: boolean) {
  console.log(heading);
  console.table(
    assets
      .filter((asset) => asset.kind === 'js' && (withLater || !asset.later))
      .map((asset) => ({
        script: asset.path,
        'gzip KiB': kib(asset.bytes),
        ...(withLater ? { later: asset.later } : {}),
      })),
  );
}

/**
 * Largest Contentful Paint of each page, the CPU slowed down, each sample in a fresh profile; the pages take
 * turns so that a busier moment of the machine falls on both.
 */
async function paintTimes(browser: Browser, baseURL: string, pages: [string, PageVisit][]) {
  const samples = new Map<string, { lcp: number[]; elements: Set<string> }>(
    pages.map(([title]) => [title, { lcp: [], elements: new Set() }]),
  );
  for (let round = 0; round < LCP_SAMPLES; round += 1) {
    for (const [title, visit] of pages) {
      const sample = await samplePaint(browser, baseURL, visit);
      const into = samples.get(title);
      into?.lcp.push(sample.lcpMs);
      into?.elements.add(sample.element);
    }
  }
  return pages.map(([title]) => {
    const { lcp = [], elements = new Set() } = samples.get(title) ?? {};
    return { title, ...summarize(lcp), all: lcp, elements: [...elements] };
  });
}

async function main(): Promise<void> {
  ensureWebBuild();
  const [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
  try {
    const storageState = await adminProfile(browser, portal.url);
    const pages: [string, Omit<PageVisit, 'acceptEncoding'>][] = [
      ['login', { url: '/it/login', ready: 'main form button[type="submit"]' }],
      [FLEET, { url: '/it/machines', ready: 'main h1', storageState }],
    ];
    console.log(`Load average (1, 5, 15 min) at the start: ${load()}`);
    const rows = [];
    const weights: PageWeight[] = [];
    for (const [title, visit] of pages) {
      const gzip = await measurePage(browser, portal.url, { ...visit, acceptEncoding: 'gzip' });
      const brotli = await measurePage(browser, portal.url, { ...visit, acceptEncoding: 'br' });
      rows.push(row(title, gzip, brotli));
      weights.push(gzip);
    }
    console.table(rows);
    const [login, fleet] = weights;
    // What to look at first when a page grows: its scripts, largest first.
    printScripts(
      'Login page scripts (gzip KiB, largest first; "later" once idle):',
      login?.assets ?? [],
      true,
    );
    printScripts(
      '/it/machines (admin) scripts until usable and loaded (gzip KiB, largest first):',
      fleet?.assets ?? [],
      false,
    );
    const loginJs = kib(login?.jsBytes ?? Number.NaN);
    const fleetJs = kib(fleet?.jsBytes ?? Number.NaN);
    console.log(
      `Login page script: ${loginJs} KiB gzip, goal ≤ ${GOAL_JS_KIB} KiB: ${verdict(loginJs <= GOAL_JS_KIB)}`,
    );
    console.log(
      `/it/machines (admin) script: ${fleetJs} KiB gzip, goal ≤ ${GOAL_FLEET_JS_KIB} KiB: ${verdict(fleetJs <= GOAL_FLEET_JS_KIB)}`,
    );

    console.log(
      `Largest Contentful Paint, CPU ${CPU_SLOWDOWN}× slower, ${LCP_SAMPLES} samples each in a fresh profile:`,
    );
    const paints = await paintTimes(browser, portal.url, pages);
    console.table(
      paints.map(({ title, p50, max, all, elements }) => ({
        page: title,
        'median ms': ms(p50),
        'max ms': ms(max),
        samples: all.map(ms).join(' '),
        'largest element': elements.join(' | '),
      })),
    );
    const fleetPaint = paints.find(({ title }) => title === FLEET);
    const fleetLcp = fleetPaint?.p50 ?? Number.NaN;
    console.log(
      `/it/machines (admin) LCP at ${CPU_SLOWDOWN}× slowdown: median ${ms(fleetLcp)} ms, max ${ms(fleetPaint?.max ?? Number.NaN)} ms, ` +
        `goal ≤ ${GOAL_FLEET_LCP_MS} ms: ${verdict(fleetLcp <= GOAL_FLEET_LCP_MS)}`,
    );
    console.log(`Load average (1, 5, 15 min) at the end: ${load()}`);
  } finally {
    await browser.close();
    await portal.stop();
  }
}

await main();
