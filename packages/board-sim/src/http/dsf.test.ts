import type { ObjectModel } from '@portal/duet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningBoard, startBoard } from '../board.ts';
import { BOOT_MS } from '../machine/machine.ts';
import { getJson, rawGet } from '../test/http.ts';
import { decodedPngSize } from '../test/png.ts';

let sbc: RunningBoard;
let open: RunningBoard;
let old: RunningBoard;
let key: string;
let auth: Record<string, string>;

beforeAll(async () => {
  [sbc, open, old] = await Promise.all([
    startBoard({ mode: 'sbc', password: 'secret', autoAdvance: false }),
    startBoard({ mode: 'sbc', firmware: '3.5', autoAdvance: false }),
    startBoard({ mode: 'sbc', firmware: '3.4', autoAdvance: false }),
  ]);
  for (const board of [sbc, open, old]) board.advance(BOOT_MS);
  key = (await getJson<{ sessionKey: string }>(sbc.url, '/machine/connect?password=secret')).sessionKey;
  auth = { 'X-Session-Key': key };
});
afterAll(() => Promise.all([sbc, open, old].map((board) => board.close())));

interface DsfThumbnail {
  width: number;
  height: number;
  format: string;
  offset: number;
  size: number;
  data: string | null;
}

interface DsfFileInfo {
  thumbnails: DsfThumbnail[];
}

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${sbc.url}${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });

describe('DSF sessions', () => {
  it('hands out a 32-hex session key, refuses a wrong password with 403 and a missing key with 401', async () => {
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect((await fetch(`${sbc.url}/machine/connect?password=wrong`)).status).toBe(403);
    expect((await fetch(`${sbc.url}/machine/model`)).status).toBe(401);
    expect(
      (await fetch(`${sbc.url}/machine/model`, { headers: { 'X-Session-Key': '0'.repeat(32) } })).status,
    ).toBe(401);
    expect((await call('/machine/noop')).status).toBe(204);
  });

  it('lets header-less clients in while the password is the default', async () => {
    expect((await fetch(`${open.url}/machine/status`)).status).toBe(200);
  });

  it('ends a session with /machine/disconnect', async () => {
    const { sessionKey } = await getJson<{ sessionKey: string }>(sbc.url, '/machine/connect?password=secret');
    const headers = { 'X-Session-Key': sessionKey };
    expect((await fetch(`${sbc.url}/machine/disconnect`, { headers })).status).toBe(204);
    expect((await fetch(`${sbc.url}/machine/noop`, { headers })).status).toBe(401);
  });
});

