import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium } from '../../test-kit/chromium.ts';
import { type PortalOptions, type RunningPortal, startPortal } from '../../test-kit/portal.ts';

/**
 * A browser profile and its one tab, lent to a test and, when the test left nothing behind that a reset cannot
 * take back, to the next one. A new tab is most of what a journey costs the browser: Chromium's headless mode
 * spends about a second of CPU on each (docs/benchmarks.md, "The test suite's time"), a profile almost nothing.
 */
interface Lent {
  /** The profile's viewport and colour scheme: it is lent again only to a journey asking for the same. */
  key: string;
  viewport: { width: number; height: number };
  context: BrowserContext;
  page: Page;
  /** The origins the profile loaded from, whose stored data the reset deletes. */
  origins: Set<string>;
  /** The test changed the tab in a way no reset takes back (a fake clock, an init script, a CDP session). */
  tainted: boolean;
}

const NOT_RESETTABLE = {
  page: ['addInitScript', 'exposeFunction', 'exposeBinding'],
  clock: ['install', 'fastForward', 'runFor', 'pauseAt', 'resume', 'setFixedTime', 'setSystemTime'],
  context: ['addInitScript', 'exposeFunction', 'exposeBinding', 'newCDPSession'],
} as const;

/** Marks `lent` tainted when the test calls one of `names` on `target`. */
function taintOn(lent: Lent, target: object, names: readonly string[]): void {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== 'function') continue;
    methods[name] = (...args: unknown[]) => {
      lent.tainted = true;
      return original.apply(target, args);
    };
  }
}

/**
 * Gives the profile back as a fresh one would be: the tab alone on about:blank with no routes or listeners, and
 * no cookies, permissions or stored data (local storage, IndexedDB, caches, service workers) for any origin it
 * loaded. False when it cannot be, and the profile is then closed instead.
 */
async function reset(lent: Lent): Promise<boolean> {
  const { context, page } = lent;
  if (lent.tainted || page.isClosed()) return false;
  try {
    await Promise.all(
      context
        .pages()
        .filter((other) => other !== page)
        .map((other) => other.close()),
    );
    page.removeAllListeners();
    await Promise.all([
      page.unrouteAll({ behavior: 'ignoreErrors' }),
      context.unrouteAll({ behavior: 'ignoreErrors' }),
    ]);
    // Leaving the app ends its timers, streams and sockets.
    await page.goto('about:blank');
    await page.setViewportSize(lent.viewport);
    await Promise.all([context.clearCookies(), context.clearPermissions()]);
    const cdp = await context.newCDPSession(page);
    for (const origin of lent.origins) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    }
    await cdp.detach();
    // That session was the reset's own, detached: it leaves nothing behind.
    lent.tainted = false;
    lent.origins.clear();
    return true;
  } catch {
    return false;
  }
}

/**
 * Registers the hooks of a suite that drives one real portal (with `env`) in one Chromium, and returns
 * `open()`: a page in a browser profile of its own, as fresh as a new one (a profile a test left clean is reset
 * and lent again rather than replaced).
 */
export function usePortal(env: Record<string, string> = {}, options: Omit<PortalOptions, 'env'> = {}) {
  let portal: RunningPortal | undefined;
  let browser: Browser | undefined;
  const idle = new Map<string, Lent[]>();
  const lent: Lent[] = [];

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(env, options), launchChromium()]);
  });
  afterEach(async () => {
    await Promise.all(
      lent.splice(0).map(async (entry) => {
        if (await reset(entry)) idle.set(entry.key, [...(idle.get(entry.key) ?? []), entry]);
        else await entry.context.close().catch(() => undefined);
      }),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  async function newProfile(
    key: string,
    viewport: { width: number; height: number },
    colorScheme: 'light' | 'dark',
  ): Promise<Lent> {
    if (!portal || !browser) throw new Error('the portal is not running');
    // Reduced motion turns Bootstrap's transitions off: the accessibility check must measure the colours a
    // control settles on, never a frame of its fade.
    const context = await browser.newContext({
      baseURL: portal.url,
      viewport,
      locale: 'it-IT',
      reducedMotion: 'reduce',
      colorScheme,
    });
    const page = await context.newPage();
    const entry: Lent = { key, viewport, context, page, origins: new Set(), tainted: false };
    context.on('request', (request) => {
      const { protocol, origin } = new URL(request.url());
      if (protocol === 'http:' || protocol === 'https:') entry.origins.add(origin);
    });
    taintOn(entry, page, NOT_RESETTABLE.page);
    taintOn(entry, page.clock, NOT_RESETTABLE.clock);
    taintOn(entry, context, NOT_RESETTABLE.context);
    return entry;
  }

  return {
    /** The running portal's data folder. */
    dataDir(): string {
      if (!portal) throw new Error('the portal is not running');
      return portal.dataDir;
    },
    /**
     * Stops the portal, lets `work` change its data folder as only someone with the server's files could (its
     * embedded database, its files), and starts it again on it: for states no route or test hook makes.
     */
    async whileStopped(work: (dataDir: string) => Promise<void>): Promise<void> {
      if (!portal) throw new Error('the portal is not running');
      await portal.terminate();
      await work(portal.dataDir);
      await portal.restart();
    },
    /** What the portal printed so far. */
    output(): string {
      if (!portal) throw new Error('the portal is not running');
      return portal.output();
    },
    /** A page at `viewport`, with the system's colour scheme `colorScheme` (dark unless said: the theme a first visit took before it followed the system). */
    async open(
      viewport = { width: 1280, height: 800 },
      { colorScheme = 'dark' }: { colorScheme?: 'light' | 'dark' } = {},
    ): Promise<Page> {
      const key = JSON.stringify([viewport.width, viewport.height, colorScheme]);
      const entry = idle.get(key)?.pop() ?? (await newProfile(key, viewport, colorScheme));
      lent.push(entry);
      return entry.page;
    },
  };
}
