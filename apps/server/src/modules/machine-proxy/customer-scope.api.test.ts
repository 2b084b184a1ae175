import { parseBoardRequest, serializeBoardTarget } from '@portal/duet/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildMachineOrigin } from '../../machine-origin.ts';
import { useTestApp } from '../../test/api-test.ts';
import { connectFakeGateway, type FakeGateway } from '../../test/fake-gateway.ts';
import { bearer } from '../../test/test-app.ts';

/**
 * The customer path runs the machine but does not re-program it (docs/board-access.md), on both origins and for
 * RRF and DSF requests alike; the admin path is unchanged.
 */

const t = useTestApp({ proxyTimeoutMs: 2000 });
let origin: FastifyInstance;
let controllerId = 0;
let tokens: Record<'admin' | 'customer', string>;
let board: FakeGateway | undefined;

/** What the fake board received: each request's path and body; uploads see their stream end or be cancelled. */
interface Received {
  path: string;
  body: string;
  ended: boolean;
  cancelled: boolean;
}
let received: Received[] = [];

beforeAll(async () => {
  origin = await buildMachineOrigin(t.modules);
  const group = await t.demoGroup('Prusa linea 1');
  controllerId = group.computerControllerId;
  tokens = { admin: await t.tokenFor('admin@demo.test'), customer: await t.tokenFor('customer@demo.test') };
});

afterEach(async () => {
  await board?.disconnect();
  board = undefined;
});

afterAll(async () => {
  await origin.close();
});

