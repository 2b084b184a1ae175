import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/database.ts';

/** Which template a test database starts from: migrated only, or migrated with the demo fleet. */
export type TemplateKind = 'empty' | 'demo';

declare module 'vitest' {
  interface ProvidedContext {
    /** PGlite: the file of each template's data-folder dump. PostgreSQL: each template database's name. */
    databaseTemplates: Record<TemplateKind, string>;
  }
}

export const usesPostgres = () => process.env.TEST_DATABASE === 'postgres';

function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  return url;
}

/** Runs statements on the PostgreSQL server's maintenance connection. */
export async function onPostgresServer(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export function postgresUrlOf(database: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh database for one test file, copied from a template the global setup migrated (and seeded)
 * once: a PGlite data folder loaded from its dump, or `CREATE DATABASE … TEMPLATE` on PostgreSQL.
 */
export async function openTestDatabase(kind: TemplateKind = 'demo'): Promise<DatabaseHandle> {
  const template = inject('databaseTemplates')[kind];
  if (!usesPostgres()) {
    return openPglite(undefined, { loadDataDir: new Blob([await readFile(template)]) });
  }
  const name = `portal_test_${randomUUID().replaceAll('-', '')}`;
  await onPostgresServer(`create database ${name} template ${template}`);
  const handle = await openPostgres(postgresUrlOf(name));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await onPostgresServer(`drop database if exists ${name} with (force)`);
    },
  };
}
