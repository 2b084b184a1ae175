import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { SlicerDestination } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { prusaSlicer } from '../../test/duet-slicers.ts';
import { duetRequest, SLICED_PLATE, useSlicerDestinations } from '../../test/slicer-fixtures.ts';

/**
 * The `crc32` of a slicer's `rr_upload` to a library or queue token (docs/duet-http.md §1.3, docs/design.md §13):
 * as a board does, the portal checks the bytes it received against it. A file that changed on the way, or a
 * `crc32` boards do not read alike, is answered as a board answers a mismatch, `{"err":1}` with HTTP 200, and
 * leaves nothing in the library, in either content store, or in the queue.
 */
const folderRoot = await mkdtemp(path.join(tmpdir(), 'portal-slicer-crc-'));
afterAll(async () => {
  await rm(folderRoot, { recursive: true, force: true });
});

const LIBRARY: SlicerDestination = { kind: 'library', folder: 'crc' };
const QUEUE: SlicerDestination = { kind: 'queue', folder: 'crc-queue', target: 'machine' };
const DESTINATIONS = [
  ['library', LIBRARY],
  ['queue', QUEUE],
] as const;

/** The plate as it arrives when one byte changed on the way. */
const CHANGED = SLICED_PLATE.replace('X10', 'X18');
const CRC = crc32(SLICED_PLATE).toString(16);

describe.each([
  ['database', undefined],
  ['folder', folderRoot],
])('a slicer upload with crc32 and the %s store', (_kind, dir) => {
  const t = useTestApp({ library: { dir }, proxyTimeoutMs: 5000 });
  const { duetUrl, files, jobs, contentOf, storedContents } = useSlicerDestinations(t);

  /** `rr_upload` of `body` as `name`, with `crc32` as written in the query (none when undefined). */
  const upload = (base: string, name: string, crc: string | undefined, body = SLICED_PLATE) =>
    duetRequest(t.app, base, `rr_upload?name=0:/gcodes/${name}${crc === undefined ? '' : `&crc32=${crc}`}`, {
      method: 'POST',
      payload: body,
      headers: { 'content-type': 'application/octet-stream' },
    });

  it.each(DESTINATIONS)(
    'on a %s token, refuses a file that changed on the way as a board does, keeping nothing',
    async (_name, destination) => {
      const before = await storedContents(dir);
      const run = await prusaSlicer(t.app, await duetUrl(destination), {
        name: 'changed.gcode',
        content: SLICED_PLATE,
        action: 'print',
        arrives: CHANGED,
      });
      // PrusaSlicer reads err 1 as a failed upload, and neither prints nor says it went well.
      expect(run).toEqual({
        ok: false,
        shown: 'Unknown error occured: {"err":1}',
        requests: ['GET rr_connect 200', 'POST rr_upload 200', 'GET rr_disconnect 200'],
      });
      expect(await files()).toEqual([]);
      expect(await jobs()).toEqual([]);
      expect(await storedContents(dir)).toEqual(before);
    },
  );

  it.each(DESTINATIONS)(
    'on a %s token, stores a file whose crc32 is right in either case, padded or not, or absent',
    async (_name, destination) => {
      const base = await duetUrl(destination);
      const sent = {
        'lower.gcode': CRC,
        'upper.gcode': CRC.toUpperCase(),
        'padded.gcode': CRC.padStart(8, '0'),
        'none.gcode': undefined,
      };
      for (const [name, crc] of Object.entries(sent)) {
        const answer = await upload(base, name, crc);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json(), name).toEqual({ err: 0 });
      }
      const stored = await files();
      expect(stored.map((file) => file.name).sort()).toEqual(Object.keys(sent).sort());
      for (const file of stored) expect(await contentOf(file.id)).toBe(SLICED_PLATE);
      expect(await jobs()).toHaveLength(destination.kind === 'queue' ? stored.length : 0);
    },
  );

  it.each(DESTINATIONS)(
    'on a %s token, refuses a crc32 boards do not read alike as its digits, keeping nothing',
    async (_name, destination) => {
      const base = await duetUrl(destination);
      const before = await storedContents(dir);
      // RRF reads 0x… and a value without digits as 0 and more than 8 digits as ffffffff, and skips a sign or
      // spaces before the digits; DSF refuses each of these but the empty one, which it ignores.
      for (const crc of [
        `0x${CRC}`,
        `0X${CRC}`,
        `%2B${CRC}`,
        `%20${CRC}`,
        `1${CRC.padStart(8, '0')}`,
        '',
        'zz',
      ]) {
        const answer = await upload(base, 'unread.gcode', crc);
        expect(answer.statusCode, crc).toBe(200);
        expect(answer.json(), crc).toEqual({ err: 1 });
      }
      expect(await files()).toEqual([]);
      expect(await jobs()).toEqual([]);
      expect(await storedContents(dir)).toEqual(before);
    },
  );
});