/** A board answering `{"err":0}` (201 for DSF's PUT) once a request's body has ended. */
async function startBoard() {
  received = [];
  board = await connectFakeGateway(t.modules.gateway.registry, controllerId, (stream, headers) => {
    const entry: Received = {
      path: String(headers[':path']).replace(/^\/board/, ''),
      body: '',
      ended: false,
      cancelled: false,
    };
    received.push(entry);
    stream.on('data', (chunk: Buffer) => {
      entry.body += chunk.toString('latin1');
    });
    stream.on('close', () => {
      entry.cancelled = !entry.ended && stream.rstCode !== 0;
    });
    stream.on('end', () => {
      entry.ended = true;
      const status = headers[':method'] === 'PUT' ? 201 : 200;
      stream.respond({ ':status': status, 'content-type': 'application/json' });
      stream.end(JSON.stringify({ err: 0 }));
    });
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method?: Method;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

const portal = (path: 'customer' | 'admin', rest: string, call: Call = {}) =>
  t.app.inject({
    method: call.method ?? 'GET',
    url: `/proxy/duet/3.6/${path}/${controllerId}/${rest}`,
    headers: { ...bearer(path === 'admin' ? tokens.admin : tokens.customer), ...call.headers },
    ...(call.payload !== undefined && { payload: call.payload }),
  });

/** The customer's cookie on the machine origin, traded from a control-panel ticket. */
async function machineCookie(): Promise<string> {
  const ticket = await t.app.inject({
    method: 'POST',
    url: `/api/v1/machines/${controllerId}/panel`,
    headers: bearer(tokens.customer),
    payload: { path: 'customer', firmware: '3.6' },
  });
  const url = new URL(ticket.json().url);
  const entry = await origin.inject({ url: `${url.pathname}${url.search}`, headers: { host: url.host } });
  return String(entry.headers['set-cookie']).split(';')[0] ?? '';
}

/** The machine's own origin's host, which its board pages and their requests are served from. */
const machineHost = () => `m${controllerId}.machines.example.test`;

/** A multipart form as DWC's REST connector sends it (FormData), with its content type. */
async function multipart(fields: Record<string, string>): Promise<{ payload: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://form.test', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get('content-type') ?? '',
  };
}

const gcodeQuery = (code: string) => `rr_gcode?gcode=${encodeURIComponent(code)}`;

/** What the board gets of a client's target: the portal's reading of it, written as a board accepts. */
function boardTarget(target: string): string {
  const parsed = parseBoardRequest('GET', target);
  if (!parsed.ok) throw new Error(parsed.reason);
  return serializeBoardTarget(parsed.request);
}

describe('the customer path on the portal origin, RRF requests', () => {
  it('relays running the machine: motion, M112 then M999, macros, print control, file work in the allowed folders', async () => {
    await startBoard();
    const allowed = [
      gcodeQuery('G28'),
      gcodeQuery('M112'),
      gcodeQuery('M999'),
      gcodeQuery('M98 P"0:/macros/Purge"'),
      gcodeQuery('M32 "0:/gcodes/cube.gcode"'),
      'rr_delete?name=0%3A%2Fgcodes%2Fold.gcode',
      'rr_move?old=0:/gcodes/a.gcode&new=0:/macros/a',
      'rr_mkdir?dir=0:/filaments/PETG',
      'rr_download?name=0:/sys/dwc-settings.json',
      'rr_filelist?dir=0:/sys',
    ];
    for (const rest of allowed) {
      const response = await portal('customer', rest);
      expect([rest, response.statusCode, response.json()]).toEqual([rest, 200, { err: 0 }]);
    }
    // The board gets each request as the portal read it, written with the escapes a board accepts.
    expect(received.map((entry) => entry.path)).toEqual(allowed.map((rest) => boardTarget(`/${rest}`)));
  });

  it('answers a refused rr_ call with {"err":1} as a board would, and the board never sees it', async () => {
    await startBoard();
    for (const rest of [
      gcodeQuery('M552 S0'),
      gcodeQuery('M997'),
      'rr_gcode?gcode=m552+s0',
      'rr_gcode?GCODE=M553%20P255.0.0.0',
      gcodeQuery('G28\nM587 S"net" P"secret"'),
      gcodeQuery('M98 P"0:/sys/config.g"'),
      gcodeQuery('M500'),
      'rr_gcod%65?gcode=M552%20S0',
      'rr_delete?name=0:/sys/config.g',
      'rr_delete?name=0:/gcodes/../sys/config.g',
      'rr_delete?name=/sys/config.g',
      'rr_delete?name=0:/gcodes\\..\\www\\index.html',
      'rr_move?old=0:/gcodes/x.g&new=0:/sys/config.g&deleteexisting=yes',
      'rr_mkdir?dir=0:/www/plugin',
    ]) {
      const response = await portal('customer', rest);
      expect([rest, response.statusCode, response.json()]).toEqual([rest, 200, { err: 1 }]);
      expect(response.headers['content-security-policy']).toMatch(/^sandbox/);
    }
    // What a board could read otherwise never reaches a scope: 400 in the portal's error format.
    for (const rest of ['rr_gcode%3Fgcode=M552%20S0', 'rr_delete?name=0:/gcodes/%252E%252E/sys/config.g']) {
      const response = await portal('customer', rest);
      expect([rest, response.statusCode, response.json().code]).toEqual([rest, 400, 'BAD_REQUEST']);
    }
    expect(received).toEqual([]);
  });

  it("refuses an upload outside the allowed folders before reading it, and reading 0:/sys's G-code with 404", async () => {
    await startBoard();
    for (const name of ['0:/sys/config.g', '0:/www/index.html', '0:/firmware/Duet3Firmware_MB6HC.bin']) {
      const response = await portal('customer', `rr_upload?name=${name}`, {
        method: 'POST',
        payload: 'M552 S0\n',
      });
      expect([name, response.statusCode, response.json()]).toEqual([name, 200, { err: 1 }]);
    }
    const config = await portal('customer', 'rr_download?name=0:/sys/config.g');
    expect([config.statusCode, config.json().code]).toEqual([404, 'NOT_FOUND']);
    expect(received).toEqual([]);
  });

  it('checks the lines of an upload into the customer folders: a refused line never reaches the board', async () => {
    await startBoard();
    const good = 'G1 X10 Y10 E0.5\n'.repeat(20_000);
    const refused = await portal('customer', 'rr_upload?name=0:/gcodes/evil.gcode', {
      method: 'POST',
      payload: `${good}M552 S0\n${good}`,
    });
    expect([refused.statusCode, refused.json()]).toEqual([200, { err: 1 }]);
    await expect.poll(() => received[0]?.cancelled).toBe(true);
    expect(received[0]?.ended).toBe(false);
    expect(received[0]?.body).not.toContain('M552');

    const accepted = await portal('customer', 'rr_upload?name=0:/macros/Purge', {
      method: 'POST',
      payload: 'M98 P"0:/macros/heat.g"\nG1 E10 F300 ; M552 in a comment is fine\n',
    });
    expect(accepted.json()).toEqual({ err: 0 });
    expect(received[1]?.body).toContain('G1 E10');
  });

  it("stores DWC's settings file as sent: it is JSON, never run", async () => {
    await startBoard();
    const settings = JSON.stringify({ main: { lastHostname: 'x' }, machine: { codes: ['M552 S0'] } });
    const response = await portal('customer', 'rr_upload?name=0:/sys/dwc-settings.json', {
      method: 'POST',
      payload: settings,
    });
    expect(response.json()).toEqual({ err: 0 });
    expect(received[0]?.body).toBe(settings);
  });
});

describe('the customer path on the portal origin, DSF requests', () => {
  it("relays DWC's G-code, uploads, deletes and moves inside the allowed folders, bodies intact", async () => {
    await startBoard();
    const code = await portal('customer', 'machine/code', {
      method: 'POST',
      payload: 'G28\nM98 P"0:/macros/x"',
    });
    expect(code.statusCode).toBe(200);
    const upload = await portal('customer', 'machine/file/0%3A%2Fgcodes%2Fcube.gcode', {
      method: 'PUT',
      payload: 'G1 X1\n',
    });
    expect(upload.statusCode).toBe(201);
    const remove = await portal('customer', 'machine/file/0%3A%2Fgcodes%2Fcube.gcode', { method: 'DELETE' });
    expect(remove.statusCode).toBe(200);
    const form = await multipart({ from: '0:/gcodes/a.gcode', to: '0:/macros/a', force: 'true' });
    const move = await portal('customer', 'machine/file/move', {
      method: 'POST',
      payload: form.payload,
      headers: { 'content-type': form.type },
    });
    expect(move.statusCode).toBe(200);
    // DSF's file argument goes as DWC writes it: one segment, its `:` and `/` escaped.
    expect(received.map((entry) => entry.path)).toEqual([
      '/machine/code',
      '/machine/file/0%3A%2Fgcodes%2Fcube.gcode',
      '/machine/file/0%3A%2Fgcodes%2Fcube.gcode',
      '/machine/file/move',
    ]);
    expect(received[0]?.body).toBe('G28\nM98 P"0:/macros/x"');
    expect(received[3]?.body).toBe(form.payload.toString('latin1'));
  });

  it('answers a refused DSF request with 403 ADMIN_PATH_ONLY, and the board never sees it', async () => {
    await startBoard();
    const form = await multipart({ from: '0:/gcodes/x.g', to: '0:/sys/config.g', force: 'true' });
    const calls: [string, Call][] = [
      ['machine/code', { method: 'POST', payload: 'M552 S0' }],
      ['machine/code', { method: 'POST', payload: 'G28\nM997 S2' }],
      ['machine/code', { method: 'POST', payload: 'echo >"0:/sys/config.g" "M552 S0"' }],
      ['MACHINE/CODE', { method: 'POST', payload: 'M586 P0 S0' }],
      ['machine/file/0%3A%2Fsys%2Fconfig.g', { method: 'PUT', payload: 'M552 S0\n' }],
      ['machine/file/0%3A%2Fwww%2Findex.html', { method: 'PUT', payload: '<html>' }],
      ['machine/file/%2Fetc%2Fpasswd', { method: 'GET' }],
      ['machine/file/0%3A%2Fsys%2Fconfig.g', { method: 'GET' }],
      ['machine/file/0%3A%2Fsys%2Fconfig.g', { method: 'DELETE' }],
      ['machine/directory/0%3A%2Fsys%2Fnew', { method: 'PUT' }],
      [
        'machine/file/move',
        { method: 'POST', payload: form.payload, headers: { 'content-type': form.type } },
      ],
      [
        'machine/file/move',
        {
          method: 'POST',
          payload: 'from=0%3A%2Fsys%2Fconfig.g&to=0%3A%2Fgcodes%2Fc.g',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      ['machine/plugin', { method: 'PUT', payload: 'zip' }],
    ];
    for (const [rest, call] of calls) {
      const response = await portal('customer', rest, call);
      expect([rest, response.statusCode, response.json().code]).toEqual([rest, 403, 'ADMIN_PATH_ONLY']);
    }
    expect(received).toEqual([]);
  });

  it('refuses a DSF upload into the allowed folders whose lines are for the admin path', async () => {
    await startBoard();
    const response = await portal('customer', 'machine/file/0%3A%2Fmacros%2Fevil', {
      method: 'PUT',
      payload: 'G28\nM98 P"0:/sys/config.g"\n',
    });
    expect([response.statusCode, response.json().code]).toEqual([403, 'ADMIN_PATH_ONLY']);
    expect(received[0]?.ended ?? false).toBe(false);
    expect(received[0]?.body ?? '').not.toContain('config.g');
  });
});

describe('the admin path', () => {
  it('is unchanged: configuration, firmware and network requests reach the board', async () => {
    await startBoard();
    expect((await portal('admin', gcodeQuery('M552 S0'))).json()).toEqual({ err: 0 });
    expect(
      (
        await portal('admin', 'rr_upload?name=0:/sys/config.g', { method: 'POST', payload: 'M552 S1\n' })
      ).json(),
    ).toEqual({
      err: 0,
    });
    expect((await portal('admin', 'machine/code', { method: 'POST', payload: 'M997' })).statusCode).toBe(200);
    expect(received.map((entry) => entry.path)).toEqual([
      `/${gcodeQuery('M552 S0')}`,
      '/rr_upload?name=0:/sys/config.g',
      '/machine/code',
    ]);
  });
});

describe('the customer path on the machine origin', () => {
  it('applies the same scope to the board page: refused as a board would, the rest relayed', async () => {
    await startBoard();
    const cookie = await machineCookie();
    const frame = (rest: string, call: Call = {}) =>
      origin.inject({
        method: call.method ?? 'GET',
        url: `/proxy/duet/3.6/customer/${controllerId}/${rest}`,
        headers: { host: machineHost(), cookie, ...call.headers },
        ...(call.payload !== undefined && { payload: call.payload }),
      });
    const refusedRrf = await frame(gcodeQuery('M552 S0'));
    expect([refusedRrf.statusCode, refusedRrf.json()]).toEqual([200, { err: 1 }]);
    const refusedUpload = await frame('rr_upload?name=0:/www/index.html', {
      method: 'POST',
      payload: '<html>',
    });
    expect(refusedUpload.json()).toEqual({ err: 1 });
    const refusedDsf = await frame('machine/code', { method: 'POST', payload: 'M999\nM552 S0' });
    expect([refusedDsf.statusCode, refusedDsf.json().code]).toEqual([403, 'ADMIN_PATH_ONLY']);
    expect(received).toEqual([]);

    expect((await frame(gcodeQuery('M999'))).json()).toEqual({ err: 0 });
    expect((await frame('machine/code', { method: 'POST', payload: 'M999' })).statusCode).toBe(200);
    expect(
      (await frame('rr_upload?name=0:/sys/dwc-settings.json', { method: 'POST', payload: '{}' })).json(),
    ).toEqual({ err: 0 });
    expect(received.map((entry) => entry.path)).toEqual([
      `/${gcodeQuery('M999')}`,
      '/machine/code',
      '/rr_upload?name=0:/sys/dwc-settings.json',
    ]);
  });
});

describe('download links on the customer path', () => {
  it("gives no link to 0:/sys's G-code, but does to the statistics and on the admin path", async () => {
    const ticket = (path: 'customer' | 'admin', name: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/machines/${controllerId}/download`,
        headers: bearer(path === 'admin' ? tokens.admin : tokens.customer),
        payload: { path, name },
      });
    const refused = await ticket('customer', '0:/sys/config.g');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'ADMIN_PATH_ONLY']);
    expect((await ticket('customer', '0:/sys/Statistiche/statistiche_v1.csv')).statusCode).toBe(200);
    expect((await ticket('admin', '0:/sys/config.g')).statusCode).toBe(200);
  });
});
