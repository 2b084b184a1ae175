import type { TestProject } from 'vitest/node';
import { provideTemplateDataDir } from '../test-kit/portal.ts';

/** Seeds the demo database once, so that each test file's portal starts on a copy of it. */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return provideTemplateDataDir(project);
}
