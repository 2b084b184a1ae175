import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LibraryStorage } from '@portal/contract';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { libraryFileChunks, libraryFiles, libraryRetiredContents } from './library.schema.ts';

/**
 * Where the library's bytes are kept (docs/design.md §13). A content is written whole under a new key before any
 * file row names it and read back as a stream of the size its row gives. One a row lets go of (replaced, deleted)
 * is removed by the library's sweep a day later, so that reads begun on it end whole; only a content no row ever
 * named is removed at once. Two stores: a folder on disk (the embedded default, or LIBRARY_DIR mounted on every
 * instance) and chunks in the database (several instances on PostgreSQL).
 */
export interface ContentStore {
  readonly kind: LibraryStorage;
  /**
   * Stores everything `source` gives under a new key and answers the key once all of it is kept. When `source`
   * fails (a refused line, a size limit, a client gone) or the store does, the error is thrown and nothing stays.
   */
  write(source: AsyncIterable<Uint8Array>): Promise<string>;
  /**
   * The content under `key`, of `size` bytes (its file row's), as a stream; 404 when there is none. A stream that
   * cannot give all `size` bytes fails: a reader never gets a shorter content that looks whole.
   */
  open(key: string, size: number): Promise<Readable>;
  /** Forgets the content under `key` at once (nothing when there is none): one no read can be under way on. */
  remove(key: string): Promise<void>;
  /**
   * Removes what interrupted writes left (a crash mid-upload), written before `before`; not a retired content,
   * which the library's sweep removes by its own time.
   */
  sweep(before: Date): Promise<void>;
}

/** The database store's chunk size: large enough that a file is few rows, small enough to hold in memory. */
export const CHUNK_BYTES = 256 * 1024;

const missing = () => notFound('Library file content');
/** A content that is there but not as its file row says: lost in part, which no reader may take for the whole. */
const notHeld = (key: string, size: number) =>
  new Error(`The library content ${key} does not hold its ${size} bytes`);

/**
 * Contents as files under `root`, in a folder per first two characters of the key. A write goes to
 * `root/incoming/<key>` and is renamed into place once flushed to disk, so a content is there whole or not at all.
 */
export class FolderContentStore implements ContentStore {
  readonly kind = 'folder';
  readonly #root: string;

  constructor(root: string) {
    this.#root = root;
  }

  #pathOf(key: string): string {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw missing();
    return path.join(this.#root, key.slice(0, 2), key);
  }

  get #incoming(): string {
    return path.join(this.#root, 'incoming');
  }

  async write(source: AsyncIterable<Uint8Array>): Promise<string> {
    const key = randomUUID();
    const target = this.#pathOf(key);
    const partial = path.join(this.#incoming, key);
    await mkdir(this.#incoming, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const file = createWriteStream(partial, { flush: true });
    try {
      await pipeline(source, file);
      await rename(partial, target);
    } catch (error) {
      // A stream destroyed while still opening creates its file afterwards: removed only once it is closed.
      if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
      await rm(partial, { force: true });
      throw error;
    }
    return key;
  }

  /** A file read from its open descriptor stays whole even if it is removed meanwhile: its size is checked once. */
  async open(key: string, size: number): Promise<Readable> {
    let handle: FileHandle;
    try {
      handle = await open(this.#pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw missing();
      throw error;
    }
    try {
      if ((await handle.stat()).size !== size) throw notHeld(key, size);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle.createReadStream();
  }

  async remove(key: string): Promise<void> {
    await rm(this.#pathOf(key), { force: true });
  }

  async sweep(before: Date): Promise<void> {
    const names = await readdir(this.#incoming).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(this.#incoming, name);
      const stats = await stat(file).catch(() => null);
      if (stats && stats.mtime < before) await rm(file, { force: true });
    }
  }
}

/**
 * Contents as rows of `library_file_chunks`, CHUNK_BYTES each, so that every instance of a deployment on one
 * PostgreSQL database (or the embedded one) reads every file. A write inserts each chunk as it fills, outside any
 * transaction (PGlite has one connection, which a long upload must not hold); a failed write deletes its chunks,
 * and what a crash left is swept by age. A read queries one chunk at a time, also outside a transaction, so it
 * counts what it gets against the content's size: chunks gone under it fail the stream.
 */
export class DatabaseContentStore implements ContentStore {
  readonly kind = 'database';
  readonly #db: Database;
  readonly #clock: Clock;

  constructor(db: Database, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async write(source: AsyncIterable<Uint8Array>): Promise<string> {
    const key = randomUUID();
    let seq = 0;
    const pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const flush = async (bytes: Buffer) => {
      await this.#db
        .insert(libraryFileChunks)
        .values({ contentKey: key, seq: seq++, data: bytes, writtenAt: this.#clock() });
    };
    try {
      for await (const piece of source) {
        pending.push(piece);
        pendingBytes += piece.byteLength;
        if (pendingBytes < CHUNK_BYTES) continue;
        let joined = Buffer.concat(pending);
        while (joined.length >= CHUNK_BYTES) {
          await flush(joined.subarray(0, CHUNK_BYTES));
          joined = joined.subarray(CHUNK_BYTES);
        }
        pending.length = 0;
        pending.push(joined);
        pendingBytes = joined.length;
      }
      if (pendingBytes > 0) await flush(Buffer.concat(pending));
    } catch (error) {
      await this.remove(key);
      throw error;
    }
    return key;
  }

  async open(key: string, size: number): Promise<Readable> {
    // The first chunk is read before the stream is answered, so that a content gone is a 404, not a broken answer.
    const first = size > 0 ? await this.#chunk(key, 0) : null;
    if (size > 0 && !first) throw missing();
    const chunk = (seq: number) => this.#chunk(key, seq);
    async function* chunks(): AsyncGenerator<Buffer> {
      let read = 0;
      for (let seq = 0; read < size; seq++) {
        const next = seq === 0 ? first : await chunk(seq);
        if (!next || read + next.byteLength > size) {
          throw notHeld(key, size);
        }
        read += next.byteLength;
        yield next;
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async #chunk(key: string, seq: number): Promise<Buffer | null> {
    const [row] = await this.#db
      .select({ data: libraryFileChunks.data })
      .from(libraryFileChunks)
      .where(and(eq(libraryFileChunks.contentKey, key), eq(libraryFileChunks.seq, seq)));
    return row ? Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength) : null;
  }

  async remove(key: string): Promise<void> {
    await this.#db.delete(libraryFileChunks).where(eq(libraryFileChunks.contentKey, key));
  }

  async sweep(before: Date): Promise<void> {
    const namedBy = (table: typeof libraryFiles | typeof libraryRetiredContents) =>
      this.#db.select({ one: sql`1` }).from(table).where(eq(table.contentKey, libraryFileChunks.contentKey));
    await this.#db
      .delete(libraryFileChunks)
      .where(
        and(
          lt(libraryFileChunks.writtenAt, before),
          notExists(namedBy(libraryFiles)),
          notExists(namedBy(libraryRetiredContents)),
        ),
      );
  }
}
