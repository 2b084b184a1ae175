import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { Role } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { libraryFileChunks, libraryFiles, libraryFolders } from '../../db/schema.ts';
import { type ApiTest, useTestApp } from '../../test/api-test.ts';

const MAX_BYTES = 64 * 1024;
const GCODE = '; sliced\nG28\nG1 X10 Y10 E1.5 F1200\nM104 S200\n';
const REFUSED = 'G28\nM552 S0\n';

/** A business's file added as an upload adds it. */
const add = (t: ApiTest, businessId: number, folder: string, name: string, content: string | Buffer) =>
  t.modules.library.service.addFile(
    { businessId, folder, name, uploadedBy: null },
    Readable.from([Buffer.from(content)]),
  );

/** Everything each store holds: no file, chunk or folder is left by a refused upload. */
async function held(t: ApiTest, root?: string) {
  const db = t.database.db;
  const files = root
    ? (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length
    : 0;
  return {
    rows: (await db.select().from(libraryFiles)).length,
    chunks: (await db.select().from(libraryFileChunks)).length,
    folders: (await db.select().from(libraryFolders)).length,
    files,
  };
}

const folderRoot = await mkdtemp(path.join(tmpdir(), 'portal-library-files-'));
afterAll(async () => {
  await rm(folderRoot, { recursive: true, force: true });
});

describe.each([
  ['database', undefined],
  ['folder', folderRoot],
])('library files in the %s store', (_kind, dir) => {
  const t = useTestApp({ library: { dir, maxBytes: MAX_BYTES } });

  it('adds a file with its folders, and opens its bytes with name, size and hash', async () => {
    const business = await t.businessOf('customer@demo.test');
    const file = await add(t, business, 'brackets/left', 'part.gcode', GCODE);
    expect(file).toMatchObject({
      businessId: business,
      folder: 'brackets/left',
      name: 'part.gcode',
      size: Buffer.byteLength(GCODE),
      storage: dir ? 'folder' : 'database',
    });
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.modules.library.repository.subfolders(business, '')).toEqual(['brackets']);
    expect(await t.modules.library.repository.subfolders(business, 'brackets')).toEqual(['brackets/left']);
    const content = await t.modules.library.files.openContent(file);
    expect(content).toMatchObject({ name: 'part.gcode', size: file.size, sha256: file.sha256 });
    expect(await text(content.stream)).toBe(GCODE);
  });

  it('finds a file for its business and for staff, and answers 404 to another business', async () => {
    const business = await t.businessOf('customer@demo.test');
    const other = await t.businessOf('customer2@demo.test');
    const file = await add(t, business, '', 'tenancy.gcode', GCODE);
    const { files } = t.modules.library;
    const actor = (role: Role, of: number) => ({ role, business: of });
    expect((await files.fileFor(actor(Role.Customer, business), file.id)).id).toBe(file.id);
    expect((await files.fileFor(actor(Role.Manager, business), file.id)).id).toBe(file.id);
    expect((await files.fileFor(actor(Role.Technician, other), file.id)).id).toBe(file.id);
    expect((await files.fileFor(actor(Role.Administrator, other), file.id)).id).toBe(file.id);
    await expect(files.fileFor(actor(Role.Customer, other), file.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(files.fileFor(actor(Role.Manager, other), file.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await files.fileOfBusiness(other, file.id)).toBeNull();
    expect((await files.fileOfBusiness(business, file.id))?.name).toBe('tenancy.gcode');
    await expect(files.fileFor(actor(Role.Administrator, other), 999_999)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('leaves nothing stored of a refused line, an over-size file or a name already taken', async () => {
    const business = await t.businessOf('manager2@demo.test');
    await add(t, business, '', 'taken.gcode', GCODE);
    const before = await held(t, dir);
    await expect(add(t, business, 'new/folder', 'attack.gcode', REFUSED)).rejects.toMatchObject({
      code: 'ADMIN_PATH_ONLY',
    });
    await expect(
      add(t, business, 'new/folder', 'huge.gcode', `${'G1 X1 Y1\n'.repeat(MAX_BYTES / 9 + 1)}`),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    await expect(add(t, business, '', 'taken.gcode', GCODE)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await held(t, dir)).toEqual(before);
  });

  it('refuses a name or folder that could leave its place', async () => {
    const business = await t.businessOf('manager@demo.test');
    for (const [folder, name] of [
      ['', '../escape.gcode'],
      ['..', 'up.gcode'],
      ['a/../b', 'up.gcode'],
      ['/abs', 'x.gcode'],
      ['', '..'],
    ] as const) {
      await expect(add(t, business, folder, name, GCODE), `${folder} ${name}`).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }
  });
});
