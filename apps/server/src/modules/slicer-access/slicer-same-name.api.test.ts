import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { SlicerDestination } from '@portal/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { slicedGcode } from '../../../../../test-kit/sliced-gcode.ts';
import { activityRecords, printQueueJobs } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { cura, prusaSlicer } from '../../test/duet-slicers.ts';
import { CUSTOMER, useSlicerDestinations } from '../../test/slicer-fixtures.ts';

/**
 * A slicer sending a file again under the same name (docs/product.md §7 "Tokens"): as a board's `rr_upload` and
 * OctoPrint do, the library's file of that name gets the new content, metadata and thumbnail in place, in one
 * transaction; unless a queued job that has not finished uses it, which keeps it as it is and answers 409 with
 * why. Nothing is ever half-stored, in either content store.
 */
const folderRoot = await mkdtemp(path.join(tmpdir(), 'portal-slicer-same-name-'));
afterAll(async () => {
  await rm(folderRoot, { recursive: true, force: true });
});

const DAY = 24 * 60 * 60 * 1000;
const PLAIN = 'G28\nG1 X20 Y20 F3000\nG1 X30 E1 F1200\n';
const LIBRARY: SlicerDestination = { kind: 'library', folder: 'same' };
const QUEUE: SlicerDestination = { kind: 'queue', folder: 'same-queue', target: 'machine' };

