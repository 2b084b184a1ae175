/**
 * The README's screenshots (docs/images/): the demo fleet's machine list and a machine's control panel, as the
 * demo administrator sees them in English on a desktop, taken in headless Chromium from the production build
 * against a fresh demo portal. `npm run docs:screenshots` (about a minute); run it again when those screens change.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { logIn } from '../test-kit/browser-session.ts';
import { launchChromium } from '../test-kit/chromium.ts';
import { startPortal } from '../test-kit/portal.ts';
import { ensureWebBuild } from './web-build.ts';

const IMAGES = fileURLToPath(new URL('../docs/images/', import.meta.url));
/** Long enough for the demo boards' first live readings and the webcams' first frames. */
const SETTLE_MS = 8_000;

ensureWebBuild();
const [portal, browser] = await Promise.all([startPortal({}, { demoFleet: true }), launchChromium()]);
try {
  const context = await browser.newContext({
    baseURL: portal.url,
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  await logIn(page, 'admin@demo.test');
  await page.goto('/en/machines');
  await page.waitForTimeout(SETTLE_MS);
  await page.screenshot({ path: path.join(IMAGES, 'machines.png') });
  await page.goto('/en/machines?q=Prusa%20linea%201');
  await page
    .getByRole('link', { name: /Open machine/ })
    .first()
    .click();
  await page.waitForTimeout(SETTLE_MS);
  await page.screenshot({ path: path.join(IMAGES, 'machine.png') });
  console.log(`Screenshots written to ${IMAGES}`);
} finally {
  await browser.close();
  await portal.stop();
}
