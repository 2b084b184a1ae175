import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SLICED, slicedGcode } from '../../../../../test-kit/sliced-gcode.ts';
import { libraryFileChunks, libraryFiles } from '../../db/schema.ts';
import { type ApiTest, useTestApp } from '../../test/api-test.ts';
import { connectFakeGateway, type FakeGateway, type StreamHandler } from '../../test/fake-gateway.ts';

const MAX_BYTES = 64 * 1024;
const DAY = 24 * 60 * 60 * 1000;
const CUSTOMER = 'customer@demo.test';
const MANAGER = 'manager@demo.test';
const TECH = 'tech@demo.test';
const ADMIN = 'admin@demo.test';
const OTHER_CUSTOMER = 'customer2@demo.test';
const OTHER_MANAGER = 'manager2@demo.test';

const folderRoot = await mkdtemp(path.join(tmpdir(), 'portal-library-api-'));
afterAll(async () => {
  await rm(folderRoot, { recursive: true, force: true });
});

/** An upload as the web app sends it: the file as the body, where it goes in the query. */
const upload = (
  t: ApiTest,
  who: string,
  name: string,
  content: string | Buffer | Readable,
  where: { folder?: string; business?: number } = {},
) => {
  const query = new URLSearchParams({ name, ...(where.folder && { folder: where.folder }) });
  if (where.business !== undefined) query.set('business', String(where.business));
  return t.tokenFor(who).then((token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/library/files?${query}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: content,
    }),
  );
};

/** Everything stored: rows, chunks and files of the folder store. */
async function stored(t: ApiTest) {
  const listed = await readdir(folderRoot, { recursive: true, withFileTypes: true });
  return {
    rows: (await t.database.db.select().from(libraryFiles)).length,
    chunks: (await t.database.db.select().from(libraryFileChunks)).length,
    files: listed.filter((entry) => entry.isFile()).length,
  };
}

