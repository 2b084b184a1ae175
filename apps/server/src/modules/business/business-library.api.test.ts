import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Business } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { libraryFiles } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';

/**
 * A deleted business's library (docs/design.md §13): its rows go by the database's cascade, and the contents they
 * named are retired in the deletion's transaction, so the library's sweep removes them from the folder store a day
 * later, as it does a deleted file's; before then a read under way still has them.
 */
const folderRoot = await mkdtemp(path.join(tmpdir(), 'portal-business-library-'));
afterAll(async () => {
  await rm(folderRoot, { recursive: true, force: true });
});

const ADMIN = 'admin@demo.test';
const DAY = 24 * 60 * 60 * 1000;

/** Where the folder store keeps a content (library-content-store.ts). */
const contentPath = (key: string) => path.join(folderRoot, key.slice(0, 2), key);
const onDisk = (key: string) =>
  access(contentPath(key)).then(
    () => true,
    () => false,
  );

describe('deleting a business with library files on the folder store', () => {
  const t = useTestApp({ library: { dir: folderRoot } });

  it('retires their contents, which the sweep removes a day later and not before', async () => {
    const { id } = (
      await t.call(ADMIN, 'POST', '/api/v1/business', { name: 'Con Libreria S.r.l.' })
    ).json<Business>();
    const add = (folder: string, name: string) =>
      t.modules.library.service.addFile(
        { businessId: id, folder, name, uploadedBy: null },
        Readable.from([Buffer.from('G28\nG1 X10 Y10 F3000\n')]),
      );
    const files = [await add('', 'bracket.gcode'), await add('jigs', 'clamp.gcode')];
    const keys = files.map((file) => file.contentKey);
    expect(await Promise.all(keys.map(onDisk))).toEqual([true, true]);

    expect((await t.call(ADMIN, 'DELETE', `/api/v1/business/${id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(libraryFiles).where(eq(libraryFiles.businessId, id))).toEqual(
      [],
    );

    // Within the day a read begun before the deletion may still be on them.
    await t.modules.library.sweep();
    expect(await Promise.all(keys.map(onDisk))).toEqual([true, true]);

    t.clock.advance(DAY + 1);
    await t.modules.library.sweep();
    expect(await Promise.all(keys.map(onDisk))).toEqual([false, false]);
  });
});
