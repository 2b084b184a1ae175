import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** One type for both drivers: everything above this file sees only PostgreSQL through Drizzle. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** PostgreSQL at `url`: the production database. Migrations are applied before it is handed out. */
export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that dies (a server restart) is replaced on the next query; unhandled, its error
  // event would end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  try {
    await migratePg(db, { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    close: () => pool.end(),
  };
}

type QueryOptions = Parameters<PGlite['query']>[2];

/**
 * Drizzle names the same type parsers (dates and intervals as text, which it maps itself) with every query, and
 * PGlite answers a query that names parsers by copying its whole table of them, one per type and array type: a
 * third of the time of a read by primary key. The client drizzle gets puts them in the table once instead.
 */
function withParsersSetOnce(client: PGlite): PGlite {
  const withoutParsers = (options: QueryOptions): QueryOptions => {
    if (!options?.parsers) return options;
    Object.assign(client.parsers, options.parsers);
    const { parsers: _set, ...rest } = options;
    return rest;
  };
  type Queryable = Pick<PGlite, 'query'>;
  const wrapQuery =
    (target: Queryable): PGlite['query'] =>
    (query, params, options) =>
      target.query(query, params, withoutParsers(options));
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') return wrapQuery(target);
      if (property === 'transaction') {
        return (callback: Parameters<PGlite['transaction']>[0]) =>
          target.transaction((tx) =>
            callback(new Proxy(tx, { get: (t, p) => (p === 'query' ? wrapQuery(t) : Reflect.get(t, p)) })),
          );
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The embedded database, which can also be dumped (the tests' template databases are such dumps). */
export interface PgliteHandle extends DatabaseHandle {
  /**
   * The whole data folder as a tar, loadable with `openPglite(undefined, { loadDataDir })`; uncompressed, as the
   * tests' templates load a fifth faster so (40 MB each, on a temporary disk).
   */
  dump(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (PGlite) in `dataDir`, or in memory when `dataDir` is undefined, optionally
 * starting from a dump. PGlite has no lock of its own: the caller must hold the data folder's lock.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir && { dataDir: path.resolve(dataDir) }),
    ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
  });
  const db = drizzlePglite({ client: withParsersSetOnce(client), schema, casing: 'snake_case' });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      // A checkpoint first, so the next start does not replay the write-ahead log.
      await client.exec('checkpoint');
      await client.close();
    },
  };
}
