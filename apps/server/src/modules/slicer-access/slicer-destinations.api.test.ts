import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SlicerDestination, slicerDuetPath } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityRecords, libraryFileChunks } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { CUSTOMER, SLICED_PLATE, useSlicerDestinations } from '../../test/slicer-fixtures.ts';

/**
 * Slicer uploads to the business's library and print queue (docs/product.md §7 "Tokens"): PrusaSlicer's Duet
 * sequence and an OctoPrint client's multipart upload, replayed as the slicers send them, land in the library
 * (checked as the library's own uploads are) and in the queue; no board is connected, none is needed.
 */
let spoolDir = '';
beforeAll(async () => {
  spoolDir = await mkdtemp(path.join(tmpdir(), 'portal-spool-destinations-'));
});
afterAll(async () => {
  await rm(spoolDir, { recursive: true, force: true });
});
const t = useTestApp(() => ({ proxyTimeoutMs: 5000, uploads: { maxBytes: 16 * 1024 * 1024, spoolDir } }));
const { machine, tokenTo, duetUrl, octoPrintUpload, files, jobs, contentOf } = useSlicerDestinations(t);
/** Business B's machine. */
let otherController = 0;
beforeAll(async () => {
  otherController = (await t.demoGroup('RatRig produzione')).computerControllerId;
});

const LIBRARY: SlicerDestination = { kind: 'library', folder: 'slicer' };
const QUEUE: SlicerDestination = { kind: 'queue', folder: 'queued', target: 'machineType' };

/** PrusaSlicer's Duet host, as it sends each request after the URL the user pasted. */
async function prusaSlicer(base: string, name: string, content: string, { print }: { print: boolean }) {
  const get = (url: string) => t.app.inject({ method: 'GET', url: `${base}${url}` });
  const connect = await get('rr_connect?password=reprap&time=2026-11-21T10:00:00');
  expect(connect.statusCode, connect.body).toBe(200);
  expect(connect.json()).toMatchObject({ err: 0 });
  const upload = await t.app.inject({
    method: 'POST',
    url: `${base}rr_upload?name=0:/gcodes/${encodeURIComponent(name)}&time=2026-11-21T10:00:00`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(content)),
      'user-agent': 'PrusaSlicer/2.9.4',
    },
    payload: content,
  });
  if (upload.statusCode !== 200) return upload;
  expect(upload.json()).toEqual({ err: 0 });
  if (print) {
    const started = await get(`rr_gcode?gcode=M32%20"0:/gcodes/${encodeURIComponent(name)}"`);
    expect(started.statusCode, started.body).toBe(200);
  }
  expect((await get('rr_disconnect')).statusCode).toBe(200);
  return upload;
}

describe('a library token', () => {
  it("takes PrusaSlicer's Duet upload into its folder; its upload-and-print queues it on the machine", async () => {
    const base = await duetUrl(LIBRARY);
    await prusaSlicer(base, 'prusa cube.gcode', SLICED_PLATE, { print: false });
    const [file] = await files();
    expect(file).toMatchObject({
      folder: 'slicer',
      name: 'prusa cube.gcode',
      size: Buffer.byteLength(SLICED_PLATE),
    });
    expect(await contentOf(file?.id ?? 0)).toBe(SLICED_PLATE);
    expect(await jobs()).toEqual([]);
    // Kept in the activity record as the token's user's upload, as the library's own upload is.
    await t.modules.activity.log.flush();
    const recorded = await t.database.db
      .select()
      .from(activityRecords)
      .where(eq(activityRecords.kind, 'library.upload'));
    expect(recorded.at(-1)).toMatchObject({
      actorUserId: await t.idOf(CUSTOMER),
      controllerId: machine.controllerId,
      detail: { route: 'slicer library', folder: 'slicer', name: 'prusa cube.gcode' },
    });

    await prusaSlicer(base, 'plate 2.gcode', SLICED_PLATE, { print: true });
    expect(await jobs()).toMatchObject([
      { fileName: 'plate 2.gcode', machineGroupId: machine.groupId, copies: 1 },
    ]);
  });

  it('takes an OctoPrint upload into the library, queued on the machine only when print is true', async () => {
    const token = await tokenTo(LIBRARY);
    const stored = await octoPrintUpload(token, 'orca.gcode', SLICED_PLATE, {
      select: 'true',
      path: 'parts',
    });
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toMatchObject({ done: true, files: { local: { name: 'orca.gcode' } } });
    expect(await jobs()).toEqual([]);
    const printed = await octoPrintUpload(token, 'orca printed.gcode', SLICED_PLATE, { print: 'true' });
    expect(printed.statusCode, printed.body).toBe(201);
    expect((await files()).map((file) => `${file.folder}/${file.name}`).sort()).toEqual([
      'slicer/orca printed.gcode',
      'slicer/parts/orca.gcode',
    ]);
    expect(await jobs()).toMatchObject([{ fileName: 'orca printed.gcode', machineGroupId: machine.groupId }]);
    expect(await readdir(spoolDir)).toEqual([]);
  });
});

