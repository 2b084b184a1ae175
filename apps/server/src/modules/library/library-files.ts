import type { Readable } from 'node:stream';
import type { Actor } from '@portal/contract';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import { mayUseLibraryOf } from './library.policy.ts';
import type { LibraryFileRow, LibraryRepository } from './library.repository.ts';
import type { ContentStore } from './library-content-store.ts';

/** A library file as other modules see it. */
export type LibraryFile = LibraryFileRow;

/** A file's bytes, opened: its name and size (for a Content-Length or a board upload) and the stream. */
export interface LibraryContent {
  name: string;
  size: number;
  sha256: string;
  stream: Readable;
}

/**
 * The refusal of an upload whose bytes do not have the CRC-32 its sender gave (a slicer's `rr_upload?crc32=`): they
 * changed on the way, and nothing of them was kept. A slicer's Duet URL answers it as a board does, with err 1.
 */
export class ContentCrcMismatch extends AppError {
  constructor() {
    super(
      'BAD_REQUEST',
      'The file changed on the way: its CRC-32 is not the one sent with it. Nothing was stored.',
    );
    this.name = 'ContentCrcMismatch';
  }
}

/** What a keeper may read: the database, or the transaction that would replace the file. */
export type LibraryReads = Pick<Database, 'select'>;

/**
 * What still needs a library file's current content, if anything: a sentence naming it and what frees the file,
 * which the refusal goes on with ", or send the new file under another name" (the print queue's:
 * `print-queue/library-keeper.ts`), or null. Asked, with the file's row locked, in the transaction that would
 * replace its content (a slicer's upload of the same name, docs/design.md §13), which it then refuses.
 */
export type ContentKeeper = (db: LibraryReads, fileId: number) => Promise<string | null>;

/**
 * Library files as other modules use them (the print queue): look a file up as a viewer or within a business, open
 * its bytes, and keep a file's content from being replaced while they need it. Stable: other modules build on these
 * calls.
 */
export class LibraryFiles {
  readonly #repository: LibraryRepository;
  readonly #stores: ReadonlyMap<string, ContentStore>;
  readonly #keepers = new Set<ContentKeeper>();

  constructor(repository: LibraryRepository, stores: readonly ContentStore[]) {
    this.#repository = repository;
    this.#stores = new Map(stores.map((store) => [store.kind, store]));
  }

  /**
   * The file `fileId` if `viewer` may use its business's library (their own business; staff any); 404 NOT_FOUND
   * otherwise, the same answer as for a file that does not exist.
   */
  async fileFor(viewer: Actor, fileId: number): Promise<LibraryFile> {
    const file = await this.#repository.findFile(fileId);
    if (!file || !mayUseLibraryOf(viewer, file.businessId)) throw notFound('Library file');
    return file;
  }

  /** The file `fileId` of business `businessId`, or null (none, or another business's). */
  fileOfBusiness(businessId: number, fileId: number): Promise<LibraryFile | null> {
    return this.#repository.findFile(fileId, businessId);
  }

  /** The file named `name` in `folder` of business `businessId`, or null. */
  fileNamed(businessId: number, folder: string, name: string): Promise<LibraryFile | null> {
    return this.#repository.fileNamed(businessId, folder, name);
  }

  /**
   * Opens the file's bytes; 404 NOT_FOUND when its store is not configured here or has lost them. The stream gives
   * the whole content the row names even if the file is replaced or deleted meanwhile (docs/design.md §13), and
   * fails rather than end short.
   */
  async openContent(file: LibraryFile): Promise<LibraryContent> {
    const store = this.#stores.get(file.storage);
    if (!store) throw notFound('Library file content');
    const stream = await store.open(file.contentKey, file.size);
    return { name: file.name, size: file.size, sha256: file.sha256, stream };
  }

  /** Adds a keeper: a file whose content it says it needs is not replaced. Returns its removal. */
  keepContentWhile(keeper: ContentKeeper): () => void {
    const entry: ContentKeeper = (db, fileId) => keeper(db, fileId);
    this.#keepers.add(entry);
    return () => this.#keepers.delete(entry);
  }

  /** What needs the file's current content, asking each keeper in turn through `db`; null: nothing. */
  async keeperOf(db: LibraryReads, fileId: number): Promise<string | null> {
    for (const keeper of this.#keepers) {
      const holder = await keeper(db, fileId);
      if (holder !== null) return holder;
    }
    return null;
  }
}