describe('DSF REST', () => {
  it('serves the full object model (DSF keys, nulls, no seqs) on /machine/model and /machine/status', async () => {
    for (const path of ['/machine/model', '/machine/status']) {
      const model = (await (await call(path)).json()) as ObjectModel;
      expect(model).toHaveProperty('sbc.dsf.version', '3.6.1');
      expect(model).toHaveProperty('messages');
      expect(model).not.toHaveProperty('seqs');
      expect(model.job.duration).toBeNull();
      expect(model.state.status).toBe('idle');
    }
  });

  it('runs POSTed G-code and answers its reply as text', async () => {
    const response = await call('/machine/code', { method: 'POST', body: 'M115' });
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/FIRMWARE_VERSION: 3\.6\.1/);
    const waiting = call('/machine/code', { method: 'POST', body: 'G28' });
    await expect.poll(() => sbc.model().state).toMatchObject({ status: 'busy' });
    sbc.advance(3000);
    expect(await (await waiting).text()).toBe('');
    expect(await (await call('/machine/code?async=true', { method: 'POST', body: 'G4 S60' })).text()).toBe(
      '',
    );
    sbc.advance(60_000);
  });

  it('stores files with PUT (201), serves them with GET and removes them with DELETE (204)', async () => {
    const put = await call(`/machine/file/${encodeURIComponent('0:/gcodes/new/part.gcode')}`, {
      method: 'PUT',
      body: 'G28\n',
    });
    expect(put.status).toBe(201);
    const get = await call('/machine/file/gcodes/new/part.gcode');
    expect(get.headers.get('content-type')).toBe('application/octet-stream');
    expect(await get.text()).toBe('G28\n');
    expect((await call('/machine/file/gcodes/new/part.gcode', { method: 'DELETE' })).status).toBe(204);
    expect((await call('/machine/file/gcodes/new/part.gcode')).status).toBe(404);
    expect((await call('/machine/file/gcodes/new/part.gcode', { method: 'DELETE' })).status).toBe(404);
  });

  it('deletes a full folder only with recursive=true', async () => {
    sbc.sd.write('0:/deep/leaf.g', new Uint8Array(1));
    expect((await call('/machine/file/0%3A%2Fdeep', { method: 'DELETE' })).status).toBe(500);
    expect((await call('/machine/file/0%3A%2Fdeep?recursive=true', { method: 'DELETE' })).status).toBe(204);
  });

  it('moves files from a form: 409 when the target exists, 204 with force, 404 for a missing source', async () => {
    sbc.sd.write('0:/gcodes/m1.gcode', new TextEncoder().encode('one'));
    sbc.sd.write('0:/gcodes/m2.gcode', new TextEncoder().encode('two'));
    const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });
    expect(
      (await call('/machine/file/move', form({ from: '0:/gcodes/m1.gcode', to: '0:/gcodes/m2.gcode' })))
        .status,
    ).toBe(409);
    const multipart = new FormData();
    multipart.set('from', '0:/gcodes/m1.gcode');
    multipart.set('to', '0:/gcodes/m2.gcode');
    multipart.set('force', 'true');
    expect((await call('/machine/file/move', { method: 'POST', body: multipart })).status).toBe(204);
    expect(new TextDecoder().decode(sbc.sd.read('0:/gcodes/m2.gcode'))).toBe('one');
    expect(
      (await call('/machine/file/move', form({ from: '0:/gcodes/none', to: '0:/gcodes/x' }))).status,
    ).toBe(404);
  });

  it('lists folders (404 when missing) and makes them with PUT (201)', async () => {
    const entries = (await (await call('/machine/directory/0%3A%2Fgcodes')).json()) as Record<
      string,
      unknown
    >[];
    expect(entries).toContainEqual({ type: 'd', name: 'Clienti', date: expect.any(String) });
    expect(entries).toContainEqual(
      expect.objectContaining({ type: 'f', name: 'Carter_frontale.gcode', size: expect.any(Number) }),
    );
    expect((await call('/machine/directory/gcodes/none')).status).toBe(404);
    expect((await call('/machine/directory/gcodes/made/here', { method: 'PUT' })).status).toBe(201);
    expect(sbc.sd.stat('0:/gcodes/made/here')?.isDirectory).toBe(true);
  });

  it('answers fileinfo as the object model shapes it (404 when missing)', async () => {
    const info = await (await call('/machine/fileinfo/gcodes/Carter_frontale.gcode')).json();
    expect(info).toMatchObject({
      fileName: '0:/gcodes/Carter_frontale.gcode',
      height: 80,
      printTime: 34925,
      simulatedTime: null,
    });
    expect((await call('/machine/fileinfo/gcodes/none.gcode')).status).toBe(404);
  });

  it('lists the thumbnails in fileinfo, each from its first base64 character, with data only when asked for', async () => {
    const path = '/machine/fileinfo/gcodes/Carter_frontale.gcode';
    const bare = (await (await call(path)).json()) as DsfFileInfo;
    expect(bare.thumbnails).toEqual([
      {
        width: 32,
        height: 32,
        format: 'png',
        offset: expect.any(Number),
        size: expect.any(Number),
        data: null,
      },
      {
        width: 300,
        height: 300,
        format: 'png',
        offset: expect.any(Number),
        size: expect.any(Number),
        data: null,
      },
    ]);
    const full = (await (await call(`${path}?readThumbnailContent=true`)).json()) as DsfFileInfo;
    const file = new TextDecoder().decode(sbc.sd.read('0:/gcodes/Carter_frontale.gcode'));
    for (const [index, thumbnail] of full.thumbnails.entries()) {
      expect(thumbnail).toEqual({ ...bare.thumbnails[index], data: expect.any(String) });
      expect(thumbnail.data).toHaveLength(thumbnail.size);
      const data = thumbnail.data ?? '';
      expect(decodedPngSize(data)).toEqual({ width: thumbnail.width, height: thumbnail.height });
      expect(file.slice(thumbnail.offset - 2, thumbnail.offset + 20)).toBe(`; ${data.slice(0, 20)}`);
    }
  });

  it("holds the running job's thumbnails in job.file, without their data", async () => {
    const run = await fetch(`${old.url}/machine/code`, {
      method: 'POST',
      body: 'M32 "Carter_frontale.gcode"',
    });
    expect(run.status).toBe(200);
    const model = (await (await fetch(`${old.url}/machine/model`)).json()) as ObjectModel;
    expect(model.job.file?.fileName).toBe('0:/gcodes/Carter_frontale.gcode');
    const info = (await (
      await fetch(`${old.url}/machine/fileinfo/gcodes/Carter_frontale.gcode`)
    ).json()) as DsfFileInfo;
    expect(JSON.parse(JSON.stringify(model.job.file?.thumbnails))).toEqual(info.thumbnails);
    expect(model.job.file?.thumbnails.map((thumbnail) => thumbnail.data)).toEqual([null, null]);
  });
});

