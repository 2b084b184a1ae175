import { folderAndAncestors, type LibraryStorage, type SlicerMetadata } from '@portal/contract';
import { and, asc, count, eq, ilike, inArray, like, lt, notLike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../shared/db-errors.ts';
import { libraryFiles, libraryFolders, libraryRetiredContents, libraryThumbnails } from './library.schema.ts';

/** A library file's row: where it is, what it is, and where its bytes are kept. */
export type LibraryFileRow = typeof libraryFiles.$inferSelect;

/** The thumbnail a file's slicer embedded that the library shows: its format and its image. */
export interface LibraryThumbnail {
  format: 'png' | 'jpg';
  data: Uint8Array;
}

/** A content no file names any more, waiting for the sweep: its store and key. */
export type RetiredContent = Pick<LibraryFileRow, 'storage' | 'contentKey'>;

/** What a new file's row holds (its content already stored). */
export interface NewLibraryFile {
  businessId: number;
  folder: string;
  name: string;
  size: number;
  sha256: string;
  uploadedBy: number | null;
  uploadedAt: Date;
  metadata: SlicerMetadata | null;
  storage: LibraryStorage;
  contentKey: string;
}

/** `text` in a LIKE pattern, matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The folders directly inside `folder` ('' the root): one more name, no further '/'. */
const childrenOf = (folder: string): SQL | undefined => {
  const prefix = folder === '' ? '' : `${escapeLike(folder)}/`;
  return and(like(libraryFolders.path, `${prefix}%`), notLike(libraryFolders.path, `${prefix}%/%`));
};

/** The library's rows: files and folders of each business (docs/design.md §13). */
export class LibraryRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The file `id`, of `businessId` when one is given (another business's is null, as a missing one). */
  async findFile(id: number, businessId?: number): Promise<LibraryFileRow | null> {
    const [row] = await this.#db
      .select()
      .from(libraryFiles)
      .where(
        and(
          eq(libraryFiles.id, id),
          businessId === undefined ? undefined : eq(libraryFiles.businessId, businessId),
        ),
      );
    return row ?? null;
  }

  /** The file named `name` in `folder` of the business, if there is one. */
  async fileNamed(businessId: number, folder: string, name: string): Promise<LibraryFileRow | null> {
    const [row] = await this.#db
      .select()
      .from(libraryFiles)
      .where(
        and(
          eq(libraryFiles.businessId, businessId),
          eq(libraryFiles.folder, folder),
          eq(libraryFiles.name, name),
        ),
      );
    return row ?? null;
  }

  /** The files of `folder` of the business whose name begins with `prefix`, compared exactly (case too). */
  filesBeginning(businessId: number, folder: string, prefix: string): Promise<LibraryFileRow[]> {
    return this.#db
      .select()
      .from(libraryFiles)
      .where(
        and(
          eq(libraryFiles.businessId, businessId),
          eq(libraryFiles.folder, folder),
          like(libraryFiles.name, `${escapeLike(prefix)}%`),
        ),
      );
  }

  /**
   * Adds a file's row with its thumbnail, and its folder with every folder above it when they are not there yet;
   * 'taken' when the folder already has a file of that name.
   */
  async insertFile(
    file: NewLibraryFile,
    thumbnail: LibraryThumbnail | null,
  ): Promise<LibraryFileRow | 'taken'> {
    try {
      return await this.#db.transaction(async (tx) => {
        await ensureFolders(tx, file.businessId, file.folder, file.uploadedAt);
        const [row] = await tx.insert(libraryFiles).values(file).returning();
        if (!row) throw new Error('the library file was not inserted');
        if (thumbnail) await tx.insert(libraryThumbnails).values({ fileId: row.id, ...thumbnail });
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  /**
   * Gives the file of `file`'s business, folder and name the content `file` describes (size, hash, metadata, store
   * and key, uploader and time) and `thumbnail` in place of its own, in one transaction with its row locked: null
   * when there is no such file, `{ keptBy }` when `keeperOf` names what still needs its current content (nothing
   * changed). The earlier content is retired in the same transaction, at the new one's upload time. Answers the row
   * as it was and as it is now.
   */
  async replaceFile(
    file: NewLibraryFile,
    thumbnail: LibraryThumbnail | null,
    keeperOf: (db: Queryable, fileId: number) => Promise<string | null>,
  ): Promise<{ before: LibraryFileRow; after: LibraryFileRow } | { keptBy: string } | null> {
    return this.#db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(libraryFiles)
        .where(
          and(
            eq(libraryFiles.businessId, file.businessId),
            eq(libraryFiles.folder, file.folder),
            eq(libraryFiles.name, file.name),
          ),
        )
        .for('update');
      if (!before) return null;
      const keptBy = await keeperOf(tx, before.id);
      if (keptBy !== null) return { keptBy };
      const { size, sha256, uploadedBy, uploadedAt, metadata, storage, contentKey } = file;
      const [after] = await tx
        .update(libraryFiles)
        .set({ size, sha256, uploadedBy, uploadedAt, metadata, storage, contentKey })
        .where(eq(libraryFiles.id, before.id))
        .returning();
      if (!after) throw new Error('the library file was not updated');
      await tx.delete(libraryThumbnails).where(eq(libraryThumbnails.fileId, before.id));
      if (thumbnail) await tx.insert(libraryThumbnails).values({ fileId: before.id, ...thumbnail });
      await retire(tx, before, uploadedAt);
      return { before, after };
    });
  }

  /** What `keeperOf` says still needs the file's current content, read outside any transaction. */
  keptBy(fileId: number, keeperOf: (db: Queryable, fileId: number) => Promise<string | null>) {
    return keeperOf(this.#db, fileId);
  }

  /**
   * Moves a file to `folder` (created with the folders above it) under `name`; null when there is no such file,
   * 'taken' when that folder already has a file of that name.
   */
  async moveFile(
    id: number,
    folder: string,
    name: string,
    at: Date,
  ): Promise<LibraryFileRow | 'taken' | null> {
    try {
      return await this.#db.transaction(async (tx) => {
        const [current] = await tx.select().from(libraryFiles).where(eq(libraryFiles.id, id));
        if (!current) return null;
        await ensureFolders(tx, current.businessId, folder, at);
        const [row] = await tx
          .update(libraryFiles)
          .set({ folder, name })
          .where(eq(libraryFiles.id, id))
          .returning();
        return row ?? null;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  /** The names (name and surname) of the users who uploaded files, by id. */
  async uploaderNames(ids: readonly (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await this.#db
      .select({ id: users.id, name: users.name, surname: users.surname })
      .from(users)
      .where(inArray(users.id, wanted));
    return new Map(rows.map((row) => [row.id, `${row.name} ${row.surname}`.trim()]));
  }

  async businessExists(id: number): Promise<boolean> {
    const [row] = await this.#db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, id));
    return row !== undefined;
  }

  /** The thumbnail the library shows of a file, if it has one. */
  async thumbnail(fileId: number): Promise<LibraryThumbnail | null> {
    const [row] = await this.#db
      .select({ format: libraryThumbnails.format, data: libraryThumbnails.data })
      .from(libraryThumbnails)
      .where(eq(libraryThumbnails.fileId, fileId));
    return row ?? null;
  }

  /** Which of the files have a thumbnail. */
  async withThumbnails(fileIds: readonly number[]): Promise<Set<number>> {
    if (fileIds.length === 0) return new Set();
    const rows = await this.#db
      .select({ id: libraryThumbnails.fileId })
      .from(libraryThumbnails)
      .where(inArray(libraryThumbnails.fileId, [...fileIds]));
    return new Set(rows.map((row) => row.id));
  }

  /** Deletes the file's row, retiring its content at `at`, and answers it (null: there was none). */
  async deleteFile(id: number, at: Date): Promise<LibraryFileRow | null> {
    return this.#db.transaction(async (tx) => {
      const [row] = await tx.delete(libraryFiles).where(eq(libraryFiles.id, id)).returning();
      if (row) await retire(tx, row, at);
      return row ?? null;
    });
  }

  /**
   * Deletes every file of a business being deleted, in the deletion's transaction `tx`, retiring their contents
   * at `at`: the cascade would delete the rows too, but retire nothing, and the folder store would keep the
   * contents for ever. Deleted here rather than read, a content replaced meanwhile is the one retired.
   */
  async deleteFilesOfBusiness(tx: Database, businessId: number, at: Date): Promise<void> {
    const gone = await tx
      .delete(libraryFiles)
      .where(eq(libraryFiles.businessId, businessId))
      .returning({ storage: libraryFiles.storage, contentKey: libraryFiles.contentKey });
    for (let start = 0; start < gone.length; start += RETIRE_BATCH)
      await retireAll(tx, gone.slice(start, start + RETIRE_BATCH), at);
  }

  /** The contents retired before `before` in the given stores, which no read can still be under way on. */
  retiredBefore(before: Date, storages: readonly LibraryStorage[]): Promise<RetiredContent[]> {
    return this.#db
      .select({ storage: libraryRetiredContents.storage, contentKey: libraryRetiredContents.contentKey })
      .from(libraryRetiredContents)
      .where(
        and(
          lt(libraryRetiredContents.retiredAt, before),
          inArray(libraryRetiredContents.storage, [...storages]),
        ),
      );
  }

  /** Forgets a retired content, once its store has removed it. */
  async forgetRetired(contentKey: string): Promise<void> {
    await this.#db.delete(libraryRetiredContents).where(eq(libraryRetiredContents.contentKey, contentKey));
  }

  /** Creates `folder` and every folder above it that is missing; false when `folder` itself existed. */
  async createFolder(businessId: number, folder: string, at: Date): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const existed = await folderExistsIn(tx, businessId, folder);
      await ensureFolders(tx, businessId, folder, at);
      return !existed;
    });
  }

  /** Whether the business has `folder` (the root always). */
  folderExists(businessId: number, folder: string): Promise<boolean> {
    return folderExistsIn(this.#db, businessId, folder);
  }

  /** The folders directly inside `folder`, by name. */
  async subfolders(businessId: number, folder: string): Promise<string[]> {
    const rows = await this.#db
      .select({ path: libraryFolders.path })
      .from(libraryFolders)
      .where(and(eq(libraryFolders.businessId, businessId), childrenOf(folder)))
      .orderBy(asc(libraryFolders.path));
    return rows.map((row) => row.path);
  }

  /** The files of `folder`, or with `search` the files of every folder whose name holds it; a page by name. */
  async files(
    businessId: number,
    where: { folder: string } | { search: string },
    page: { offset: number; limit: number },
  ): Promise<{ rows: LibraryFileRow[]; total: number }> {
    const condition = and(
      eq(libraryFiles.businessId, businessId),
      'folder' in where
        ? eq(libraryFiles.folder, where.folder)
        : ilike(libraryFiles.name, `%${escapeLike(where.search)}%`),
    );
    const [rows, [counted]] = await Promise.all([
      this.#db
        .select()
        .from(libraryFiles)
        .where(condition)
        .orderBy(asc(libraryFiles.folder), asc(libraryFiles.name), asc(libraryFiles.id))
        .offset(page.offset)
        .limit(page.limit),
      this.#db.select({ total: count() }).from(libraryFiles).where(condition),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /**
   * Deletes an empty folder: 'deleted', 'missing' (no such folder), or 'notEmpty' (it holds a file or a folder).
   */
  async deleteFolder(businessId: number, folder: string): Promise<'deleted' | 'missing' | 'notEmpty'> {
    return this.#db.transaction(async (tx) => {
      if (!(await folderExistsIn(tx, businessId, folder))) return 'missing';
      const inside = `${escapeLike(folder)}/%`;
      const [held] = await tx
        .select({ n: count() })
        .from(libraryFiles)
        .where(
          and(
            eq(libraryFiles.businessId, businessId),
            or(eq(libraryFiles.folder, folder), like(libraryFiles.folder, inside)),
          ),
        );
      const [below] = await tx
        .select({ n: count() })
        .from(libraryFolders)
        .where(and(eq(libraryFolders.businessId, businessId), like(libraryFolders.path, inside)));
      if ((held?.n ?? 0) > 0 || (below?.n ?? 0) > 0) return 'notEmpty';
      await tx
        .delete(libraryFolders)
        .where(and(eq(libraryFolders.businessId, businessId), eq(libraryFolders.path, folder)));
      return 'deleted';
    });
  }
}

type Queryable = Pick<Database, 'select' | 'insert'>;

/** Contents retired in one statement: three parameters each, well below PostgreSQL's 65,535 per statement. */
const RETIRE_BATCH = 1000;

/** Records that no file names `content` any more, in the transaction that let go of it. */
function retire(db: Queryable, content: RetiredContent, at: Date): Promise<void> {
  return retireAll(db, [content], at);
}

async function retireAll(db: Queryable, contents: readonly RetiredContent[], at: Date): Promise<void> {
  if (contents.length === 0) return;
  await db
    .insert(libraryRetiredContents)
    .values(contents.map(({ storage, contentKey }) => ({ storage, contentKey, retiredAt: at })));
}

async function folderExistsIn(db: Queryable, businessId: number, folder: string): Promise<boolean> {
  if (folder === '') return true;
  const [row] = await db
    .select({ id: libraryFolders.id })
    .from(libraryFolders)
    .where(and(eq(libraryFolders.businessId, businessId), eq(libraryFolders.path, folder)));
  return row !== undefined;
}

async function ensureFolders(db: Queryable, businessId: number, folder: string, at: Date): Promise<void> {
  const paths = folderAndAncestors(folder);
  if (paths.length === 0) return;
  await db
    .insert(libraryFolders)
    .values(paths.map((path) => ({ businessId, path, createdAt: at })))
    .onConflictDoNothing();
}
