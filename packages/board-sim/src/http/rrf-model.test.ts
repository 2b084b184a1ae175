import type { ObjectModel } from '@portal/duet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBoard, startBoard } from '../board.ts';
import { BOOT_MS } from '../machine/machine.ts';
import { getJson, rawGet } from '../test/http.ts';

let board: RunningBoard;

beforeAll(async () => {
  board = await startBoard({ autoAdvance: false, name: 'Officina 3' });
  board.advance(BOOT_MS);
});
afterAll(() => board.close());

type Seqs = { reply: number; state: number; heat: number };
const seqs = async () => (await getJson<{ result: Seqs }>(board.url, '/rr_model?key=seqs')).result;

describe('rr_model', () => {
  it('serves the keys RRF 3.6 has, with seqs and without DSF-only ones', async () => {
    const answer = await getJson<{ key: string; flags: string; result: Record<string, unknown> }>(
      board.url,
      '/rr_model',
    );
    expect(answer.key).toBe('');
    expect(Object.keys(answer.result).sort()).toEqual(
      [
        'boards',
        'directories',
        'fans',
        'global',
        'heat',
        'inputs',
        'job',
        'ledStrips',
        'limits',
        'move',
        'network',
        'sensors',
        'seqs',
        'spindles',
        'state',
        'tools',
        'volumes',
      ].sort(),
    );
  });

  it('describes a plausible printer', async () => {
    const full = (await getJson<{ result: ObjectModel }>(board.url, '/rr_model?flags=d99vn')).result;
    expect(full.network.name).toBe('Officina 3');
    expect(full.boards[0]).toMatchObject({
      firmwareName: 'RepRapFirmware',
      firmwareVersion: '3.6.1',
      shortName: 'MB6HC',
    });
    expect(full.move.axes.map((axis: { letter: string }) => axis.letter)).toEqual(['X', 'Y', 'Z']);
    expect(full.heat.bedHeaters[0]).toBe(0);
    expect(full.heat.heaters).toHaveLength(2);
    expect(full.tools[0]).toMatchObject({ number: 0, heaters: [1], extruders: [0], fans: [0] });
    expect(full.volumes[0]).toMatchObject({ path: '0:/', mounted: true });
    expect(full.state.status).toBe('idle');
  });

  it('pages a long array with next, resumed with a<next>', async () => {
    const first = await getJson<{ result: unknown[]; next: number }>(
      board.url,
      '/rr_model?key=inputs&flags=d99vn',
    );
    expect(first.next).toBeGreaterThan(0);
    const rest = await getJson<{ result: unknown[]; next: number }>(
      board.url,
      `/rr_model?key=inputs&flags=d99vna${first.next}`,
    );
    expect(first.result.length + rest.result.length).toBe(12);
    expect(rest.next).toBe(0);
  });

  it('keeps live fields only with f, the way DWC polls', async () => {
    const live = (await getJson<{ result: Record<string, object> }>(board.url, '/rr_model?flags=d99fn'))
      .result;
    expect(live).not.toHaveProperty('network');
    expect(live.state).toMatchObject({ status: 'idle' });
    expect(live.state).not.toHaveProperty('displayMessage');
    expect(live.seqs).toHaveProperty('reply');
  });
});

describe('rr_gcode and rr_reply', () => {
  it('queues a command, answers the free buffer, and hands the reply to every session once', async () => {
    const a = await getJson<{ sessionKey: number }>(board.url, '/rr_connect?password=&sessionKey=yes');
    const b = await getJson<{ sessionKey: number }>(board.url, '/rr_connect?password=&sessionKey=yes');
    const before = await seqs();
    expect(await getJson(board.url, '/rr_gcode?gcode=M115')).toEqual({ buff: 255 });
    expect((await seqs()).reply).toBe(before.reply + 1);
    for (const { sessionKey } of [a, b]) {
      const header = { 'X-Session-Key': String(sessionKey) };
      const reply = await rawGet(board.port, '/rr_reply', header);
      expect(reply.headers.get('content-type')).toBe('text/plain');
      expect(reply.body).toContain('FIRMWARE_NAME: RepRapFirmware');
      expect((await rawGet(board.port, '/rr_reply', header)).body).toBe('');
    }
  });

  it('refuses a command longer than the free buffer with err 1', async () => {
    expect(await getJson(board.url, `/rr_gcode?gcode=M117%20${'x'.repeat(300)}`)).toEqual({ err: 1 });
    expect(await getJson(board.url, '/rr_gcode?gcode=')).toEqual({ buff: 255 });
  });

  it('bumps the seq of a key whose non-live fields change', async () => {
    const before = await seqs();
    await getJson(board.url, '/rr_gcode?gcode=M117%20%22Pronta%22');
    const after = await seqs();
    expect(after.state).toBe(before.state + 1);
    expect(after.heat).toBe(before.heat);
    expect((await getJson(board.url, '/rr_model?key=state.displayMessage')).result).toBe('Pronta');
  });
});

describe('rr_status (legacy)', () => {
  it('reports the status letter and, with type 3, the print progress', async () => {
    expect((await getJson(board.url, '/rr_status?type=1')).status).toBe('I');
    await getJson(board.url, '/rr_gcode?gcode=M32%20%22Supporto_sensore.gcode%22');
    board.advance(900_000);
    const status = await getJson(board.url, '/rr_status?type=3');
    expect(status.status).toBe('P');
    expect(status.fractionPrinted).toBeGreaterThan(0);
    expect(status.fractionPrinted).toBeLessThan(100);
    expect(status.printDuration).toBeGreaterThan(0);
    expect(status.seq).toBeGreaterThan(0);
    expect((await getJson(board.url, '/rr_status?type=9')).name).toBeUndefined();
  });

  it('answers rr_fileinfo without a name for the file being printed, with its print duration', async () => {
    const info = await getJson(board.url, '/rr_fileinfo');
    expect(info).toMatchObject({ err: 0, fileName: '0:/gcodes/Supporto_sensore.gcode' });
    expect(info.printDuration).toBeGreaterThan(0);
    expect(info.thumbnails).toHaveLength(2);
  });

  it("describes the running job's thumbnails in job.file as rr_fileinfo does, without DSF's data", async () => {
    const { thumbnails } = await getJson(board.url, '/rr_fileinfo?name=Supporto_sensore.gcode');
    for (const flags of ['d99vn', 'd99v']) {
      const { result } = await getJson(board.url, `/rr_model?key=job.file.thumbnails&flags=${flags}`);
      expect(result).toEqual(thumbnails);
    }
  });
});
