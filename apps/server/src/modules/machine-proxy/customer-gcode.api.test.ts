import type { BoardOptions } from '@portal/board-sim';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { connectSimulatedBoard, type TunnelledBoard } from '../../test/simulated-board.ts';
import { bearer } from '../../test/test-app.ts';

/**
 * G-code the customer path let through because it read `"` and `;` inside `( … )` as a string or a comment,
 * and a bare CR as a line end, where the boards read bracket-comment text and drop CR (docs/gcode.md): sent to a
 * simulated standalone (RRF) and SBC (DSF) board, refused before either runs it.
 */

const BRACKET_ATTACKS = ['(") M997 (")', '(;) M997', '(;)M552 S0', '(") M98 P"0:/sys/config.g" (")'];

const t = useTestApp({ proxyTimeoutMs: 2000 });
let controllerId = 0;
let customer = '';
let board: TunnelledBoard | undefined;

beforeAll(async () => {
  const group = await t.demoGroup('Prusa linea 1');
  controllerId = group.computerControllerId;
  customer = await t.tokenFor('customer@demo.test');
});

afterEach(async () => {
  await board?.close();
  board = undefined;
});

async function simulated(mode: BoardOptions['mode']): Promise<TunnelledBoard> {
  board = await connectSimulatedBoard(t.modules.gateway.registry, controllerId, { mode });
  return board;
}

const send = (rest: string, method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: string) =>
  t.app.inject({
    method,
    url: `/proxy/duet/3.6/customer/${controllerId}/${rest}`,
    headers: bearer(customer),
    ...(payload !== undefined && { payload }),
  });

const gcodeQuery = (code: string) => `rr_gcode?gcode=${encodeURIComponent(code)}`;
const status = (tunnelled: TunnelledBoard) =>
  (tunnelled.board.model().state as { status: string } | undefined)?.status;

describe("the customer path's G-code, read as the boards read it", () => {
  it('refuses G-code hidden behind bracket comments on a standalone board (rr_gcode) with {"err":1}', async () => {
    const rrf = await simulated('standalone');
    for (const code of BRACKET_ATTACKS) {
      const response = await send(gcodeQuery(code));
      expect([code, response.statusCode, response.json()]).toEqual([code, 200, { err: 1 }]);
    }
    expect(rrf.requests.filter((path) => path.startsWith('/rr_gcode'))).toEqual([]);
    expect(status(rrf)).toBe('idle');
  });

  it('refuses them on an SBC board (POST machine/code) with 403', async () => {
    const dsf = await simulated('sbc');
    for (const code of BRACKET_ATTACKS) {
      const response = await send('machine/code', 'POST', code);
      expect([code, response.statusCode, response.json().code]).toEqual([code, 403, 'ADMIN_PATH_ONLY']);
    }
    expect(dsf.requests.filter((path) => path.startsWith('/machine/code'))).toEqual([]);
    expect(status(dsf)).toBe('idle');
  });

  it('refuses a console line with a bare CR on both, and still runs CRLF lines', async () => {
    const rrf = await simulated('standalone');
    const refused = await send(gcodeQuery('M9\r97'));
    expect(refused.json()).toEqual({ err: 1 });
    const crlf = await send(gcodeQuery('M140 S55\r\nM117 "ok"'));
    expect(crlf.json()).toHaveProperty('buff');
    expect(rrf.requests.filter((path) => path.startsWith('/rr_gcode'))).toHaveLength(1);
    await board?.close();
    board = undefined;
    const dsf = await simulated('sbc');
    const dsfRefused = await send('machine/code', 'POST', 'M9\r97');
    expect(dsfRefused.statusCode).toBe(403);
    expect(status(dsf)).toBe('idle');
  });

  it('refuses uploading a macro holding `(") M997 (")` and a file holding `M9\\r97`; a CRLF file is stored', async () => {
    const rrf = await simulated('standalone');
    const macro = await send('rr_upload?name=0:/macros/evil.g', 'POST', 'G28\n(") M997 (")\n');
    expect(macro.json()).toEqual({ err: 1 });
    const job = await send('rr_upload?name=0:/gcodes/cr.gcode', 'POST', 'G28\nM9\r97\n');
    expect(job.json()).toEqual({ err: 1 });
    expect(rrf.board.sd.read('0:/macros/evil.g')).toBeUndefined();
    expect(rrf.board.sd.read('0:/gcodes/cr.gcode')).toBeUndefined();
    await board?.close();
    board = undefined;

    const dsf = await simulated('sbc');
    for (const [path, body] of [
      ['0:/macros/evil.g', '(") M997 (")\n'],
      ['0:/gcodes/cr.gcode', 'M9\r97\n'],
    ] as const) {
      const response = await send(`machine/file/${encodeURIComponent(path)}`, 'PUT', body);
      expect([path, response.statusCode, response.json().code]).toEqual([path, 403, 'ADMIN_PATH_ONLY']);
      expect(dsf.board.sd.read(path)).toBeUndefined();
    }
    const crlf = await send(
      `machine/file/${encodeURIComponent('0:/gcodes/crlf.gcode')}`,
      'PUT',
      'G28\r\nG1 X1\r\n',
    );
    expect(crlf.statusCode).toBe(201);
    expect(new TextDecoder().decode(dsf.board.sd.read('0:/gcodes/crlf.gcode'))).toBe('G28\r\nG1 X1\r\n');
    // Had it been stored, this is what the customer path would have run mid-print.
    const run = await send('machine/code', 'POST', 'M98 P"0:/macros/evil.g"');
    expect(run.statusCode).toBe(200);
    expect(status(dsf)).toBe('idle');
  });
});
