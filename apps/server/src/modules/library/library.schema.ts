import { LIMITS, type LibraryStorage, type SlicerMetadata } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { businesses } from '../business/business.schema.ts';
import { users } from '../users/users.schema.ts';

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both take either. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The business's print library (docs/design.md §13): one row per file, in a folder ('' is the root) of its
 * business. The bytes live in the content store the row names (`storage`, under `content_key`), written whole
 * before the row exists, so a row never points at half a file.
 */
export const libraryFiles = pgTable(
  'library_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    folder: varchar({ length: LIMITS.libraryFolderMax }).notNull().default(''),
    name: varchar({ length: LIMITS.libraryNameMax }).notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp({ withTimezone: true }).notNull(),
    /** What the slicer wrote into the file (time, filament, layer height…), read at upload; null: nothing read. */
    metadata: jsonb().$type<SlicerMetadata>(),
    storage: varchar({ length: 16 }).$type<LibraryStorage>().notNull(),
    contentKey: uuid().notNull(),
  },
  (table) => [
    uniqueIndex('library_files_name_unique').on(table.businessId, table.folder, table.name),
    uniqueIndex('library_files_content_unique').on(table.contentKey),
    check('library_files_storage', sql`${table.storage} in ('folder', 'database')`),
    check('library_files_size', sql`${table.size} >= 0`),
  ],
);

/**
 * The thumbnail a library file's slicer embedded that the library shows (the largest PNG or JPEG), kept at upload
 * so that showing it never reads the file again.
 */
export const libraryThumbnails = pgTable(
  'library_thumbnails',
  {
    fileId: integer()
      .primaryKey()
      .references(() => libraryFiles.id, { onDelete: 'cascade' }),
    format: varchar({ length: 8 }).$type<'png' | 'jpg'>().notNull(),
    data: bytea().notNull(),
  },
  (table) => [check('library_thumbnails_format', sql`${table.format} in ('png', 'jpg')`)],
);

/**
 * The folders of each business's library, so that an empty folder exists. Every folder above a file's or a
 * folder's is a row too (the root, '', is none).
 */
export const libraryFolders = pgTable(
  'library_folders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    path: varchar({ length: LIMITS.libraryFolderMax }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('library_folders_path_unique').on(table.businessId, table.path),
    check('library_folders_not_root', sql`${table.path} <> ''`),
  ],
);

/**
 * The database content store's bytes (docs/design.md §13): each file's content in chunks of at most 256 KiB, in
 * order of `seq`. Written before the file's row, so not a foreign key: chunks neither a row nor a retirement names,
 * older than a day, are what an interrupted upload left and are swept.
 */
export const libraryFileChunks = pgTable(
  'library_file_chunks',
  {
    contentKey: uuid().notNull(),
    seq: integer().notNull(),
    data: bytea().notNull(),
    writtenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contentKey, table.seq] }),
    index('library_file_chunks_written_idx').on(table.writtenAt),
  ],
);

/**
 * Contents a file no longer names (replaced by a slicer's upload of the same name, or the file deleted), in either
 * store: recorded in the transaction that let go of them, and removed by the library's sweep a day later, so that
 * a read begun before (a download, the print queue sending the file to a board), on any instance, ends whole.
 */
export const libraryRetiredContents = pgTable(
  'library_retired_contents',
  {
    contentKey: uuid().primaryKey(),
    storage: varchar({ length: 16 }).$type<LibraryStorage>().notNull(),
    retiredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('library_retired_contents_retired_idx').on(table.retiredAt),
    check('library_retired_contents_storage', sql`${table.storage} in ('folder', 'database')`),
  ],
);
