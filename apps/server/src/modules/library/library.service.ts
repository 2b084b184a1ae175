import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import {
  type Actor,
  type LibraryCopyFromMachine,
  type LibraryFile as LibraryFileAnswer,
  type LibraryListing,
  libraryFolderProblem,
  libraryNameProblem,
} from '@portal/contract';
import { conflict, invalidField, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { numberedNamesPrefix, placeCopy } from './copy-names.ts';
import { toFolderEntry, toLibraryFile } from './library.mapper.ts';
import { mayUseLibraryOf } from './library.policy.ts';
import type {
  LibraryFileRow,
  LibraryRepository,
  LibraryThumbnail,
  NewLibraryFile,
  RetiredContent,
} from './library.repository.ts';
import type { ContentStore } from './library-content-store.ts';
import type { LibraryContent, LibraryFile, LibraryFiles, LibraryReads } from './library-files.ts';
import { type StoredContent, takeIn, tooLarge } from './library-intake.ts';
import { readSlicerMetadata, type SlicerThumbnailImage } from './slicer-metadata.ts';

/** How an upload is added: whether it replaces a file of its name, and the CRC-32 its sender gave, if any. */
export interface AddOptions {
  replace?: boolean;
  crc32?: number | null;
}

/** Where a new file goes and who brings it. */
export interface FileDestination {
  businessId: number;
  folder: string;
  name: string;
  uploadedBy: number | null;
}

/** The library's rules over its repository and content store (docs/design.md §13). */
export class LibraryService {
  readonly #repository: LibraryRepository;
  readonly #store: ContentStore;
  readonly #clock: Clock;
  readonly #maxBytes: number;

  readonly #stores: readonly ContentStore[];
  readonly #files: LibraryFiles;
  readonly #machines: MachineFileSource;

  /** `store` takes new files; `stores` are every store files may be in (the one a file was written to stays). */
  constructor(options: {
    repository: LibraryRepository;
    store: ContentStore;
    stores: readonly ContentStore[];
    files: LibraryFiles;
    machines: MachineFileSource;
    clock: Clock;
    maxBytes: number;
  }) {
    this.#repository = options.repository;
    this.#store = options.store;
    this.#stores = options.stores;
    this.#files = options.files;
    this.#machines = options.machines;
    this.#clock = options.clock;
    this.#maxBytes = options.maxBytes;
  }

  /**
   * Whose library a call is about: the business asked for when the viewer may use its library (staff any existing
   * business), by default the viewer's own; 404 otherwise, as for another business's file.
   */
  async businessFor(viewer: Actor, requested: number | undefined): Promise<number> {
    const business = requested ?? viewer.business;
    if (!mayUseLibraryOf(viewer, business)) throw notFound('Business');
    if (requested !== undefined && requested !== viewer.business) {
      if (!(await this.#repository.businessExists(business))) throw notFound('Business');
    }
    return business;
  }

  /** A folder's subfolders and a page of its files, or with `q` a page of the files whose name holds it. */
  async list(
    viewer: Actor,
    query: {
      business?: number | undefined;
      folder: string;
      q?: string | undefined;
      page: number;
      pageSize: number;
    },
  ): Promise<LibraryListing> {
    const business = await this.businessFor(viewer, query.business);
    const search = query.q?.trim();
    if (!search && !(await this.#repository.folderExists(business, query.folder))) throw notFound('Folder');
    const [folders, files] = await Promise.all([
      search ? Promise.resolve([]) : this.#repository.subfolders(business, query.folder),
      this.#repository.files(business, search ? { search } : { folder: query.folder }, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      }),
    ]);
    return {
      business,
      folder: search ? '' : query.folder,
      folders: folders.map(toFolderEntry),
      items: await this.#answers(files.rows),
      total: files.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** A file as the API shows it; 404 when the viewer may not see it. */
  async file(viewer: Actor, id: number): Promise<LibraryFileAnswer> {
    const [answer] = await this.#answers([await this.#files.fileFor(viewer, id)]);
    return answer as LibraryFileAnswer;
  }

  /**
   * An upload: the request's body into the folder of the business the query names (a slicer's too). With
   * `replace` (a slicer's upload) a file of that name gets the new content instead of a 409, unless something still
   * needs its content (`LibraryFiles.keepContentWhile`: a queued job not finished), which is a 409 then. With
   * `crc32` (a Duet slicer's) a body of another CRC-32 is refused (`ContentCrcMismatch`), a file it would replace
   * left as it was.
   */
  async upload(
    viewer: Actor & { id: number },
    query: { business?: number | undefined; folder: string; name: string },
    body: Readable,
    declaredLength: number | undefined,
    options: AddOptions = {},
  ): Promise<{ file: LibraryFileAnswer; replaced: boolean }> {
    const businessId = await this.businessFor(viewer, query.business);
    if (declaredLength !== undefined && declaredLength > this.#maxBytes) throw tooLarge(this.#maxBytes);
    const { row, replaced } = await this.#add(
      { businessId, folder: query.folder, name: query.name, uploadedBy: viewer.id },
      body,
      options,
    );
    return { file: (await this.#answers([row]))[0] as LibraryFileAnswer, replaced };
  }

  /** The thumbnail the file's slicer embedded, as the library shows it; 404 when it has none. */
  async thumbnail(viewer: Actor, id: number): Promise<LibraryThumbnail> {
    const file = await this.#files.fileFor(viewer, id);
    const thumbnail = await this.#repository.thumbnail(file.id);
    if (!thumbnail) throw notFound('Thumbnail');
    return thumbnail;
  }

  /** The file's bytes, for a download. */
  async download(viewer: Actor, id: number): Promise<LibraryContent> {
    return this.#files.openContent(await this.#files.fileFor(viewer, id));
  }

  /** Renames a file or moves it to another folder of its business (created when missing). */
  async move(viewer: Actor, id: number, to: { folder: string; name: string }): Promise<LibraryFileAnswer> {
    const file = await this.#files.fileFor(viewer, id);
    const moved = await this.#repository.moveFile(file.id, to.folder, to.name, this.#clock());
    if (moved === 'taken') throw nameTaken();
    if (!moved) throw notFound('Library file');
    return (await this.#answers([moved]))[0] as LibraryFileAnswer;
  }

  /**
   * Deletes a file: its row, its content retired (removed by `sweep` later, so that reads under way end whole).
   * Answers the file deleted, for the activity record.
   */
  async deleteFile(viewer: Actor, id: number): Promise<LibraryFile> {
    const file = await this.#files.fileFor(viewer, id);
    const deleted = await this.#repository.deleteFile(file.id, this.#clock());
    if (!deleted) throw notFound('Library file');
    return deleted;
  }

  /**
   * Removes what interrupted uploads left and the contents retired (replaced, deleted), both before `before`: by
   * then no read of them can still be under way. A retired content whose store is not configured here stays
   * recorded for an instance that has it.
   */
  async sweep(before: Date): Promise<void> {
    for (const store of this.#stores) await store.sweep(before);
    const kinds = this.#stores.map((store) => store.kind);
    for (const retired of await this.#repository.retiredBefore(before, kinds)) {
      await this.#storeOf(retired)?.remove(retired.contentKey);
      await this.#repository.forgetRetired(retired.contentKey);
    }
  }

  /** Creates a folder (and the folders above it); 409 when it exists. Answers its business. */
  async createFolder(viewer: Actor, body: { business?: number | undefined; path: string }): Promise<number> {
    const business = await this.businessFor(viewer, body.business);
    if (!(await this.#repository.createFolder(business, body.path, this.#clock()))) {
      throw conflict('The folder already exists');
    }
    return business;
  }

  /** Deletes an empty folder; 409 when it holds a file or a folder. Answers its business. */
  async deleteFolder(viewer: Actor, query: { business?: number | undefined; path: string }): Promise<number> {
    const business = await this.businessFor(viewer, query.business);
    const outcome = await this.#repository.deleteFolder(business, query.path);
    if (outcome === 'missing') throw notFound('Folder');
    if (outcome === 'notEmpty') throw conflict('The folder is not empty');
    return business;
  }

  /**
   * Copies a file of a machine's board into the library: the viewer must reach the machine (`machines.open`, the
   * path their role has), the machine must be of the library's business, and its bytes pass the same checks as an
   * upload's. A name the folder already has is no refusal (`#addCopy`): the file of the same content is answered
   * (`reused`), or the copy takes the next free numbered name.
   */
  async copyFromMachine(
    viewer: SessionSubject,
    request: LibraryCopyFromMachine,
    incoming: IncomingMessage,
  ): Promise<{ file: LibraryFileAnswer; reused: boolean }> {
    const businessId = await this.businessFor(viewer, request.business);
    const source = await this.#machines.open(viewer, request.controllerId, request.path, {
      businessId,
      incoming,
      maxBytes: this.#maxBytes,
    });
    try {
      const { row, reused } = await this.#addCopy(
        { businessId, folder: request.folder, name: request.name, uploadedBy: viewer.id },
        source,
      );
      return { file: (await this.#answers([row]))[0] as LibraryFileAnswer, reused };
    } finally {
      source.destroy();
    }
  }

  #storeOf(content: RetiredContent): ContentStore | undefined {
    return this.#stores.find((store) => store.kind === content.storage);
  }

  async #answers(rows: readonly LibraryFileRow[]): Promise<LibraryFileAnswer[]> {
    const ids = rows.map((row) => row.id);
    const [names, thumbnails] = await Promise.all([
      this.#repository.uploaderNames(rows.map((row) => row.uploadedBy)),
      this.#repository.withThumbnails(ids),
    ]);
    return rows.map((row) =>
      toLibraryFile(row, {
        uploadedBy: row.uploadedBy === null ? null : (names.get(row.uploadedBy) ?? null),
        thumbnail: thumbnails.has(row.id),
      }),
    );
  }

  /** The largest file the library takes, in bytes. */
  get maxBytes(): number {
    return this.#maxBytes;
  }

  /**
   * Adds a file to a business's library from `source`, checked and stored whole before its row is written
   * (`takeIn`); its folder and the folders above are created. 409 when the folder already has a file of that name;
   * whatever fails leaves nothing stored.
   */
  async addFile(destination: FileDestination, source: Readable): Promise<LibraryFile> {
    return (await this.#add(destination, source)).row;
  }

  /**
   * `addFile`, or with `replace` the content of a file of that name replaced in one transaction (its row, metadata
   * and thumbnail; docs/design.md §13), which retires its earlier content (removed by `sweep` a day later, so that
   * reads under way end whole). A file something still needs is 409 before a byte is stored, and again if a keeper
   * took it meanwhile; with `crc32`, content of another CRC-32 is refused as it ends, before its row is written;
   * whatever fails leaves the library as it was.
   */
  async #add(
    destination: FileDestination,
    source: Readable,
    { replace = false, crc32 = null }: AddOptions = {},
  ): Promise<{ row: LibraryFile; replaced: boolean }> {
    checkDestination(destination);
    const existing = await this.#repository.fileNamed(
      destination.businessId,
      destination.folder,
      destination.name,
    );
    if (existing && !replace) throw nameTaken();
    if (existing) {
      const keptBy = await this.#repository.keptBy(existing.id, this.#keeperOf);
      if (keptBy !== null) throw contentKept(destination.name, keptBy);
    }
    const content = await takeIn(this.#store, source, this.#maxBytes, crc32);
    const { metadata, images } = readSlicerMetadata(content.ends);
    const file = this.#newFile(destination, content, metadata);
    const thumbnail = shownThumbnail(images);
    let written: { row: LibraryFile; previous: LibraryFile | null };
    try {
      written = await this.#write(file, thumbnail, replace);
    } catch (error) {
      // No row ever named it, so no read can be under way on it.
      await this.#store.remove(content.key);
      throw error;
    }
    return { row: written.row, replaced: written.previous !== null };
  }

  /**
   * Writes a stored content's row: a new row, or with `replace` the row of that name given the content (tried first);
   * a file of that name that came or went meanwhile is tried the other way once. Answers the row and, when it
   * replaced one, the row as it was.
   */
  async #write(
    file: NewLibraryFile,
    thumbnail: LibraryThumbnail | null,
    replace: boolean,
  ): Promise<{ row: LibraryFile; previous: LibraryFile | null }> {
    const replaceNamed = async () => {
      const replaced = await this.#repository.replaceFile(file, thumbnail, this.#keeperOf);
      if (replaced && 'keptBy' in replaced) throw contentKept(file.name, replaced.keptBy);
      return replaced && { row: replaced.after, previous: replaced.before };
    };
    if (replace) {
      const replaced = await replaceNamed();
      if (replaced) return replaced;
    }
    const row = await this.#repository.insertFile(file, thumbnail);
    if (row !== 'taken') return { row, previous: null };
    const replaced = replace ? await replaceNamed() : null;
    if (!replaced) throw nameTaken();
    return replaced;
  }

  /**
   * A copy added to the library (docs/design.md §13 "Copy from a machine"): stored whole and hashed first (`takeIn`),
   * then placed by `placeCopy` among the files of the folder named as asked or numbered from it. The same content
   * already there is answered as it is (`reused`) and the copy's content removed at once, as no row ever named it;
   * otherwise a new row under the name, or the first free numbered name when it is taken. A name taken meanwhile by
   * another copy (the unique index refuses the row) is placed again, up to COPY_PLACEMENTS times.
   */
  async #addCopy(
    destination: FileDestination,
    source: Readable,
  ): Promise<{ row: LibraryFile; reused: boolean }> {
    const { businessId, folder, name } = destination;
    checkDestination(destination);
    const content = await takeIn(this.#store, source, this.#maxBytes);
    let placed: { row: LibraryFile; reused: boolean } | null = null;
    try {
      const { metadata, images } = readSlicerMetadata(content.ends);
      const thumbnail = shownThumbnail(images);
      const prefix = numberedNamesPrefix(name);
      for (let attempt = 0; attempt < COPY_PLACEMENTS && !placed; attempt++) {
        const neighbours = await this.#repository.filesBeginning(businessId, folder, prefix);
        const place = placeCopy(name, neighbours, content.sha256);
        if ('same' in place) {
          placed = { row: place.same, reused: true };
          break;
        }
        const row = await this.#repository.insertFile(
          this.#newFile({ ...destination, name: place.name }, content, metadata),
          thumbnail,
        );
        if (row !== 'taken') placed = { row, reused: false };
      }
    } finally {
      // No row names it, so no read can be under way on it.
      if (!placed || placed.reused) await this.#store.remove(content.key);
    }
    if (!placed) throw nameTaken();
    return placed;
  }

  /** The row of a file at `destination` whose content was just taken in. */
  #newFile(
    destination: FileDestination,
    content: StoredContent,
    metadata: NewLibraryFile['metadata'],
  ): NewLibraryFile {
    return {
      ...destination,
      size: content.size,
      sha256: content.sha256,
      uploadedAt: this.#clock(),
      metadata,
      storage: this.#store.kind,
      contentKey: content.key,
    };
  }

  /** What still needs a file's content, asked of the keepers other modules gave `files`. */
  readonly #keeperOf = (db: LibraryReads, fileId: number) => this.#files.keeperOf(db, fileId);
}

/** A file's name and folder as the library takes them: a clear 400 otherwise. */
function checkDestination({ name, folder }: FileDestination): void {
  const nameProblem = libraryNameProblem(name);
  if (nameProblem) throw invalidField('name', 'invalidFormat', nameProblem);
  const folderProblem = libraryFolderProblem(folder);
  if (folderProblem) throw invalidField('folder', 'invalidFormat', folderProblem);
}

/** How many times a copy is placed before a name taken by other copies each time is a 409. */
const COPY_PLACEMENTS = 10;

const nameTaken = () => conflict('The folder already has a file of that name');

/** The answer to a replacement of a file something still needs; a slicer shows it as it is. */
const contentKept = (name: string, keptBy: string) =>
  conflict(`The library keeps "${name}" as it is. ${keptBy}, or send the new file under another name.`);

/** The thumbnail the library shows: the largest a browser draws (PNG or JPEG; QOI is not one), if any. */
function shownThumbnail(images: readonly SlicerThumbnailImage[]): LibraryThumbnail | null {
  let best: LibraryThumbnail | null = null;
  let bestPixels = 0;
  for (const { thumbnail, bytes } of images) {
    if (thumbnail.format === 'qoi') continue;
    const pixels = thumbnail.width * thumbnail.height;
    if (pixels > bestPixels) {
      best = { format: thumbnail.format, data: bytes };
      bestPixels = pixels;
    }
  }
  return best;
}

/**
 * A board file's bytes, opened for the library (library.module.ts builds it on the board client): 404 when the
 * viewer does not reach the machine or it is not of `businessId`, the board's own failures as the proxy's errors.
 */
export interface MachineFileSource {
  open(
    viewer: SessionSubject,
    controllerId: number,
    boardPath: string,
    options: { businessId: number; incoming: IncomingMessage; maxBytes: number },
  ): Promise<Readable>;
}
