import { connect } from 'node:net';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBoard, startBoard } from '../board.ts';
import { BOOT_MS } from '../machine/machine.ts';
import { getJson, rawExchange, rawGet } from '../test/http.ts';
import { decodedPngSize } from '../test/png.ts';

let board: RunningBoard;
let v35: RunningBoard;

beforeAll(async () => {
  [board, v35] = await Promise.all([
    startBoard({ autoAdvance: false }),
    startBoard({ autoAdvance: false, firmware: '3.5' }),
  ]);
  for (const started of [board, v35]) started.advance(BOOT_MS);
  await getJson(board.url, '/rr_connect?password=');
});
afterAll(() => Promise.all([board.close(), v35.close()]));

function upload(query: string, body: string) {
  return fetch(`${board.url}/rr_upload?${query}`, { method: 'POST', body }).then((response) =>
    response.json(),
  );
}

const text = (data: Uint8Array | undefined) => new TextDecoder().decode(data);

describe('rr_upload', () => {
  it('stores a file whose crc32 matches, and reports the last upload as fine', async () => {
    const body = 'G28\nG1 X10 Y10\n';
    const crc = (crc32(body) >>> 0).toString(16);
    expect(await upload(`name=0:/gcodes/crc.gcode&crc32=${crc}`, body)).toEqual({ err: 0 });
    expect(text(board.sd.read('0:/gcodes/crc.gcode'))).toBe(body);
    expect(await getJson(board.url, '/rr_upload')).toEqual({ err: 0 });
  });

  it('stores a file without crc32 and takes its time parameter as the modification date', async () => {
    expect(await upload('name=0:/gcodes/nocrc.gcode&time=2024-5-2T8:30:12', 'M117 hi\n')).toEqual({ err: 0 });
    expect(board.sd.stat('0:/gcodes/nocrc.gcode')?.modified).toEqual(new Date(2024, 4, 2, 8, 30, 12));
  });

  it('refuses a body whose crc32 differs: err 1, no file and no .part left', async () => {
    expect(await upload('name=0:/gcodes/bad.gcode&crc32=DEADBEEF', 'G28\n')).toEqual({ err: 1 });
    expect(board.sd.stat('0:/gcodes/bad.gcode')).toBeUndefined();
    expect(board.sd.stat('0:/gcodes/bad.gcode.part')).toBeUndefined();
    expect(await getJson(board.url, '/rr_upload')).toEqual({ err: 1 });
  });

  it('reads crc32 as RRF does: hex of either case, padded or not; 0x… or anything unreadable is refused', async () => {
    const body = 'G28\nG1 X5\n';
    const crc = crc32(body) >>> 0;
    for (const text of [crc.toString(16).toUpperCase(), crc.toString(16).padStart(8, '0')]) {
      expect(await upload(`name=0:/gcodes/read.gcode&crc32=${text}`, body), text).toEqual({ err: 0 });
    }
    for (const text of [`0x${crc.toString(16)}`, 'zz', '']) {
      expect(await upload(`name=0:/gcodes/unread.gcode&crc32=${text}`, body), text).toEqual({ err: 1 });
    }
    expect(board.sd.stat('0:/gcodes/unread.gcode')).toBeUndefined();
    expect(board.sd.stat('0:/gcodes/unread.gcode.part')).toBeUndefined();
  });

  it('keeps nothing of an upload cut short of its Content-Length', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(board.port, '127.0.0.1', () => {
        socket.end(
          'POST /rr_upload?name=0:/gcodes/short.gcode HTTP/1.1\r\nHost: b\r\nContent-Length: 100\r\n\r\nG28',
        );
      });
      socket.on('close', () => resolve());
      socket.resume();
    });
    await expect.poll(() => board.sd.stat('0:/gcodes/short.gcode.part')).toBeUndefined();
    expect(board.sd.stat('0:/gcodes/short.gcode')).toBeUndefined();
  });

  it('requires a Content-Length: a chunked upload is a 500', async () => {
    const response = await rawExchange(
      board.port,
      'POST /rr_upload?name=0:/gcodes/chunked.gcode HTTP/1.1\r\nHost: b\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nG28\r\n0\r\n\r\n',
    );
    expect(response.status).toBe(500);
    expect(response.reason).toBe('invalid POST upload request');
  });

  it('accepts and discards .dummy uploads, and cannot create files on an unmounted volume', async () => {
    expect(await upload('name=0:/gcodes/probe.dummy', 'x')).toEqual({ err: 0 });
    expect(board.sd.stat('0:/gcodes/probe.dummy')).toBeUndefined();
    const response = await rawExchange(
      board.port,
      'POST /rr_upload?name=1:/x.g HTTP/1.1\r\nHost: b\r\nContent-Length: 1\r\n\r\nx',
    );
    expect(response.reason).toBe('could not create file');
  });

  it('bumps the volume change counter', async () => {
    const before = (await getJson<{ result: number[] }>(board.url, '/rr_model?key=seqs.volChanges'))
      .result[0] as number;
    await upload('name=0:/gcodes/bump.gcode', 'G1\n');
    const after = (await getJson<{ result: number[] }>(board.url, '/rr_model?key=seqs.volChanges'))
      .result[0] as number;
    expect(after).toBeGreaterThan(before);
  });
});