describe('a queue token', () => {
  it("queues PrusaSlicer's Duet upload on its target, once even with upload-and-print", async () => {
    const base = await duetUrl(QUEUE);
    await prusaSlicer(base, 'queued part.gcode', SLICED_PLATE, { print: true });
    const [file] = await files();
    expect(file).toMatchObject({ folder: 'queued', name: 'queued part.gcode' });
    expect(await jobs()).toMatchObject([
      {
        libraryFileId: file?.id,
        machineTypeId: machine.machineTypeId,
        machineGroupId: null,
        copies: 1,
        state: 'waiting',
      },
    ]);
  });

  it('queues an OctoPrint upload whatever its print field says', async () => {
    const token = await t.slicerToken(CUSTOMER, machine.controllerId, {
      destination: { kind: 'queue', folder: '', target: 'machine' },
    });
    const answer = await octoPrintUpload(token, 'octo.gcode', SLICED_PLATE, {});
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await jobs()).toMatchObject([{ fileName: 'octo.gcode', machineGroupId: machine.groupId }]);
    const queue = await t.call(
      CUSTOMER,
      'GET',
      `/api/v1/business/${await t.businessOf(CUSTOMER)}/print-queue`,
    );
    expect(queue.json().jobs).toMatchObject([{ fileName: 'octo.gcode' }]);
  });
});

describe('a refused slicer upload', () => {
  const ATTACK = `${SLICED_PLATE}M552 S0\nM997\n`;

  it('with a line for the admin path leaves nothing in the library or the queue', async () => {
    for (const destination of [LIBRARY, QUEUE]) {
      const token = await tokenTo(destination);
      const duet = await prusaSlicer(
        slicerDuetPath(machine.controllerId, destination.kind, token),
        'evil.gcode',
        ATTACK,
        {
          print: true,
        },
      );
      expect(duet.statusCode, duet.body).toBe(403);
      expect(duet.json()).toMatchObject({ code: 'ADMIN_PATH_ONLY' });
      const octo = await octoPrintUpload(token, 'evil.gcode', ATTACK, { print: 'true' });
      expect(octo.statusCode, octo.body).toBe(403);
      expect(octo.json()).toMatchObject({ code: 'ADMIN_PATH_ONLY' });
    }
    expect(await files()).toEqual([]);
    expect(await t.database.db.select().from(libraryFileChunks)).toEqual([]);
    expect(await jobs()).toEqual([]);
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it('outside 0:/gcodes, or a board request beyond an upload, is refused', async () => {
    const base = await duetUrl(LIBRARY);
    const outside = await t.app.inject({
      method: 'POST',
      url: `${base}rr_upload?name=0:/sys/config.g`,
      payload: 'M550 P"x"\n',
    });
    expect(outside.statusCode, outside.body).toBe(400);
    for (const url of [
      'rr_gcode?gcode=M997',
      'rr_download?name=0:/sys/config.g',
      'rr_delete?name=0:/gcodes/x',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: `${base}${url}` });
      expect(answer.statusCode, url).toBe(403);
    }
    expect(await files()).toEqual([]);
  });
});

describe('a destination token', () => {
  it("works only under its own URL: the machine's URLs and the other destination's refuse it", async () => {
    const library = await tokenTo(LIBRARY);
    const toMachine = await t.slicerToken(CUSTOMER, machine.controllerId);
    for (const url of [
      slicerDuetPath(machine.controllerId, 'upload', library),
      slicerDuetPath(machine.controllerId, 'queue', library),
      slicerDuetPath(machine.controllerId, 'library', toMachine),
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: `${url}rr_connect?password=` });
      expect(answer.statusCode, url).toBe(403);
    }
  });

  it("of another business's machine is not made (404), nor used on another machine (403)", async () => {
    const made = await t.call(CUSTOMER, 'POST', `/api/v1/customer/printer/duet/${otherController}/token`, {
      can_connect: true,
      can_upload_files: true,
      full_control: false,
      destination: LIBRARY,
    });
    expect(made.statusCode, made.body).toBe(404);
    const token = await tokenTo(LIBRARY);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `${slicerDuetPath(otherController, 'library', token)}rr_connect?password=`,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(await files()).toEqual([]);
  });

  it("of staff stores into the library of the machine's business, not their own", async () => {
    const token = await t.slicerToken('admin@demo.test', otherController, { destination: LIBRARY });
    const base = slicerDuetPath(otherController, 'library', token);
    await prusaSlicer(base, 'for b.gcode', SLICED_PLATE, { print: false });
    const [file] = await files();
    expect(file).toMatchObject({
      businessId: await t.businessOf('customer2@demo.test'),
      name: 'for b.gcode',
    });
    const seen = await t.call(CUSTOMER, 'GET', `/api/v1/library/files/${file?.id}`);
    expect(seen.statusCode).toBe(404);
  });

  it('is for upload-and-print only: a full-control token goes to the machine (400)', async () => {
    const made = await t.call(
      'admin@demo.test',
      'POST',
      `/api/v1/customer/printer/duet/${machine.controllerId}/token`,
      {
        can_connect: true,
        can_upload_files: true,
        full_control: true,
        destination: QUEUE,
      },
    );
    expect(made.statusCode, made.body).toBe(400);
  });

  it('names its destination in the answer', async () => {
    const made = await t.call(
      CUSTOMER,
      'POST',
      `/api/v1/customer/printer/duet/${machine.controllerId}/token`,
      {
        can_connect: true,
        can_upload_files: true,
        full_control: false,
        destination: QUEUE,
      },
    );
    expect(made.json()).toMatchObject({ level: 'upload', destination: QUEUE });
  });
});
