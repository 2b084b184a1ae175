import type { Readable } from 'node:stream';
import type { Actor } from '@portal/contract';
import { notFound } from '../../shared/app-error.ts';
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
 * Library files as other modules use them (the print queue): look a file up as a viewer or within a business, and
 * open its bytes. Stable: other modules build on these calls.
 */
export class LibraryFiles {
  readonly #repository: LibraryRepository;
  readonly #stores: ReadonlyMap<string, ContentStore>;

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

  /** Opens the file's bytes; 404 NOT_FOUND when its store is not configured here or has lost them. */
  async openContent(file: LibraryFile): Promise<LibraryContent> {
    const store = this.#stores.get(file.storage);
    if (!store) throw notFound('Library file content');
    const stream = await store.open(file.contentKey);
    return { name: file.name, size: file.size, sha256: file.sha256, stream };
  }
}