describe.each([
  ['database', undefined],
  ['folder', folderRoot],
])('a same-name slicer upload with the %s store', (_kind, dir) => {
  const t = useTestApp({ library: { dir }, proxyTimeoutMs: 5000 });
  const { machine, tokenTo, duetUrl, octoPrintUpload, files, jobs, contentOf, storedContents } =
    useSlicerDestinations(t);

  const contentKeys = () => storedContents(dir);

  it('replaces the content, metadata and thumbnail of the file in place, and forgets the old content a day later', async () => {
    const base = await duetUrl(LIBRARY);
    const first = await prusaSlicer(t.app, base, {
      name: 'part.gcode',
      content: slicedGcode(),
      action: 'upload',
    });
    expect(first, first.shown).toMatchObject({ ok: true });
    const [before] = await files();
    if (!before) throw new Error('not stored');
    expect(before.metadata).toHaveProperty('printerModel');
    expect((await t.call(CUSTOMER, 'GET', `/api/v1/library/files/${before.id}/thumbnail`)).statusCode).toBe(
      200,
    );

    const again = await cura(t.app, base, { name: 'part.gcode', content: PLAIN, action: 'upload' });
    expect(again, again.shown).toMatchObject({ ok: true });
    const [after, more] = await files();
    expect(more).toBeUndefined();
    expect(after).toMatchObject({ id: before.id, folder: 'same', name: 'part.gcode', size: PLAIN.length });
    expect(after?.sha256).not.toBe(before.sha256);
    // What was read of the new file, nothing of the old.
    expect(after?.metadata ?? {}).not.toHaveProperty('printerModel');
    expect(await contentOf(before.id)).toBe(PLAIN);
    const answer = (await t.call(CUSTOMER, 'GET', `/api/v1/library/files/${before.id}`)).json();
    expect(answer).toMatchObject({ thumbnail: false, size: PLAIN.length });
    expect((await t.call(CUSTOMER, 'GET', `/api/v1/library/files/${before.id}/thumbnail`)).statusCode).toBe(
      404,
    );
    // The old content stays for the reads under way, until the library's sweep a day later.
    expect(await contentKeys()).toEqual([before.contentKey, after?.contentKey].sort());
    t.clock.advance(DAY + 1);
    await t.modules.library.sweep();
    expect(await contentKeys()).toEqual([after?.contentKey]);

    await t.modules.activity.log.flush();
    const [recorded] = await t.database.db
      .select()
      .from(activityRecords)
      .where(eq(activityRecords.kind, 'library.upload'))
      .orderBy(desc(activityRecords.seq))
      .limit(1);
    expect(recorded?.detail).toMatchObject({ route: 'slicer library', name: 'part.gcode', replaced: true });
  });

  it('keeps a file a waiting job uses: a 409 PrusaSlicer shows, nothing stored; replaced once the job ended', async () => {
    const base = await duetUrl(LIBRARY);
    const printed = await prusaSlicer(t.app, base, {
      name: 'queued.gcode',
      content: slicedGcode(),
      action: 'print',
    });
    expect(printed, printed.shown).toMatchObject({ ok: true });
    const [file] = await files();
    if (!file) throw new Error('not stored');
    const keys = await contentKeys();

    const refused = await prusaSlicer(t.app, base, {
      name: 'queued.gcode',
      content: PLAIN,
      action: 'upload',
    });
    expect(refused.ok).toBe(false);
    expect(refused.requests).toEqual(['GET rr_connect 200', 'POST rr_upload 409', 'GET rr_disconnect 200']);
    expect(JSON.parse(refused.shown.replace(/^HTTP 409: /, ''))).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('A job of the print queue that has not finished uses it'),
    });
    expect(await files()).toEqual([file]);
    expect(await contentOf(file.id)).toBe(slicedGcode());
    expect(await contentKeys()).toEqual(keys);

    const [job] = await jobs();
    const cancelled = await t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${job?.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const replaced = await prusaSlicer(t.app, base, {
      name: 'queued.gcode',
      content: PLAIN,
      action: 'upload',
    });
    expect(replaced, replaced.shown).toMatchObject({ ok: true });
    expect(await contentOf(file.id)).toBe(PLAIN);
  });

  it('on a queue token, refuses while its job waits, then replaces and queues anew once it is done', async () => {
    const base = await duetUrl(QUEUE);
    expect(await cura(t.app, base, { name: 'q.gcode', content: PLAIN, action: 'upload' })).toMatchObject({
      ok: true,
    });
    const refused = await cura(t.app, base, { name: 'q.gcode', content: `${PLAIN}G28\n`, action: 'upload' });
    expect(refused).toMatchObject({ ok: false, shown: 'There was a network error: HTTP 409' });
    expect(await jobs()).toHaveLength(1);

    await t.database.db.update(printQueueJobs).set({ state: 'done', copiesStarted: 1 });
    expect(
      await cura(t.app, base, { name: 'q.gcode', content: `${PLAIN}G28\n`, action: 'upload' }),
    ).toMatchObject({
      ok: true,
    });
    const [file] = await files();
    expect(await contentOf(file?.id ?? 0)).toBe(`${PLAIN}G28\n`);
    expect((await jobs()).map((job) => ({ file: job.libraryFileId, state: job.state })).sort()).toEqual([
      { file: file?.id, state: 'done' },
      { file: file?.id, state: 'waiting' },
    ]);
  });

  it('keeps the file of that name as it was when the new file changed on the way: err 1, nothing of it stored', async () => {
    const base = await duetUrl(LIBRARY);
    const first = await prusaSlicer(t.app, base, {
      name: 'kept.gcode',
      content: slicedGcode(),
      action: 'upload',
    });
    expect(first, first.shown).toMatchObject({ ok: true });
    const [file] = await files();
    if (!file) throw new Error('not stored');
    const keys = await contentKeys();

    const changed = await prusaSlicer(t.app, base, {
      name: 'kept.gcode',
      content: PLAIN,
      action: 'upload',
      arrives: PLAIN.replace('X20', 'X28'),
    });
    expect(changed).toMatchObject({ ok: false, shown: 'Unknown error occured: {"err":1}' });
    expect(await files()).toEqual([file]);
    expect(await contentOf(file.id)).toBe(slicedGcode());
    expect(await contentKeys()).toEqual(keys);
  });

  it('replaces an OctoPrint upload of the same name too', async () => {
    const token = await tokenTo(LIBRARY);
    for (const body of [slicedGcode(), PLAIN]) {
      const answer = await octoPrintUpload(token, 'octo.gcode', body);
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const [file, more] = await files();
    expect(more).toBeUndefined();
    expect(await contentOf(file?.id ?? 0)).toBe(PLAIN);
  });

  it('refuses in the replacing transaction a file a job took while the new bytes streamed, keeping none of them', async () => {
    const base = await duetUrl(LIBRARY);
    expect(
      await prusaSlicer(t.app, base, { name: 'race.gcode', content: slicedGcode(), action: 'upload' }),
    ).toMatchObject({ ok: true });
    const [file] = await files();
    if (!file) throw new Error('not stored');
    const keys = await contentKeys();
    // The job is queued once the portal has read the first half of the new file: past the check before the bytes.
    async function* racing() {
      yield Buffer.from(PLAIN);
      await t.database.db.insert(printQueueJobs).values({
        businessId: machine.businessId,
        libraryFileId: file?.id,
        fileName: 'race.gcode',
        machineGroupId: machine.groupId,
        copies: 1,
        position: 1,
        queuedAt: new Date(),
      });
      yield Buffer.from(PLAIN);
    }
    const answer = await t.app.inject({
      method: 'POST',
      url: `${base}rr_upload?name=0:/gcodes/race.gcode`,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(2 * PLAIN.length) },
      payload: Readable.from(racing()),
    });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().message).toContain('A job of the print queue that has not finished uses it');
    expect(await files()).toEqual([file]);
    expect(await contentOf(file.id)).toBe(slicedGcode());
    expect(await contentKeys()).toEqual(keys);
  });
});

describe('the library page', () => {
  const t = useTestApp();

  it('still refuses a name its folder has (409): only slicers replace', async () => {
    const business = await t.businessOf(CUSTOMER);
    const send = () =>
      t.tokenFor(CUSTOMER).then((token) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/library/files?name=kept.gcode&business=${business}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
          payload: PLAIN,
        }),
      );
    expect((await send()).statusCode).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The folder already has a file of that name');
  });
});
