/// <reference lib="dom" />
/**
 * What a browser downloads to show one page: every script and style sheet response, with the bytes that
 * crossed the wire (the encoded body, so the compressed size when the server compressed it).
 */
import type { Browser, BrowserContextOptions, Request } from 'playwright-core';

/**
 * The web app's weight budgets, script as gzip transfers it until the page is usable and loaded: the login page's
 * and the signed-in fleet page's, both checked by the end-to-end suite on every run (e2e/page-weight.e2e.test.ts)
 * and reported by `npm run bench:web`.
 */
export const SCRIPT_BUDGET_KIB = { login: 170, fleet: 200 } as const;

export interface PageWeight {
  /** Where the browser ended up (a route this branch lacks redirects elsewhere). */
  finalPath: string;
  /** Bytes of script and style sheet bodies as transferred until the page was usable and loaded. */
  jsBytes: number;
  cssBytes: number;
  /** Script the page asked for afterwards, in the background (work deferred until the browser is idle). */
  laterJsBytes: number;
  /** How many scripts and style sheets were fetched, later ones included. */
  files: number;
  /** Each script and style sheet: its path, bytes as transferred, and whether it was asked for later. */
  assets: { path: string; kind: Kind; bytes: number; later: boolean }[];
}

export interface PageVisit {
  url: string;
  /** Shown once the page is usable: the measurement waits for it. */
  ready: string;
  /** A signed-in profile (Playwright's storage state), or none for a visitor. */
  storageState?: BrowserContextOptions['storageState'];
  /** The Accept-Encoding the browser sends; Chromium's own (brotli first) when absent. */
  acceptEncoding?: string;
}

export type Kind = 'js' | 'css';

/** Background loading is over once no script or style sheet was asked for in this long… */
const QUIET_MS = 3000;
/** …or after this long at most. */
const QUIET_LIMIT_MS = 20_000;

function kindOf(request: Request): Kind | undefined {
  const type = request.resourceType();
  if (type === 'script') return 'js';
  if (type === 'stylesheet') return 'css';
  // Module preloads report as 'other': the extension tells.
  const pathname = new URL(request.url()).pathname;
  if (pathname.endsWith('.js')) return 'js';
  if (pathname.endsWith('.css')) return 'css';
  return undefined;
}

/**
 * Opens `visit.url` in a fresh profile (nothing cached) and sums what its scripts and style sheets weighed:
 * those asked for until the page was usable and loaded, and apart those asked for later, until the network
 * went quiet. Throws when a response came back in another encoding than the one asked for, so a figure is
 * never a mislabelled one.
 */
export async function measurePage(browser: Browser, baseURL: string, visit: PageVisit): Promise<PageWeight> {
  const context = await browser.newContext({
    baseURL,
    locale: 'it-IT',
    storageState: visit.storageState,
    extraHTTPHeaders: visit.acceptEncoding ? { 'Accept-Encoding': visit.acceptEncoding } : undefined,
  });
  try {
    const page = await context.newPage();
    // Notes, on the page's own clock, the moment `ready` first shows: requests are timed on it too.
    await page.addInitScript((ready) => {
      const note = () => {
        if (document.querySelector(ready) === null) return false;
        (window as { readyAt?: number }).readyAt ??= performance.timeOrigin + performance.now();
        return true;
      };
      new MutationObserver((_changes, observer) => {
        if (note()) observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    }, visit.ready);
    const pending: Promise<{ path: string; kind: Kind; bytes: number; startTime: number }>[] = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    page.on('request', (request) => {
      if (!kindOf(request)) return;
      inFlight += 1;
      lastActivity = Date.now();
    });
    page.on('requestfinished', (request) => {
      const kind = kindOf(request);
      if (!kind) return;
      inFlight -= 1;
      lastActivity = Date.now();
      pending.push(
        (async () => {
          const response = await request.response();
          const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
          const wanted = visit.acceptEncoding?.split(',')[0]?.trim();
          if (wanted && encoding !== wanted) {
            throw new Error(`${request.url()} came back as ${encoding}, not ${wanted}`);
          }
          const { responseBodySize } = await request.sizes();
          const { pathname } = new URL(request.url());
          return { path: pathname, kind, bytes: responseBodySize, startTime: request.timing().startTime };
        })(),
      );
    });
    page.on('requestfailed', (request) => {
      if (kindOf(request)) pending.push(Promise.reject(new Error(`${request.url()} failed`)));
    });
    await page.goto(visit.url);
    await page.locator(visit.ready).first().waitFor();
    await page.waitForLoadState('load');
    // The page is usable and loaded: whatever it asked for until then (a lazy screen's chunks) is its own;
    // what it asks for afterwards, in the background, is counted apart, until no script or style sheet
    // has been asked for in QUIET_MS.
    const settledAt = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const loadedAt = performance.timeOrigin + (navigation?.loadEventEnd ?? 0);
      return Math.max(loadedAt, (window as { readyAt?: number }).readyAt ?? Number.POSITIVE_INFINITY);
    });
    const quietBy = Date.now() + QUIET_LIMIT_MS;
    while ((inFlight > 0 || Date.now() - lastActivity < QUIET_MS) && Date.now() < quietBy) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const responses = await Promise.all(pending);
    const sum = (kind: Kind, inBackground: boolean) =>
      responses
        .filter((each) => each.kind === kind && each.startTime > settledAt === inBackground)
        .reduce((total, each) => total + each.bytes, 0);
    return {
      finalPath: new URL(page.url()).pathname,
      jsBytes: sum('js', false),
      cssBytes: sum('css', false),
      laterJsBytes: sum('js', true),
      files: responses.length,
      assets: responses
        .map(({ path, kind, bytes, startTime }) => ({ path, kind, bytes, later: startTime > settledAt }))
        .sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await context.close();
  }
}
