import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryFileChunks } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import {
  CHUNK_BYTES,
  type ContentStore,
  DatabaseContentStore,
  FolderContentStore,
} from './library-content-store.ts';

const t = useTestApp();
let folderRoot: string;

beforeAll(async () => {
  folderRoot = await mkdtemp(path.join(tmpdir(), 'portal-library-store-'));
});
afterAll(async () => {
  await rm(folderRoot, { recursive: true, force: true });
});

/** A content of `size` bytes whose every byte depends on its place, so that a chunk out of order shows. */
const bytesOf = (size: number) => Buffer.from(Array.from({ length: size }, (_, index) => (index * 7) % 251));

/** A source that gives `before` and then fails. */
async function* failingAfter(before: Buffer): AsyncGenerator<Buffer> {
  yield before;
  throw new Error('the client went away');
}

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const stores: [string, () => ContentStore][] = [
  ['database', () => new DatabaseContentStore(t.database.db, t.clock.now)],
  ['folder', () => new FolderContentStore(folderRoot)],
];

/** What a store holds, whatever it is: chunk rows, or files under the folder (the incoming folder included). */
async function heldBy(kind: string): Promise<number> {
  if (kind === 'database') return (await t.database.db.select().from(libraryFileChunks)).length;
  const listed = await readdir(folderRoot, { recursive: true, withFileTypes: true });
  return listed.filter((entry) => entry.isFile()).length;
}

describe.each(stores)('the %s content store', (kind, make) => {
  it('gives back what it was given, across several chunks, and forgets it when removed', async () => {
    const store = make();
    const content = bytesOf(2 * CHUNK_BYTES + 1234);
    const key = await store.write(Readable.from([content.subarray(0, 1000), content.subarray(1000)]));
    expect((await readAll(await store.open(key, content.length))).equals(content)).toBe(true);
    await store.remove(key);
    await expect(store.open(key, content.length)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await heldBy(kind)).toBe(0);
  });

  it('fails a read of a content that does not hold as many bytes as its file says', async () => {
    const store = make();
    const content = bytesOf(CHUNK_BYTES + 5);
    const key = await store.write(Readable.from([content]));
    for (const size of [content.length + 1, content.length - 1]) {
      const read = async () => readAll(await store.open(key, size));
      await expect(read()).rejects.toThrow(`does not hold its ${size} bytes`);
    }
    await store.remove(key);
  });

  it('keeps an empty content', async () => {
    const store = make();
    const key = await store.write(Readable.from([]));
    expect(await text(await store.open(key, 0))).toBe('');
    await store.remove(key);
  });

  it('keeps nothing of a source that fails midway', async () => {
    const store = make();
    await expect(store.write(failingAfter(bytesOf(CHUNK_BYTES + 10)))).rejects.toThrow('went away');
    expect(await heldBy(kind)).toBe(0);
  });

  it('sweeps only what no file names and was written before the given time', async () => {
    const store = make();
    const key = await store.write(Readable.from([bytesOf(100)]));
    await store.sweep(new Date(t.clock.now().getTime() - 60_000));
    expect(await readAll(await store.open(key, 100))).toHaveLength(100);
    await store.remove(key);
  });
});

describe('the database store', () => {
  it('sweeps the chunks of an upload a crash interrupted, once they are old', async () => {
    const store = new DatabaseContentStore(t.database.db, t.clock.now);
    const key = await store.write(Readable.from([bytesOf(10)]));
    t.clock.advance(2 * 86_400_000);
    await store.sweep(new Date(t.clock.now().getTime() - 86_400_000));
    expect(
      await t.database.db.select().from(libraryFileChunks).where(eq(libraryFileChunks.contentKey, key)),
    ).toEqual([]);
  });

  it('fails a read, never ends it short, when the chunks it has not read yet are gone', async () => {
    const store = new DatabaseContentStore(t.database.db, t.clock.now);
    const content = bytesOf(3 * CHUNK_BYTES + 10);
    const key = await store.write(Readable.from([content]));
    const reader = (await store.open(key, content.length))[Symbol.asyncIterator]();
    const first = await reader.next();
    expect(first.done).toBe(false);
    // Removed under the read: the chunks it has not read yet are missing.
    await store.remove(key);
    const rest = (async () => {
      while (!(await reader.next()).done);
    })();
    await expect(rest).rejects.toThrow('does not hold its 786442 bytes');
  });
});
