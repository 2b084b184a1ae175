import { ensureWebBuild } from '../scripts/web-build.ts';
import { assertChromiumInstalled } from './support/chromium.ts';

/** Fails at once, naming what to install, when Chromium is missing; then builds the app under test. */
export default function setup(): void {
  assertChromiumInstalled();
  ensureWebBuild();
}