describe.each([
  ['database', undefined],
  ['folder', folderRoot],
])('the library API with the %s store', (_kind, dir) => {
  const t = useTestApp({ library: { dir, maxBytes: MAX_BYTES }, proxyTimeoutMs: 2_000 });
  let businessA: number;
  let businessB: number;
  beforeAll(async () => {
    businessA = await t.businessOf(CUSTOMER);
    businessB = await t.businessOf(OTHER_CUSTOMER);
  });

  it('takes an upload, reads what the slicer wrote, and gives back the same bytes and the thumbnail', async () => {
    const gcode = slicedGcode();
    const answer = await upload(t, CUSTOMER, 'bracket.gcode', gcode, { folder: 'parts' });
    expect(answer.statusCode, answer.body).toBe(201);
    const file = answer.json();
    expect(file).toMatchObject({
      business: businessA,
      folder: 'parts',
      name: 'bracket.gcode',
      size: Buffer.byteLength(gcode),
      uploadedBy: 'Carlo Cliente',
      thumbnail: true,
      metadata: {
        slicer: { name: SLICED.slicer, version: SLICED.version },
        estimatedPrintSeconds: SLICED.printSeconds,
        layerHeightMm: SLICED.layerHeightMm,
        nozzleDiametersMm: [SLICED.nozzleMm],
        printerModel: SLICED.printerModel,
        filamentTypes: [SLICED.filamentType],
      },
    });
    const download = await t.call(CUSTOMER, 'GET', `/api/v1/library/files/${file.id}/content`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(gcode);
    expect(download.headers['content-disposition']).toContain('filename="bracket.gcode"');
    const thumbnail = await t.call(MANAGER, 'GET', `/api/v1/library/files/${file.id}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/png');
    expect(thumbnail.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('lists folders and files, finds files by name in every folder, and pages', async () => {
    for (const name of ['a.gcode', 'b.gcode', 'c.gcode']) {
      expect((await upload(t, MANAGER, name, 'G28\n', { folder: 'jigs/left' })).statusCode).toBe(201);
    }
    const root = (await t.call(MANAGER, 'GET', '/api/v1/library')).json();
    expect(root.folders).toEqual(expect.arrayContaining([{ path: 'jigs', name: 'jigs' }]));
    const jigs = (await t.call(MANAGER, 'GET', '/api/v1/library?folder=jigs')).json();
    expect(jigs.folders).toEqual([{ path: 'jigs/left', name: 'left' }]);
    expect(jigs.items).toEqual([]);
    const page = (await t.call(MANAGER, 'GET', '/api/v1/library?folder=jigs/left&pageSize=2&page=2')).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2, folder: 'jigs/left' });
    expect(page.items.map((file: { name: string }) => file.name)).toEqual(['c.gcode']);
    const found = (await t.call(CUSTOMER, 'GET', '/api/v1/library?q=B.GC')).json();
    expect(
      found.items.map((file: { folder: string; name: string }) => `${file.folder}/${file.name}`),
    ).toEqual(['jigs/left/b.gcode']);
    expect(found.folders).toEqual([]);
    expect((await t.call(CUSTOMER, 'GET', '/api/v1/library?folder=missing')).statusCode).toBe(404);
    expect((await t.call(CUSTOMER, 'GET', '/api/v1/library?folder=../x')).statusCode).toBe(400);
  });

  it('keeps each business to its own library, and lets staff choose the business', async () => {
    const file = (await upload(t, CUSTOMER, 'private.gcode', 'G28\n')).json();
    for (const [method, url] of [
      ['GET', `/api/v1/library/files/${file.id}`],
      ['GET', `/api/v1/library/files/${file.id}/content`],
      ['GET', `/api/v1/library/files/${file.id}/thumbnail`],
      ['DELETE', `/api/v1/library/files/${file.id}`],
      ['GET', `/api/v1/library?business=${businessA}`],
    ] as const) {
      expect((await t.call(OTHER_MANAGER, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await upload(t, OTHER_CUSTOMER, 'x.gcode', 'G28\n', { business: businessA })).statusCode).toBe(
      404,
    );
    const theirs = await t.call(OTHER_CUSTOMER, 'GET', '/api/v1/library?q=private');
    expect(theirs.json()).toMatchObject({ business: businessB, total: 0 });
    for (const staff of [TECH, ADMIN]) {
      const listing = await t.call(staff, 'GET', `/api/v1/library?business=${businessA}&q=private`);
      expect(listing.json().items.map((item: { id: number }) => item.id)).toEqual([file.id]);
      expect((await t.call(staff, 'GET', `/api/v1/library/files/${file.id}/content`)).body).toBe('G28\n');
    }
    expect((await t.call(ADMIN, 'GET', '/api/v1/library?business=999999')).statusCode).toBe(404);
    const staffUpload = await upload(t, TECH, 'for-b.gcode', 'G28\n', { business: businessB });
    expect(staffUpload.json()).toMatchObject({ business: businessB, uploadedBy: 'Tiziana Tecnico' });
  });

  it('leaves nothing stored of a refused line or an over-size file, and says why', async () => {
    const before = await stored(t);
    const refused = await upload(t, CUSTOMER, 'attack.gcode', 'G28\nM552 S0\n', { folder: 'new' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADMIN_PATH_ONLY' });
    expect(refused.json().message).toContain('M552');
    const declared = await upload(t, CUSTOMER, 'huge.gcode', 'G1 X1\n'.repeat(MAX_BYTES / 6 + 1));
    expect(declared.statusCode).toBe(413);
    // Without a declared length, the limit stops the stream itself.
    const streamed = await upload(
      t,
      CUSTOMER,
      'huge.gcode',
      Readable.from(Array.from({ length: 20 }, () => Buffer.from('G1 X1\n'.repeat(1000)))),
    );
    expect(streamed.statusCode).toBe(413);
    expect(await stored(t)).toEqual(before);
    expect((await t.call(CUSTOMER, 'GET', '/api/v1/library?folder=new')).statusCode).toBe(404);
  });

  it('renames, moves and deletes files (the content at the sweep), and refuses a name the folder already has', async () => {
    const first = (await upload(t, CUSTOMER, 'one.gcode', 'G28\n', { folder: 'moves' })).json();
    const second = (await upload(t, CUSTOMER, 'two.gcode', 'G28\n', { folder: 'moves' })).json();
    expect((await upload(t, CUSTOMER, 'one.gcode', 'G28\n', { folder: 'moves' })).statusCode).toBe(409);
    const taken = await t.call(CUSTOMER, 'PUT', `/api/v1/library/files/${second.id}`, {
      folder: 'moves',
      name: 'one.gcode',
    });
    expect(taken.statusCode).toBe(409);
    const moved = await t.call(CUSTOMER, 'PUT', `/api/v1/library/files/${second.id}`, {
      folder: 'moves/done',
      name: 'renamed.gcode',
    });
    expect(moved.json()).toMatchObject({ folder: 'moves/done', name: 'renamed.gcode' });
    const before = await stored(t);
    expect((await t.call(CUSTOMER, 'DELETE', `/api/v1/library/files/${first.id}`)).statusCode).toBe(204);
    expect((await t.call(CUSTOMER, 'GET', `/api/v1/library/files/${first.id}`)).statusCode).toBe(404);
    const after = await stored(t);
    expect(after.rows).toBe(before.rows - 1);
    // Its content stays for the reads under way, until the library's sweep a day later.
    expect(after).toEqual({ ...before, rows: before.rows - 1 });
    t.clock.advance(DAY + 1);
    await t.modules.library.sweep();
    const swept = await stored(t);
    expect(dir ? swept.files : swept.chunks).toBe((dir ? before.files : before.chunks) - 1);
  });

  it('creates folders and deletes only empty ones', async () => {
    const created = await t.call(MANAGER, 'POST', '/api/v1/library/folders', { path: 'spare/empty' });
    expect(created.statusCode).toBe(201);
    expect(
      (await t.call(MANAGER, 'POST', '/api/v1/library/folders', { path: 'spare/empty' })).statusCode,
    ).toBe(409);
    const spare = (await t.call(CUSTOMER, 'GET', '/api/v1/library?folder=spare')).json();
    expect(spare.folders).toEqual([{ path: 'spare/empty', name: 'empty' }]);
    const holding = await t.call(MANAGER, 'DELETE', '/api/v1/library/folders?path=spare');
    expect(holding.statusCode).toBe(409);
    expect((await t.call(MANAGER, 'DELETE', '/api/v1/library/folders?path=spare/empty')).statusCode).toBe(
      204,
    );
    expect((await t.call(MANAGER, 'DELETE', '/api/v1/library/folders?path=spare')).statusCode).toBe(204);
    expect((await t.call(MANAGER, 'DELETE', '/api/v1/library/folders?path=spare')).statusCode).toBe(404);
    const elsewhere = await t.call(OTHER_MANAGER, 'POST', '/api/v1/library/folders', {
      business: businessA,
      path: 'intrusion',
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

const copyRoot = await mkdtemp(path.join(tmpdir(), 'portal-library-copies-'));
afterAll(async () => {
  await rm(copyRoot, { recursive: true, force: true });
});

describe.each([
  ['database', undefined],
  ['folder', copyRoot],
])('copying a file from a machine into the library with the %s store', (_kind, dir) => {
  const t = useTestApp({ library: { dir }, proxyTimeoutMs: 2_000 });
  const gateways: FakeGateway[] = [];
  const controller = { valid: 0, expired: 0, other: 0 };
  /** What each board path asked for answers: its bytes, or a 404 when the board has none. */
  const boardFiles = new Map<string, string>();
  const board: StreamHandler = (stream, headers) => {
    const name = new URL(String(headers[':path']), 'http://board').searchParams.get('name') ?? '';
    const content = boardFiles.get(name);
    if (content === undefined) {
      stream.respond({ ':status': 404 });
      stream.end();
      return;
    }
    stream.respond({ ':status': 200, 'content-length': String(Buffer.byteLength(content)) });
    stream.end(content);
  };
  beforeAll(async () => {
    Object.assign(controller, await t.demoControllers());
    for (const id of [controller.valid, controller.other]) {
      gateways.push(await connectFakeGateway(t.modules.gateway.registry, id, board));
    }
    boardFiles.set('0:/gcodes/cube.gcode', slicedGcode());
    boardFiles.set('0:/gcodes/attack.gcode', 'M552 S0\n');
    for (const version of [1, 2, 3, 4, 5])
      boardFiles.set(`0:/gcodes/v${version}/part.gcode`, `G1 X${version}\n`);
  });
  afterAll(async () => {
    await Promise.all(gateways.splice(0).map((fake) => fake.disconnect()));
  });

  const copy = (who: string, body: Record<string, unknown>) =>
    t.call(who, 'POST', '/api/v1/library/files/from-machine', {
      path: '0:/gcodes/cube.gcode',
      folder: 'from machines',
      name: 'cube.gcode',
      ...body,
    });

  it('copies a board file of a machine the user reaches, with its metadata', async () => {
    const copied = await copy(CUSTOMER, { controllerId: controller.valid });
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json()).toMatchObject({
      folder: 'from machines',
      name: 'cube.gcode',
      thumbnail: true,
      metadata: { printerModel: SLICED.printerModel },
    });
    const bytes = await t.call(CUSTOMER, 'GET', `/api/v1/library/files/${copied.json().id}/content`);
    expect(bytes.body).toBe(slicedGcode());
  });

  it('answers 404 for another business’s machine or a missing file, and refuses what the check refuses', async () => {
    expect((await copy(CUSTOMER, { controllerId: controller.other, name: 'b.gcode' })).statusCode).toBe(404);
    // Staff choosing business B still need a machine of B.
    const business = await t.businessOf(OTHER_CUSTOMER);
    expect(
      (await copy(ADMIN, { business, controllerId: controller.valid, name: 'c.gcode' })).statusCode,
    ).toBe(404);
    expect(
      (
        await copy(CUSTOMER, {
          controllerId: controller.valid,
          path: '0:/gcodes/none.gcode',
          name: 'n.gcode',
        })
      ).statusCode,
    ).toBe(404);
    const refused = await copy(CUSTOMER, {
      controllerId: controller.valid,
      path: '0:/gcodes/attack.gcode',
      name: 'attack.gcode',
    });
    expect(refused.json()).toMatchObject({ code: 'ADMIN_PATH_ONLY' });
    const sys = await copy(CUSTOMER, {
      controllerId: controller.valid,
      path: '0:/sys/config.g',
      name: 'cfg.g',
    });
    expect(sys.statusCode).toBe(403);
  });

  /** The contents the store holds: content keys with chunks, or files of the folder store (not half written). */
  async function contents(): Promise<number> {
    if (!dir) {
      const keys = await t.database.db
        .selectDistinct({ key: libraryFileChunks.contentKey })
        .from(libraryFileChunks);
      return keys.length;
    }
    const listed = await readdir(dir, { recursive: true, withFileTypes: true });
    return listed.filter((entry) => entry.isFile() && path.basename(entry.parentPath) !== 'incoming').length;
  }

  /** The names of a folder's files, by name. */
  const namesIn = async (folder: string) =>
    (await t.call(CUSTOMER, 'GET', `/api/v1/library?folder=${encodeURIComponent(folder)}`))
      .json()
      .items.map((file: { name: string }) => file.name);

  it('answers the file the folder has when the copy is the same content, storing nothing', async () => {
    const first = await copy(CUSTOMER, { controllerId: controller.valid, folder: 'same' });
    expect(first.statusCode, first.body).toBe(201);
    const before = await contents();
    const again = await copy(CUSTOMER, { controllerId: controller.valid, folder: 'same' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await namesIn('same')).toEqual(['cube.gcode']);
    expect(await contents()).toBe(before);
  });

  it('stores another content of a name the folder has under the next numbered name, and knows it again', async () => {
    const at = (version: number) => ({
      controllerId: controller.valid,
      path: `0:/gcodes/v${version}/part.gcode`,
      folder: 'versions',
      name: 'part.gcode',
    });
    const before = await contents();
    const names: string[] = [];
    for (const version of [1, 2, 3]) {
      const copied = await copy(MANAGER, at(version));
      expect(copied.statusCode, copied.body).toBe(201);
      names.push(copied.json().name);
    }
    expect(names).toEqual(['part.gcode', 'part (2).gcode', 'part (3).gcode']);
    expect(await contents()).toBe(before + 3);
    // The second version again is the file it became, not a fourth.
    const again = await copy(CUSTOMER, at(2));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ name: 'part (2).gcode', size: Buffer.byteLength('G1 X2\n') });
    const bytes = await t.call(CUSTOMER, 'GET', `/api/v1/library/files/${again.json().id}/content`);
    expect(bytes.body).toBe('G1 X2\n');
    expect(await namesIn('versions')).toEqual(['part (2).gcode', 'part (3).gcode', 'part.gcode']);
    expect(await contents()).toBe(before + 3);
  });

  it('gives two copies of a name at once each its own name, or one file when they are the same', async () => {
    // Both copies look at the folder before either adds its file, so that one of them finds its name taken.
    const original = t.modules.library.repository.filesBeginning.bind(t.modules.library.repository);
    const waiting = new Map<string, (() => void)[]>();
    const spy = vi
      .spyOn(t.modules.library.repository, 'filesBeginning')
      .mockImplementation(async (business, folder, prefix) => {
        const queue = waiting.get(folder);
        if (queue && queue.length < 2) {
          await new Promise<void>((resolve) => {
            queue.push(resolve);
            if (queue.length === 2) for (const release of queue) release();
          });
        }
        return original(business, folder, prefix);
      });
    try {
      const at = (folder: string, version: number) =>
        copy(CUSTOMER, {
          controllerId: controller.valid,
          path: `0:/gcodes/v${version}/part.gcode`,
          folder,
          name: 'part.gcode',
        });
      waiting.set('race', []);
      const before = await contents();
      const racing = await Promise.all([at('race', 4), at('race', 5)]);
      expect(racing.map((answer) => answer.statusCode)).toEqual([201, 201]);
      expect(racing.map((answer) => answer.json().name).sort()).toEqual(['part (2).gcode', 'part.gcode']);
      expect(await contents()).toBe(before + 2);
      for (const answer of racing) {
        const bytes = await t.call(CUSTOMER, 'GET', `/api/v1/library/files/${answer.json().id}/content`);
        expect(['G1 X4\n', 'G1 X5\n']).toContain(bytes.body);
      }
      waiting.set('same race', []);
      const same = await Promise.all([at('same race', 4), at('same race', 4)]);
      expect(same.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
      expect(same[0]?.json().id).toBe(same[1]?.json().id);
      expect(await namesIn('same race')).toEqual(['part.gcode']);
      expect(await contents()).toBe(before + 3);
    } finally {
      spy.mockRestore();
    }
  });
});
