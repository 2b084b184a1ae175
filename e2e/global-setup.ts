import type { TestProject } from 'vitest/node';
import { ensureWebBuild } from '../scripts/web-build.ts';
import { assertChromiumInstalled } from '../test-kit/chromium.ts';
import { provideTemplateDataDir } from '../test-kit/portal.ts';

/**
 * Fails at once, naming what to install, when Chromium is missing; then builds the app under test and seeds the
 * demo database once, for each test file's portal to start on a copy.
 */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  assertChromiumInstalled();
  ensureWebBuild();
  return provideTemplateDataDir(project);
}
