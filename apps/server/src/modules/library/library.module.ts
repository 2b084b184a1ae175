import path from 'node:path';
import { LIMITS } from '@portal/contract';
import type { Changes } from '../../shared/change-listeners.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { BusinessDeleting } from '../business/business.repository.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import { LibraryRepository } from './library.repository.ts';
import { libraryRoutes } from './library.routes.ts';
import { LibraryService } from './library.service.ts';
import { type ContentStore, DatabaseContentStore, FolderContentStore } from './library-content-store.ts';
import { LibraryFiles } from './library-files.ts';
import { machineFileSource } from './machine-file-source.ts';

/**
 * What an interrupted upload left, and a content replaced or deleted, is removed this long after: nothing names
 * it, and no upload, download or copy to a board lasts a day.
 */
const SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

export interface LibraryModuleDeps {
  /** The tunnels, through which a board's file is copied into the library. */
  registry: TunnelRegistry;
  /** Who reaches which machine: a board's file is copied only from a machine the user reaches. */
  access: MachineAccessService;
  /** Businesses being deleted: their files' contents are retired in the deletion's transaction. */
  businessDeletions: Changes<BusinessDeleting>;
}

/**
 * The business's print library (docs/design.md §13): G-code files uploaded once to the portal, per business, in
 * folders (`library_folders`, so that an empty one exists), each file's row in `library_files` and its bytes in a
 * content store (`library-content-store.ts`): the folder `library.dir` when configured (DATA_DIR/library on the
 * embedded database, or LIBRARY_DIR), else chunks in the database (`library_file_chunks`), which every instance
 * of a deployment on PostgreSQL reads. A file is stored whole, its lines checked as the customer path checks an
 * upload (`library-intake.ts`), before its row is written. A content its row lets go of (a slicer's upload of the
 * same name, a deletion, its business's deletion) is retired in the same transaction (`library_retired_contents`)
 * and removed by `sweep`, the housekeeping chore, a day later, so that a read begun on any instance ends whole.
 * `library.policy.ts` says whose library one uses; `machine-file-source.ts` reads a board's file for a copy into
 * the library.
 *
 * What other modules use (the print queue), stable: the module's `files` (`LibraryFiles`), with its types
 * `LibraryFile` and `LibraryContent` imported from `library-files.ts`:
 * - `fileFor(viewer: Actor, fileId: number): Promise<LibraryFile>`: the file if the viewer may use its business's
 *   library (own business; administrators and technicians any), else 404 NOT_FOUND;
 * - `fileOfBusiness(businessId: number, fileId: number): Promise<LibraryFile | null>`: the file of that business;
 * - `openContent(file: LibraryFile): Promise<LibraryContent>`: `{ name, size, sha256, stream }`, the bytes as a
 *   Readable (404 NOT_FOUND when its store has lost them): the content the row named, whole even when the file is
 *   replaced or deleted meanwhile; a stream that cannot give all `size` bytes fails, never ends short.
 * `LibraryFile` is the file's row: `id`, `businessId`, `folder`, `name`, `size`, `sha256`, `uploadedBy`,
 * `uploadedAt`, `metadata`, `storage`, `contentKey`. `service.addFile(destination, source)` adds a file as an
 * upload does (tests of other modules fill a library with it). `ContentCrcMismatch`, of `library-files.ts` too, is
 * the refusal of an upload whose bytes have not the CRC-32 its sender gave (`service.upload` with `crc32`), which
 * slicer-access answers as a board does.
 */
export function createLibraryModule(
  { db, clock, config }: ModuleDeps,
  { registry, access, businessDeletions }: LibraryModuleDeps,
) {
  const repository = new LibraryRepository(db);
  // A deleted business's files go with it; their contents are retired for the sweep, not left in the store.
  businessDeletions.subscribe(({ businessId, tx }) =>
    repository.deleteFilesOfBusiness(tx, businessId, clock()),
  );
  const database = new DatabaseContentStore(db, clock);
  const folder = config.library?.dir ? new FolderContentStore(path.resolve(config.library.dir)) : undefined;
  // New files go to the folder when there is one; a file keeps the store it was written to.
  const store: ContentStore = folder ?? database;
  const stores = folder ? [database, folder] : [database];
  const files = new LibraryFiles(repository, stores);
  const service = new LibraryService({
    repository,
    store,
    stores,
    files,
    machines: machineFileSource({ registry, access, timeoutMs: config.proxyTimeoutMs }),
    clock,
    maxBytes: config.library?.maxBytes ?? LIMITS.libraryFileBytesMax,
  });
  /** Forgets what interrupted uploads left, and contents replaced or deleted, once no read can be on them. */
  const sweep = () => service.sweep(new Date(clock().getTime() - SWEEP_AFTER_MS));
  return { repository, store, files, service, sweep, routes: routesOf(libraryRoutes, { service }) };
}
