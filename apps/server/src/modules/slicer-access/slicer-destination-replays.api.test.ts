import type { SlicerDestination } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { cura, prusaSlicer, type SlicerAction } from '../../test/duet-slicers.ts';
import { SLICED_PLATE, useSlicerDestinations } from '../../test/slicer-fixtures.ts';

/**
 * What PrusaSlicer's Duet host and Cura's Duet RRF plugin do against a library or queue token's URL, with no board
 * behind it (docs/product.md §7 "Tokens"): every request each sends for "upload", "upload and print" and "upload
 * and simulate", replayed as the client sends and reads it (`test/duet-slicers.ts`). Each ends as the slicer
 * reports success, or with a refusal the slicer shows.
 */
const t = useTestApp(() => ({ proxyTimeoutMs: 5000 }));
const { machine, duetUrl, files, jobs } = useSlicerDestinations(t);

const LIBRARY: SlicerDestination = { kind: 'library', folder: 'slicer' };
const QUEUE: SlicerDestination = { kind: 'queue', folder: 'queued', target: 'machine' };
const SLICERS = { PrusaSlicer: prusaSlicer, Cura: cura } as const;

const stored = async () => (await files()).map((file) => `${file.folder}/${file.name}`);
const queued = async () =>
  (await jobs()).map((job) => ({ fileName: job.fileName, machineGroupId: job.machineGroupId }));

describe.each(Object.entries(SLICERS))('%s against a library token', (_name, slicer) => {
  const run = async (action: SlicerAction) =>
    slicer(t.app, await duetUrl(LIBRARY), { name: `${action} plate.gcode`, content: SLICED_PLATE, action });

  it('uploads into the folder and queues nothing', async () => {
    const outcome = await run('upload');
    expect(outcome, outcome.shown).toMatchObject({ ok: true });
    expect(await stored()).toEqual(['slicer/upload plate.gcode']);
    expect(await queued()).toEqual([]);
    expect(outcome.requests.at(-1)).toBe('GET rr_disconnect 200');
  });

  it('uploads and prints: the file is queued on this machine', async () => {
    const outcome = await run('print');
    expect(outcome, outcome.shown).toMatchObject({ ok: true });
    expect(await stored()).toEqual(['slicer/print plate.gcode']);
    expect(await queued()).toEqual([{ fileName: 'print plate.gcode', machineGroupId: machine.groupId }]);
  });

  it('uploads and simulates: the file is kept, the simulation refused with why', async () => {
    const outcome = await run('simulate');
    expect(outcome.ok).toBe(false);
    expect(outcome.requests).toContain('GET rr_gcode 403');
    if (slicer === prusaSlicer) {
      // PrusaSlicer shows the answer's body: the portal's message.
      expect(outcome.shown).toMatch(/^HTTP 403: /);
      expect(JSON.parse(outcome.shown.slice('HTTP 403: '.length))).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringContaining('Nothing was simulated'),
      });
    }
    expect(await stored()).toEqual(['slicer/simulate plate.gcode']);
    expect(await queued()).toEqual([]);
  });
});

describe.each(Object.entries(SLICERS))('%s against a queue token', (_name, slicer) => {
  const run = async (action: SlicerAction) =>
    slicer(t.app, await duetUrl(QUEUE), { name: `${action} part.gcode`, content: SLICED_PLATE, action });

  it('uploads: stored and queued once, printing or not', async () => {
    for (const action of ['upload', 'print'] as const) {
      const outcome = await run(action);
      expect(outcome, outcome.shown).toMatchObject({ ok: true });
    }
    expect((await stored()).sort()).toEqual(['queued/print part.gcode', 'queued/upload part.gcode']);
    expect(
      (await queued()).sort((a, b) => a.fileName.localeCompare(b.fileName)),
      'one job per upload',
    ).toEqual([
      { fileName: 'print part.gcode', machineGroupId: machine.groupId },
      { fileName: 'upload part.gcode', machineGroupId: machine.groupId },
    ]);
  });

  it('uploads and simulates: refused, saying the file is queued to print', async () => {
    const outcome = await run('simulate');
    expect(outcome.ok).toBe(false);
    expect(outcome.requests).toContain('GET rr_gcode 403');
    if (slicer === prusaSlicer) expect(outcome.shown).toContain('queued to print');
    expect(await queued()).toEqual([{ fileName: 'simulate part.gcode', machineGroupId: machine.groupId }]);
  });
});

describe('the polls of a library or queue URL', () => {
  it('answer as an idle board with nothing to say, to Cura with its Basic credentials too', async () => {
    const base = await duetUrl(LIBRARY);
    const get = (url: string) =>
      t.app.inject({
        method: 'GET',
        url: `${base}${url}`,
        headers: { authorization: `Basic ${Buffer.from('carlo:segreto').toString('base64')}` },
      });
    expect((await get('rr_status?type=3')).json()).toEqual({ status: 'I' });
    expect((await get('rr_model?key=state&flags=d99vn')).json()).toEqual({
      key: 'state',
      flags: 'd99vn',
      result: { status: 'idle' },
    });
    expect((await get('rr_model?key=state.status')).json()).toMatchObject({ result: 'idle' });
    expect((await get('rr_model?flags=d99fn')).json()).toMatchObject({
      result: { state: { status: 'idle' } },
    });
    expect((await get('rr_model?key=job&flags=d99vn')).json()).toMatchObject({ key: 'job', result: null });
    const reply = await get('rr_reply');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    expect(reply.body).toBe('');
    expect((await get('rr_gcode?gcode=M37')).json()).toEqual({ buff: 255 });
    expect((await get('rr_gcode?gcode=')).json()).toEqual({ buff: 255 });
  });

  it("refuse to simulate a file the library does not have (404); Cura's credentials change nothing", async () => {
    const base = await duetUrl(QUEUE);
    const outcome = await cura(t.app, base, {
      name: 'cura part.gcode',
      content: SLICED_PLATE,
      action: 'print',
      basic: 'carlo:segreto',
    });
    expect(outcome, outcome.shown).toMatchObject({ ok: true });
    const missing = await t.app.inject({
      method: 'GET',
      url: `${base}rr_gcode?gcode=M37%20P%220%3A/gcodes/none.gcode%22`,
    });
    expect(missing.statusCode, missing.body).toBe(404);
  });
});
