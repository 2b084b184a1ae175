/// <reference lib="dom" />
/**
 * When a page shows its largest element (Largest Contentful Paint) on a slow device: the CPU slowed down
 * through the DevTools protocol before the navigation, a fresh profile (nothing cached) for every sample.
 */
import type { Browser, Page } from 'playwright-core';
import type { PageVisit } from '../../test-kit/page-weight.ts';

/** The settings of the measurement, as the report states them. */
export const CPU_SLOWDOWN = 4;

/** The page is settled once no request at all was in flight for this long… */
const QUIET_MS = 1000;
/** …or after this long at most (a page that polls never goes quiet). */
const QUIET_LIMIT_MS = 20_000;

export interface PaintSample {
  /** Milliseconds from the start of the navigation to the last largest-contentful-paint entry. */
  lcpMs: number;
  /** The element painted last as the largest, for the report: tag and the start of its text. */
  element: string;
}

/** Waits until the page had no request in flight for QUIET_MS (or QUIET_LIMIT_MS passed). */
function trackQuiet(page: Page): () => Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const limit = Date.now() + QUIET_LIMIT_MS;
    while ((inFlight > 0 || Date.now() - lastActivity < QUIET_MS) && Date.now() < limit) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

/**
 * Notes each largest-contentful-paint candidate's element as it comes, while the element is still in the
 * page (a spinner or placeholder the page replaces later is gone by the time the figure is read).
 */
async function describeCandidates(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Record<string, string> = {};
    (window as { lcpElements?: Record<string, string> }).lcpElements = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const { element, size } = entry as PerformanceEntry & { element?: Element | null; size?: number };
        const text = (element?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        const name = element ? `${element.tagName.toLowerCase()}${text ? ` "${text}"` : ''}` : '?';
        seen[entry.startTime.toFixed(1)] = `${name}, ${size ?? '?'} px²`;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** The last largest-contentful-paint entry the page recorded, read with a buffered PerformanceObserver. */
function lastLcp(page: Page): Promise<PaintSample | null> {
  return page.evaluate(
    () =>
      new Promise<PaintSample | null>((resolve) => {
        // Buffered entries come in the first callback; a page that recorded none gets no callback.
        const none = setTimeout(() => resolve(null), 1000);
        new PerformanceObserver((list, observer) => {
          const last = list.getEntries().at(-1);
          if (!last) return;
          clearTimeout(none);
          observer.disconnect();
          const seen = (window as { lcpElements?: Record<string, string> }).lcpElements ?? {};
          resolve({ lcpMs: last.startTime, element: seen[last.startTime.toFixed(1)] ?? '?' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/**
 * Opens `visit.url` once in a fresh profile, the CPU slowed down CPU_SLOWDOWN times from before the
 * navigation, waits until the page is usable, loaded and quiet, and reads its Largest Contentful Paint.
 * `visit.storageState` signs the profile in before the navigation, so the figure is the page's own.
 */
export async function samplePaint(browser: Browser, baseURL: string, visit: PageVisit): Promise<PaintSample> {
  const context = await browser.newContext({ baseURL, locale: 'it-IT', storageState: visit.storageState });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await describeCandidates(page);
    const quiet = trackQuiet(page);
    await page.goto(visit.url);
    await page.locator(visit.ready).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('load');
    await quiet();
    const sample = await lastLcp(page);
    if (!sample) throw new Error(`${visit.url}: no largest-contentful-paint entry`);
    const { pathname } = new URL(page.url());
    if (pathname !== visit.url) throw new Error(`${visit.url} ended at ${pathname}: not the page asked for`);
    return sample;
  } finally {
    await context.close();
  }
}
