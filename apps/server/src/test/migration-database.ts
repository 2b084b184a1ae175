import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from '../db/database.ts';
import * as schema from '../db/schema.ts';
import { onPostgresServer, postgresUrlOf, usesPostgres } from './test-database.ts';

/** The committed migrations, as a release applies them. */
export const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * An empty database of a migration test's own, on the tests' database (PGlite, or the PostgreSQL server), migrated
 * only when the test says: first to what an earlier release had (`migrationsBefore`), rows written as that release
 * wrote them, then to every migration, as an upgrade does. `folder` holds the earlier release's migrations.
 */
export interface MigrationDatabase {
  db: Database;
  folder: string;
  migrateTo(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
}

export async function openMigrationDatabase(): Promise<MigrationDatabase> {
  const folder = await mkdtemp(path.join(tmpdir(), 'migration-test-'));
  const removeFolder = () => rm(folder, { recursive: true, force: true });
  if (usesPostgres()) {
    const name = `portal_test_${randomUUID().replaceAll('-', '')}`;
    await onPostgresServer(`create database ${name}`);
    const pool = new pg.Pool({ connectionString: postgresUrlOf(name), max: 2 });
    const pgDb = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db: pgDb as unknown as Database,
      folder,
      migrateTo: (migrationsFolder) => migratePg(pgDb, { migrationsFolder }),
      close: async () => {
        await pool.end();
        await onPostgresServer(`drop database if exists ${name} with (force)`);
        await removeFolder();
      },
    };
  }
  const client = await PGlite.create();
  const liteDb = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db: liteDb as unknown as Database,
    folder,
    migrateTo: (migrationsFolder) => migratePglite(liteDb, { migrationsFolder }),
    close: async () => {
      await client.close();
      await removeFolder();
    },
  };
}

/** The migrations as the release before migration `idx` had them, copied into `folder`. */
export async function migrationsBefore(folder: string, idx: number): Promise<string> {
  const earlier = path.join(folder, `drizzle-before-${idx}`);
  await cp(MIGRATIONS, earlier, { recursive: true });
  const journalFile = path.join(earlier, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  await writeFile(journalFile, JSON.stringify(journal));
  return earlier;
}