describe('rr_download', () => {
  it('sends the file uncached with a type by extension', async () => {
    board.sd.write('0:/sys/logo.png', new Uint8Array([137, 80, 78, 71]));
    const config = await rawGet(board.port, '/rr_download?name=0:/sys/config.g');
    expect(config.headers.get('content-type')).toBe('text/plain');
    expect(config.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
    expect(config.body).toContain('M550');
    expect((await rawGet(board.port, '/rr_download?name=0:/sys/logo.png')).headers.get('content-type')).toBe(
      'image/png',
    );
    const csv = await rawGet(board.port, '/rr_download?name=0:/sys/Statistiche/statistiche_v1.csv');
    expect(csv.headers.get('content-type')).toBe('application/octet-stream');
    expect(csv.body.split('\n')[0]).toBe('Data,File,Durata,Filamento (mm),Esito');
  });

  it('answers a missing file with 404 and an HTML body', async () => {
    const response = await rawGet(board.port, '/rr_download?name=0:/nope.g');
    expect(response.status).toBe(404);
    expect(response.body).toContain('file not found');
  });
});

describe('rr_filelist and rr_files', () => {
  it('lists a folder with types, sizes and dates, next 0 and no err', async () => {
    const list = await getJson<{
      dir: string;
      first: number;
      files: Record<string, unknown>[];
      next: number;
    }>(board.url, '/rr_filelist?dir=0:/gcodes');
    expect(list).not.toHaveProperty('err');
    expect(list).toMatchObject({ dir: '0:/gcodes', first: 0, next: 0 });
    expect(list.files).toContainEqual({
      type: 'd',
      name: 'Clienti',
      size: 0,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    expect(list.files).toContainEqual(expect.objectContaining({ type: 'f', name: 'Carter_frontale.gcode' }));
  });

  it('skips hidden names and reports an unmounted drive (err 1) or a missing folder (err 2)', async () => {
    board.sd.write('0:/gcodes/.hidden', new Uint8Array());
    const list = await getJson<{ files: { name: string }[] }>(board.url, '/rr_filelist?dir=0:/gcodes');
    expect(list.files.map((file) => file.name)).not.toContain('.hidden');
    expect(await getJson(board.url, '/rr_filelist?dir=1:/')).toEqual({
      dir: '1:/',
      first: 0,
      files: [],
      err: 1,
    });
    expect(await getJson(board.url, '/rr_filelist?dir=0:/none')).toEqual({
      dir: '0:/none',
      first: 0,
      files: [],
      err: 2,
    });
    expect((await rawGet(board.port, '/rr_filelist')).reason).toBe('Unknown request');
  });

  it('pages long folders with first and next, and honours max on 3.6 only', async () => {
    for (let index = 0; index < 60; index++) {
      for (const started of [board, v35])
        started.sd.write(`0:/many/file-${String(index).padStart(2, '0')}.gcode`, new Uint8Array(10));
    }
    const names: string[] = [];
    let next = 0;
    let pages = 0;
    do {
      const page = await getJson<{ files: { name: string }[]; next: number }>(
        board.url,
        `/rr_filelist?dir=0:/many&first=${next}`,
      );
      names.push(...page.files.map((file) => file.name));
      next = page.next;
      pages++;
    } while (next !== 0);
    expect(pages).toBeGreaterThan(1);
    expect(names).toHaveLength(60);
    expect(new Set(names).size).toBe(60);
    const limited = await getJson<{ files: unknown[]; next: number }>(
      board.url,
      '/rr_filelist?dir=0:/many&first=5&max=3',
    );
    expect(limited).toMatchObject({ first: 5, next: 8 });
    expect(limited.files).toHaveLength(3);
    const ignored = await getJson<{ files: unknown[] }>(v35.url, '/rr_filelist?dir=0:/many&max=3');
    expect(ignored.files.length).toBeGreaterThan(3);
  });

  it('rr_files gives plain names, directories starred with flagDirs=1, in 0:/gcodes by default', async () => {
    const plain = await getJson<{ dir: string; files: string[] }>(board.url, '/rr_files');
    expect(plain.dir).toBe('0:/gcodes');
    expect(plain.files).toContain('Clienti');
    expect((await getJson<{ files: string[] }>(board.url, '/rr_files?flagDirs=1')).files).toContain(
      '*Clienti',
    );
  });
});

describe('rr_move, rr_mkdir, rr_delete', () => {
  it('moves, refusing to overwrite unless deleteexisting=yes', async () => {
    board.sd.write('0:/gcodes/a.gcode', new TextEncoder().encode('a'));
    board.sd.write('0:/gcodes/b.gcode', new TextEncoder().encode('b'));
    expect(await getJson(board.url, '/rr_move?old=0:/gcodes/a.gcode&new=0:/gcodes/b.gcode')).toEqual({
      err: 1,
    });
    expect(
      await getJson(board.url, '/rr_move?old=0:/gcodes/a.gcode&new=0:/gcodes/b.gcode&deleteexisting=yes'),
    ).toEqual({ err: 0 });
    expect(text(board.sd.read('0:/gcodes/b.gcode'))).toBe('a');
    expect(await getJson(board.url, '/rr_move?old=0:/gcodes/none.gcode&new=0:/gcodes/c.gcode')).toEqual({
      err: 1,
    });
  });

  it('makes a folder once', async () => {
    expect(await getJson(board.url, '/rr_mkdir?dir=0:/gcodes/New')).toEqual({ err: 0 });
    expect(await getJson(board.url, '/rr_mkdir?dir=0:/gcodes/New')).toEqual({ err: 1 });
  });

  it('deletes files, and full folders only with recursive=yes (3.5+)', async () => {
    board.sd.write('0:/tree/leaf.g', new Uint8Array(1));
    expect(await getJson(board.url, '/rr_delete?name=0:/tree')).toEqual({ err: 1 });
    expect(await getJson(board.url, '/rr_delete?name=0:/tree&recursive=yes')).toEqual({ err: 0 });
    expect(await getJson(board.url, '/rr_delete?name=0:/tree')).toEqual({ err: 1 });
    expect((await rawGet(board.port, '/rr_delete')).reason).toBe('Unknown request');
  });
});

describe('rr_fileinfo and rr_thumbnail', () => {
  it('reads the slicer comments of a G-code file; relative names are in 0:/gcodes', async () => {
    const info = await getJson(board.url, '/rr_fileinfo?name=Staffa_motore_PETG.gcode');
    expect(info).toMatchObject({
      err: 0,
      fileName: '0:/gcodes/Staffa_motore_PETG.gcode',
      height: 35,
      layerHeight: 0.25,
      numLayers: 140,
      printTime: 8107,
      filament: [14520.8],
      generatedBy: 'PrusaSlicer 2.9.4',
      thumbnails: [
        { width: 32, height: 32, format: 'png', offset: expect.any(Number), size: expect.any(Number) },
        { width: 220, height: 124, format: 'png', offset: expect.any(Number), size: expect.any(Number) },
      ],
    });
    expect(info).not.toHaveProperty('simulatedTime');
    expect(info.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers err 1 for a missing file and for the current job when there is none', async () => {
    expect(await getJson(board.url, '/rr_fileinfo?name=missing.gcode')).toEqual({
      err: 1,
      fileName: '0:/gcodes/missing.gcode',
    });
    expect(await getJson(board.url, '/rr_fileinfo')).toEqual({ err: 1 });
  });
});

interface Thumbnail {
  width: number;
  height: number;
  format: string;
  offset: number;
  size: number;
}

/** The file's thumbnails as the seeded file holds them: its comment lines between begin and end, joined. */
function thumbnailsInFile(path: string): string[] {
  const lines = text(board.sd.read(path)).split('\n');
  const found: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (!lines[index]?.startsWith('; thumbnail begin')) continue;
    const end = lines.indexOf('; thumbnail end', index);
    found.push(
      lines
        .slice(index + 1, end)
        .map((line) => line.slice(2))
        .join(''),
    );
  }
  return found;
}

describe('rr_thumbnail', () => {
  it('hands out each thumbnail of rr_fileinfo in chunks of base64 that reassemble to its PNG', async () => {
    const name = '0:/gcodes/Carter_frontale.gcode';
    const info = await getJson<{ thumbnails: Thumbnail[] }>(board.url, `/rr_fileinfo?name=${name}`);
    expect(info.thumbnails.map(({ width, height }) => `${width}x${height}`)).toEqual(['32x32', '300x300']);
    const expected = thumbnailsInFile(name);
    for (const [index, thumbnail] of info.thumbnails.entries()) {
      let data = '';
      let answers = 0;
      for (let offset = thumbnail.offset; offset !== 0; answers++) {
        const chunk = await getJson<{ data: string; next: number }>(
          board.url,
          `/rr_thumbnail?name=${encodeURIComponent(name)}&offset=${offset}`,
        );
        expect(chunk).toEqual({
          fileName: name,
          offset,
          data: expect.any(String),
          next: expect.any(Number),
          err: 0,
        });
        expect(chunk.data.length).toBeLessThanOrEqual(2600);
        expect(chunk.data.length % 4).toBe(0);
        data += chunk.data;
        offset = chunk.next;
      }
      expect(data).toHaveLength(thumbnail.size);
      expect(data).toBe(expected[index]);
      expect(decodedPngSize(data)).toEqual({ width: thumbnail.width, height: thumbnail.height });
      expect(answers).toBe(Math.floor(thumbnail.size / 2600) + 1);
    }
  });

  it('has nothing to hand out for a file without thumbnails', async () => {
    board.sd.write('0:/gcodes/plain.gcode', new TextEncoder().encode('G28\nG1 Z5\n'));
    expect(await getJson(board.url, '/rr_fileinfo?name=plain.gcode')).toMatchObject({ thumbnails: [] });
    expect(await getJson(board.url, '/rr_thumbnail?name=plain.gcode&offset=4')).toEqual({
      fileName: 'plain.gcode',
      offset: 4,
      data: '',
      next: 0,
      err: 0,
    });
  });

  it('reads names relative to 0:/gcodes and echoes them as given', async () => {
    const info = await getJson<{ thumbnails: Thumbnail[] }>(
      board.url,
      '/rr_fileinfo?name=Supporto_sensore.gcode',
    );
    const small = info.thumbnails[0] as Thumbnail;
    expect(
      await getJson(board.url, `/rr_thumbnail?name=Supporto_sensore.gcode&offset=${small.offset}`),
    ).toEqual({
      fileName: 'Supporto_sensore.gcode',
      offset: small.offset,
      data: thumbnailsInFile('0:/gcodes/Supporto_sensore.gcode')[0],
      next: 0,
      err: 0,
    });
  });

  it('answers err 1 for a missing name, a zero, absent or unreadable offset, a missing file or an offset past the end', async () => {
    const name = '0:/gcodes/Supporto_sensore.gcode';
    for (const query of [
      'offset=100',
      `name=${name}`,
      `name=${name}&offset=0`,
      `name=${name}&offset=abc`,
      `name=${name}&offset=-5`,
    ]) {
      expect(await getJson(board.url, `/rr_thumbnail?${query}`), query).toEqual({ err: 1 });
    }
    expect(await getJson(board.url, '/rr_thumbnail?name=missing.gcode&offset=100')).toEqual({
      fileName: 'missing.gcode',
      offset: 100,
      err: 1,
    });
    const size = board.sd.stat(name)?.size ?? 0;
    expect(await getJson(board.url, `/rr_thumbnail?name=${name}&offset=${size + 1}`)).toEqual({
      fileName: name,
      offset: size + 1,
      data: '',
      next: 0,
      err: 1,
    });
  });

  it('answers an offset that is no thumbnail data as RRF does: no data, next 0', async () => {
    const name = '0:/gcodes/Supporto_sensore.gcode';
    const offset = text(board.sd.read(name)).indexOf('\nG28 ; home all axes') + 1;
    expect(await getJson(board.url, `/rr_thumbnail?name=${name}&offset=${offset}`)).toEqual({
      fileName: name,
      offset,
      data: '',
      next: 0,
      err: 0,
    });
  });
});
