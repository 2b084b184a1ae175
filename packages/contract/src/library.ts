import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.ts';
import { LIMITS } from './limits.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, pageSchema } from './paging.ts';
import { storableText } from './validation.ts';

/**
 * The business's print library (docs/design.md §13): G-code files uploaded once to the portal, kept per business in
 * folders, for printing on any of its machines. A folder is a path of names joined by '/', the root being ''.
 */

/** Where a library file's bytes are kept: the library folder on disk, or chunks in the database. */
export const LIBRARY_STORAGES = ['folder', 'database'] as const;
export type LibraryStorage = (typeof LIBRARY_STORAGES)[number];

/** Whether a name holds what none may: the separator, a backslash, a control character. */
const hasForbidden = (name: string) =>
  [...name].some((char) => char === '/' || char === '\\' || char.charCodeAt(0) < 0x20 || char === '\x7f');

/** Why a name cannot be a library file's or folder's name, or null when it can. */
export function libraryNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Must not be empty';
  if (name !== name.trim()) return 'Must not start or end with a space';
  if (name === '.' || name === '..') return 'Must not be . or ..';
  if (hasForbidden(name)) return 'Must not contain /, \\ or control characters';
  return null;
}

/** Why a text cannot be a folder path, or null when it can ('' is the root). */
export function libraryFolderProblem(folder: string): string | null {
  if (folder === '') return null;
  if (folder.length > LIMITS.libraryFolderMax) return `Must be at most ${LIMITS.libraryFolderMax} characters`;
  for (const part of folder.split('/')) {
    const problem = libraryNameProblem(part);
    if (problem) return `Every folder name: ${problem.toLowerCase()}`;
    if (part.length > LIMITS.libraryNameMax)
      return `Every folder name: at most ${LIMITS.libraryNameMax} characters`;
  }
  return null;
}

/** The folder that holds `folder` ('' for a folder in the root; the root has none). */
export const parentFolder = (folder: string): string =>
  folder.includes('/') ? folder.slice(0, folder.lastIndexOf('/')) : '';

/** `folder` and every folder above it, the root excluded, outermost first: `a/b/c` is `a`, `a/b`, `a/b/c`. */
export function folderAndAncestors(folder: string): string[] {
  if (folder === '') return [];
  const parts = folder.split('/');
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

/** A file or folder name as a request gives it. */
export const libraryNameSchema = storableText()
  .max(LIMITS.libraryNameMax)
  .superRefine((name, ctx) => {
    const problem = libraryNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { code: 'invalidFormat' } });
  });

/** A folder path as a request gives it ('' or absent: the root). */
export const libraryFolderSchema = storableText()
  .default('')
  .superRefine((folder, ctx) => {
    const problem = libraryFolderProblem(folder);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { code: 'invalidFormat' } });
  });

/** The business whose library a call is about: a staff member's choice, by default one's own business. */
const businessChoice = { business: idParamSchema.optional() };

/** A file of the library as the API shows it; `metadata` is what the slicer wrote into it, null when nothing. */
export const libraryFileSchema = z.object({
  id: idSchema,
  business: idSchema,
  folder: z.string(),
  name: z.string(),
  size: z.number().int().min(0),
  sha256: z.string(),
  uploadedAt: z.iso.datetime(),
  /** Who uploaded it (name and surname); null when that user is gone. */
  uploadedBy: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type LibraryFile = z.infer<typeof libraryFileSchema>;

/** A folder inside the listed one: its whole path and its own name. */
export const libraryFolderEntrySchema = z.object({ path: z.string(), name: z.string() });
export type LibraryFolderEntry = z.infer<typeof libraryFolderEntrySchema>;

/**
 * The listing's query: a folder (the root by default), or `q` to find files by name in every folder; a page of
 * files by folder and name.
 */
export const libraryListQuerySchema = z.object({
  ...businessChoice,
  folder: libraryFolderSchema,
  q: storableText().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

/** One folder of a library (or the search's finds): its folders (none for a search), and a page of its files. */
export const libraryListingSchema = pageSchema(libraryFileSchema).extend({
  business: idSchema,
  folder: z.string(),
  folders: z.array(libraryFolderEntrySchema),
});
export type LibraryListing = z.infer<typeof libraryListingSchema>;

/** Where an upload goes: the file's bytes are the request's body. */
export const libraryUploadQuerySchema = z.object({
  ...businessChoice,
  folder: libraryFolderSchema,
  name: libraryNameSchema,
});

/** A new folder (with every folder above it that is missing). */
export const libraryFolderCreateSchema = z.object({
  business: idSchema.optional(),
  path: libraryFolderSchema.refine((path) => path !== '', {
    message: 'Must name a folder',
    params: { code: 'required' },
  }),
});

/** The folder a deletion names. */
export const libraryFolderQuerySchema = z.object({
  ...businessChoice,
  path: libraryFolderSchema.refine((path) => path !== '', {
    message: 'Must name a folder',
    params: { code: 'required' },
  }),
});

/** A file's new place: its folder and name in the same business. */
export const libraryFileMoveSchema = z.object({ folder: libraryFolderSchema, name: libraryNameSchema });

/** A board file copied into the library: the machine (its controller), the file's path on the board, where it goes. */
export const libraryCopyFromMachineSchema = z.object({
  business: idSchema.optional(),
  controllerId: idSchema,
  path: storableText().min(1).max(LIMITS.libraryFolderMax),
  folder: libraryFolderSchema,
  name: libraryNameSchema,
});
export type LibraryCopyFromMachine = z.infer<typeof libraryCopyFromMachineSchema>;
