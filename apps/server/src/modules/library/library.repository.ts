import { folderAndAncestors, type LibraryStorage } from '@portal/contract';
import { and, asc, count, eq, ilike, inArray, like, notLike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../shared/db-errors.ts';
import { libraryFiles, libraryFolders } from './library.schema.ts';

/** A library file's row: where it is, what it is, and where its bytes are kept. */
export type LibraryFileRow = typeof libraryFiles.$inferSelect;

/** What a new file's row holds (its content already stored). */
export interface NewLibraryFile {
  businessId: number;
  folder: string;
  name: string;
  size: number;
  sha256: string;
  uploadedBy: number | null;
  uploadedAt: Date;
  metadata: Record<string, unknown> | null;
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

  /**
   * Adds a file's row, and its folder with every folder above it when they are not there yet; 'taken' when the
   * folder already has a file of that name.
   */
  async insertFile(file: NewLibraryFile): Promise<LibraryFileRow | 'taken'> {
    try {
      return await this.#db.transaction(async (tx) => {
        await ensureFolders(tx, file.businessId, file.folder, file.uploadedAt);
        const [row] = await tx.insert(libraryFiles).values(file).returning();
        if (!row) throw new Error('the library file was not inserted');
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
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

  /** Gives a file new metadata (what the slicer wrote, read after the upload). */
  async setMetadata(id: number, metadata: Record<string, unknown> | null): Promise<void> {
    await this.#db.update(libraryFiles).set({ metadata }).where(eq(libraryFiles.id, id));
  }

  /** Deletes the file's row and answers it (null: there was none); its content is the caller's to remove. */
  async deleteFile(id: number): Promise<LibraryFileRow | null> {
    const [row] = await this.#db.delete(libraryFiles).where(eq(libraryFiles.id, id)).returning();
    return row ?? null;
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
