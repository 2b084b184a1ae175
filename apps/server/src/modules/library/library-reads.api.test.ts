import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { Role } from '@portal/contract';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryFileChunks, libraryRetiredContents } from '../../db/schema.ts';
import { bearer } from '../../test/test-app.ts';
import { useTwoInstances } from '../../test/two-instances.ts';
import { CHUNK_BYTES } from './library-content-store.ts';
import type { LibraryFile } from './library-files.ts';

/**
 * A read of a library file under way (a download, the print queue sending it to a board) while a slicer replaces
 * its content or someone deletes the file, on the same instance or another of the deployment (docs/design.md §13):
 * the read gets the whole content it started on, which is removed only by the library's sweep a day later. A
 * content that breaks off all the same fails the read: never a short file that looks whole.
 */
const folderRoot = await mkdtemp(path.join(tmpdir(), 'portal-library-reads-'));
afterAll(async () => {
  await rm(folderRoot, { recursive: true, force: true });
});

const CUSTOMER = 'customer@demo.test';
const DAY = 24 * 60 * 60 * 1000;
const REPLACEMENT = 'G28\nG1 X5 Y5 F3000\n';

/** G-code of at least `bytes` bytes whose lines differ by place, so that a chunk lost or out of order shows. */
function gcodeOf(bytes: number, mark: number): Buffer {
  const lines: string[] = [];
  let length = 0;
  for (let line = 0; length < bytes; line++) {
    const next = `G1 X${line % 200} Y${mark} E${line} F1200\n`;
    lines.push(next);
    length += next.length;
  }
  return Buffer.from(lines.join(''));
}

/** The rest of a read the test has begun. */
async function restOf(reader: AsyncIterator<Buffer>): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for (let next = await reader.next(); !next.done; next = await reader.next()) chunks.push(next.value);
  return chunks;
}

