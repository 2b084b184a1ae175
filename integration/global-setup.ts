import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { newDataDir, spawnPortal, terminate, waitUntilReady } from '../e2e/support/portal.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding the seeded demo database; each test file's portal starts on a copy of it. */
    templateDataDir: string;
  }
}

/**
 * Seeds the demo database once (migrations, demo fleet, hashed passwords take a few seconds), so that each test
 * file's portal starts on a copy in about two.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await newDataDir();
  const portal = await spawnPortal(dataDir);
  await waitUntilReady(portal.url, portal.child, portal.output);
  const code = await terminate(portal);
  if (code !== 0) throw new Error(`the template portal exited with ${code}:\n${portal.output()}`);
  project.provide('templateDataDir', dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}
