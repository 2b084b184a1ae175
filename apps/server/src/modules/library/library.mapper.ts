import type { LibraryFile, LibraryFolderEntry } from '@portal/contract';
import type { LibraryFileRow } from './library.repository.ts';

/** A file's row as the API shows it, with its uploader's name (null: the user is gone). */
export const toLibraryFile = (row: LibraryFileRow, uploadedBy: string | null): LibraryFile => ({
  id: row.id,
  business: row.businessId,
  folder: row.folder,
  name: row.name,
  size: row.size,
  sha256: row.sha256,
  uploadedAt: row.uploadedAt.toISOString(),
  uploadedBy,
  metadata: row.metadata ?? null,
});

/** A folder's path with its own name, its last segment. */
export const toFolderEntry = (path: string): LibraryFolderEntry => ({
  path,
  name: path.slice(path.lastIndexOf('/') + 1),
});
