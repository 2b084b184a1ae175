import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium } from '../../test-kit/chromium.ts';
import { type PortalOptions, type RunningPortal, startPortal } from '../../test-kit/portal.ts';

/**
 * Registers the hooks of a suite that drives one real portal (with `env`) in one Chromium, and returns
 * `open()`: a page in a fresh browser profile, closed after each test.
 */
export function usePortal(env: Record<string, string> = {}, options: Omit<PortalOptions, 'env'> = {}) {
  let portal: RunningPortal | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(env, options), launchChromium()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

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
      contexts.push(context);
      return context.newPage();
    },
  };
}