describe('rr_* on an SBC', () => {
  it('is emulated from 3.5: isEmulated, bufferSpace, and a 204 rr_disconnect', async () => {
    expect(await getJson(open.url, '/rr_connect?password=x')).toEqual({
      apiLevel: 1,
      err: 0,
      isEmulated: true,
      sessionTimeout: 8000,
      boardType: 'duet3mb6hc102',
    });
    expect(await getJson(open.url, '/rr_gcode?gcode=M115')).toEqual({ bufferSpace: 255, err: 0 });
    expect(await getJson(open.url, '/rr_model?key=state.status&flags=d99v')).toMatchObject({
      result: 'idle',
    });
    expect(await getJson(open.url, '/rr_model?key=state;status')).toEqual({ err: 1 });
    expect((await fetch(`${open.url}/rr_disconnect`)).status).toBe(204);
  });

  it("answers rr_model from DSF's own model, whose live queries carry only its reply counter as seqs", async () => {
    const live = (await getJson(open.url, '/rr_model?flags=d99fn')) as { result: Record<string, unknown> };
    expect(live.result.seqs).toEqual({ reply: expect.any(Number) });
    expect(live.result.state).toMatchObject({ status: 'idle' });
    const whole = (await getJson(open.url, '/rr_model?flags=d99vn')) as { result: Record<string, unknown> };
    expect(whole.result).not.toHaveProperty('seqs');
    expect(whole.result).toHaveProperty('sbc');
  });

  it('honours crc32 on emulated uploads', async () => {
    const { crc32 } = await import('node:zlib');
    const body = 'G1 X1\n';
    const good = await fetch(
      `${open.url}/rr_upload?name=0:/gcodes/e.gcode&crc32=${(crc32(body) >>> 0).toString(16)}`,
      { method: 'POST', body },
    );
    expect(await good.json()).toEqual({ err: 0 });
    const bad = await fetch(`${open.url}/rr_upload?name=0:/gcodes/f.gcode&crc32=1`, { method: 'POST', body });
    expect(await bad.json()).toEqual({ err: 1 });
    expect(open.sd.stat('0:/gcodes/f.gcode')).toBeUndefined();
  });

  it("emulates rr_thumbnail from DSF's offsets: the rest of that thumbnail at once, err 1 elsewhere", async () => {
    const name = '0:/gcodes/Supporto_sensore.gcode';
    const info = await getJson<{ thumbnails: { offset: number; size: number }[] }>(
      open.url,
      `/rr_fileinfo?name=${name}`,
    );
    const content = await getJson<{ thumbnails: { data: string }[] }>(
      open.url,
      '/machine/fileinfo/gcodes/Supporto_sensore.gcode?readThumbnailContent=true',
    );
    const [small, large] = info.thumbnails as { offset: number; size: number }[];
    expect(small).not.toHaveProperty('data');
    open.sd.write('0:/gcodes/plain.gcode', new TextEncoder().encode('G28\nG1 Z5\n'));
    expect(await getJson(open.url, '/rr_fileinfo?name=plain.gcode')).not.toHaveProperty('thumbnails');
    const largeData = content.thumbnails[1]?.data ?? '';
    expect(await getJson(open.url, `/rr_thumbnail?name=${name}&offset=${large?.offset}`)).toEqual({
      fileName: name,
      offset: large?.offset,
      data: largeData,
      next: 0,
      err: 0,
    });
    expect(largeData.length).toBeGreaterThan(2600);
    expect(
      await getJson(open.url, `/rr_thumbnail?name=${name}&offset=${(large?.offset ?? 0) + 100}`),
    ).toMatchObject({
      data: largeData.slice(100),
      next: 0,
    });
    for (const query of [`name=${name}&offset=${(small?.offset ?? 0) - 1}`, `name=${name}`, 'offset=100']) {
      expect(await getJson(open.url, `/rr_thumbnail?${query}`), query).toEqual({ err: 1 });
    }
    expect(await getJson(open.url, `/rr_thumbnail?name=none.gcode&offset=${small?.offset}`)).toEqual({
      err: 1,
    });
  });

  it('is absent on DSF 3.4: /rr_connect is a 404, the way clients detect an SBC', async () => {
    expect((await fetch(`${old.url}/rr_connect?password=`)).status).toBe(404);
    expect((await fetch(`${old.url}/machine/status`)).status).toBe(200);
  });

  it('serves web files from 0:/www', async () => {
    const page = await rawGet(open.port, '/dashboard');
    expect(page.status).toBe(200);
    expect(page.body).toContain('simulated Duet board');
  });
});