describe.each([
  ['database', undefined],
  ['folder', folderRoot],
])('a read under way in the %s store', (kind, dir) => {
  const instances = useTwoInstances({ library: { dir } });
  let viewer: { id: number; role: Role; business: number };
  beforeAll(async () => {
    const id = await instances.first.idOf(CUSTOMER);
    const user = await instances.first.modules.users.repository.findById(id);
    if (!user) throw new Error('no demo customer');
    viewer = { id, role: Role.Customer, business: user.businessId };
  });

  const library = (on: 'first' | 'second') => instances[on].modules.library;
  const add = (name: string, content: Buffer) =>
    library('first').service.addFile(
      { businessId: viewer.business, folder: 'reads', name, uploadedBy: viewer.id },
      Readable.from([content]),
    );
  /** A slicer's upload of the same name, on the given instance. */
  const replace = (on: 'first' | 'second', name: string, content: string) =>
    library(on).service.upload(
      viewer,
      { folder: 'reads', name },
      Readable.from([Buffer.from(content)]),
      undefined,
      {
        replace: true,
      },
    );
  /** A read begun: its first piece taken, the rest not asked for yet. */
  async function begin(file: LibraryFile) {
    const reader = (await library('first').files.openContent(file)).stream[
      Symbol.asyncIterator
    ]() as AsyncIterator<Buffer>;
    const head = await reader.next();
    if (head.done) throw new Error('the content is empty');
    return { head: head.value, reader };
  }
  /** Whether the store still holds a content. */
  async function holds(key: string): Promise<boolean> {
    if (kind === 'database') {
      const chunks = await instances.first.database.db
        .select({ seq: libraryFileChunks.seq })
        .from(libraryFileChunks)
        .where(eq(libraryFileChunks.contentKey, key));
      return chunks.length > 0;
    }
    const listed = await readdir(folderRoot, { recursive: true });
    return listed.some((entry) => path.basename(entry) === key);
  }

  it('gets the whole content it began on when another instance replaces the file', async () => {
    const old = gcodeOf(3 * CHUNK_BYTES + 100, 1);
    const file = await add('replaced.gcode', old);
    const { head, reader } = await begin(file);
    const { replaced } = await replace('second', 'replaced.gcode', REPLACEMENT);
    expect(replaced).toBe(true);
    expect(Buffer.concat([head, ...(await restOf(reader))]).equals(old)).toBe(true);
    const now = await library('first').files.fileOfBusiness(viewer.business, file.id);
    if (!now) throw new Error('the file is gone');
    expect(await text((await library('first').files.openContent(now)).stream)).toBe(REPLACEMENT);
  });

  it('gets the whole content it began on when the file is deleted', async () => {
    const old = gcodeOf(3 * CHUNK_BYTES + 100, 2);
    const file = await add('deleted.gcode', old);
    const { head, reader } = await begin(file);
    await library('second').service.deleteFile(viewer, file.id);
    expect(Buffer.concat([head, ...(await restOf(reader))]).equals(old)).toBe(true);
  });

  it('opens the whole old content of a file looked up before its replacement', async () => {
    // The print queue reads the file's row, then opens its content: a replacement may land in between.
    const old = gcodeOf(2 * CHUNK_BYTES + 100, 3);
    const file = await add('looked-up.gcode', old);
    await replace('first', 'looked-up.gcode', REPLACEMENT);
    const content = await library('first').files.openContent(file);
    expect(Buffer.concat(await restOf(content.stream[Symbol.asyncIterator]())).equals(old)).toBe(true);
  });

  it('is removed only by the sweep a day after its replacement, however old, on any instance', async () => {
    const old = gcodeOf(2 * CHUNK_BYTES + 100, 4);
    const file = await add('swept.gcode', old);
    const deleted = await add('swept-deleted.gcode', gcodeOf(100, 5));
    // Written long before it is replaced: older than what the sweep takes for an interrupted upload's.
    instances.first.clock.advance(2 * DAY);
    const { head, reader } = await begin(file);
    await replace('second', 'swept.gcode', REPLACEMENT);
    await library('second').service.deleteFile(viewer, deleted.id);
    await library('first').sweep();
    expect(Buffer.concat([head, ...(await restOf(reader))]).equals(old)).toBe(true);
    instances.first.clock.advance(DAY - 1);
    await library('second').sweep();
    expect(await holds(file.contentKey)).toBe(true);
    expect(await holds(deleted.contentKey)).toBe(true);
    instances.first.clock.advance(2);
    await library('first').sweep();
    expect(await holds(file.contentKey)).toBe(false);
    expect(await holds(deleted.contentKey)).toBe(false);
    const retired = await instances.first.database.db.select().from(libraryRetiredContents);
    expect(retired.map((each) => each.contentKey)).not.toContain(file.contentKey);
    const now = await library('second').files.fileOfBusiness(viewer.business, file.id);
    if (!now) throw new Error('the file is gone');
    expect(await holds(now.contentKey)).toBe(true);
  });

  it.runIf(kind === 'database')(
    'is cut with a reset, never a short 200, when its content breaks off under a download',
    async () => {
      const content = gcodeOf(2 * CHUNK_BYTES + 100, 6);
      const file = await add('cut.gcode', content);
      // Lost after the first chunk (the sweep of a read lasting over a day, a hand in the database).
      await instances.first.database.db
        .delete(libraryFileChunks)
        .where(and(eq(libraryFileChunks.contentKey, file.contentKey), gt(libraryFileChunks.seq, 0)));
      // The answer's head (200, the whole length) is gone with the first chunk: the connection is cut, which the
      // injected request tells as a response destroyed before completion.
      const download = instances.first.app.inject({
        method: 'GET',
        url: `/api/v1/library/files/${file.id}/content`,
        headers: bearer(await instances.first.tokenFor(CUSTOMER)),
      });
      await expect(download).rejects.toMatchObject({ code: 'LIGHT_ECONNRESET' });
    },
  );
});
