import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createModules } from '../app.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/database.ts';
import { seedDemoFleet } from '../demo/demo-fleet.ts';
import { systemClock } from '../shared/clock.ts';
import { InProcessBus } from '../shared/cluster-bus.ts';
import { TEST_CONFIG, TEST_START } from './test-config.ts';
import { onPostgresServer, postgresUrlOf, type TemplateKind } from './test-database.ts';

/** Seeds the demo fleet through the same modules the application uses. */
async function seed(database: DatabaseHandle, kind: TemplateKind): Promise<void> {
  if (kind === 'demo')
    await seedDemoFleet(
      createModules({ db: database.db, clock: systemClock, config: TEST_CONFIG, bus: new InProcessBus() }),
      {
        db: database.db,
        now: TEST_START,
      },
    );
}

/**
 * Migrates (and seeds) each template database once per run, so that every API test file starts from a
 * copy instead of running the migrations and the seeding itself.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kinds: TemplateKind[] = ['empty', 'demo'];
  // Global setup runs outside the test workers, so the project (not TEST_DATABASE) tells the database.
  if (project.name === 'api-postgres') {
    const names = Object.fromEntries(
      kinds.map((kind) => [kind, `portal_template_${kind}_${randomUUID().replaceAll('-', '')}`]),
    ) as Record<TemplateKind, string>;
    for (const kind of kinds) {
      await onPostgresServer(`create database ${names[kind]}`);
      const database = await openPostgres(postgresUrlOf(names[kind]));
      await seed(database, kind);
      await database.close();
    }
    project.provide('databaseTemplates', names);
    return () =>
      onPostgresServer(...kinds.map((kind) => `drop database if exists ${names[kind]} with (force)`));
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-templates-'));
  const files = {} as Record<TemplateKind, string>;
  for (const kind of kinds) {
    const database = await openPglite(undefined);
    await seed(database, kind);
    files[kind] = path.join(folder, `${kind}.tar`);
    await writeFile(files[kind], Buffer.from(await (await database.dump()).arrayBuffer()));
    await database.close();
  }
  project.provide('databaseTemplates', files);
  return () => rm(folder, { recursive: true, force: true });
}