describe('the /machine object model WebSocket', () => {
  function connect(board: RunningBoard, query: string) {
    const socket = new WebSocket(`${board.url.replace('http', 'ws')}/machine${query}`);
    const messages: string[] = [];
    socket.on('message', (data) => messages.push(data.toString()));
    return { socket, messages };
  }

  it('sends the full model first, then a patch after each OK once something changed; PING gets PONG', async () => {
    const { socket, messages } = connect(sbc, `?sessionKey=${key}`);
    await expect.poll(() => messages.length).toBe(1);
    const full = JSON.parse(messages[0] as string);
    expect(full.state.status).toBe('idle');
    expect(full.sbc.dsf.version).toBe('3.6.1');
    socket.send('PING\n');
    await expect.poll(() => messages.at(-1)).toBe('PONG\n');
    void sbc.runGcode('M140 S70');
    sbc.advance(1000);
    await Promise.resolve();
    expect(messages).toHaveLength(2);
    socket.send('OK\n');
    await expect.poll(() => messages.length).toBe(3);
    const patch = JSON.parse(messages[2] as string);
    expect(patch.heat.heaters[0]).toMatchObject({ active: 70, state: 'active' });
    expect(patch).not.toHaveProperty('network');
    socket.send('OK\n');
    sbc.advance(1000);
    await expect.poll(() => messages.length).toBe(4);
    expect(JSON.parse(messages[3] as string).heat.heaters[0].current).toBeGreaterThan(22);
    socket.close();
  });

  it('refuses an unknown session key', async () => {
    const { socket } = connect(sbc, '?sessionKey=nope');
    const error = await new Promise<string>((resolve) =>
      socket.on('unexpected-response', (_request, response) => resolve(String(response.statusCode))),
    );
    expect(error).toBe('401');
  });
});
