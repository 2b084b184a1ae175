import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { crc32 } from 'node:zlib';
import type { RunningBoard } from '@portal/board-sim';
import { boardProxyPath } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningGateway } from '../apps/gateway/src/index.ts';
import { deadUrl, type RunningPortal, startPortal } from '../test-kit/portal.ts';
import {
  controllerOf,
  issueGatewayKey,
  logIn,
  logOut,
  machineCookie,
  type Session,
} from '../test-kit/portal-api.ts';
import { exchange } from '../test-kit/streams.ts';
import { Rig } from './support/rig.ts';

/**
 * The whole chain over loopback: the real portal process → its tunnel → real gateway agents → simulated boards.
 * The portal's proxy time-out is 2 s here, so a stalled board shows its 504 quickly.
 */

let portal: RunningPortal;
const rig = new Rig();
const sessions = {} as Record<'admin' | 'manager' | 'tech' | 'customer' | 'customer2', Session>;
/** Demo controllers: assigned to customer@ (valid licence), expired licence, other business, SBC board, … */
const id = { prusa1: 0, prusa2: 0, voron: 0, ratrig: 0, cella: 0, modix: 0 };
let prusaBoard: RunningBoard;
let voronBoard: RunningBoard;
let sbcBoard: RunningBoard;
let ratrigBoard: RunningBoard;
let prusaGateway: RunningGateway;
let voronGateway: RunningGateway;
let ratrigGateway: RunningGateway;

beforeAll(async () => {
  portal = await startPortal({ PROXY_TIMEOUT: '2' });
  const emails = {
    admin: 'admin@demo.test',
    manager: 'manager@demo.test',
    tech: 'tech@demo.test',
    customer: 'customer@demo.test',
    customer2: 'customer2@demo.test',
  } as const;
  await Promise.all(
    Object.entries(emails).map(async ([role, email]) => {
      sessions[role as keyof typeof emails] = await logIn(portal, email);
    }),
  );
  const groups = {
    prusa1: 'Prusa linea 1',
    prusa2: 'Prusa linea 2',
    voron: 'Voron prototipi',
    ratrig: 'RatRig produzione',
    cella: 'Cella pallet',
    modix: 'Modix grande formato',
  } as const;
  await Promise.all(
    Object.entries(groups).map(async ([key, name]) => {
      id[key as keyof typeof groups] = await controllerOf(portal, sessions.admin, name);
    }),
  );
  [prusaBoard, voronBoard, sbcBoard, ratrigBoard] = await Promise.all([
    rig.board({ name: 'Prusa linea 1' }),
    rig.board({ name: 'Voron prototipi' }),
    rig.board({ name: 'Cella pallet', mode: 'sbc' }),
    rig.board({ name: 'RatRig produzione' }),
  ]);
  const dial = async (controller: number, board: string, tuning = {}) =>
    rig.gateway(
      {
        server: portal.url,
        controller,
        key: await issueGatewayKey(portal, sessions.admin, controller),
        board,
      },
      { tuning },
    );
  // Voron's gateway gives up on a silent board after 1 s, before the portal's own 2 s.
  // RatRig's gateway sends one request at a time to its board, so one slow download holds the board.
  [prusaGateway, voronGateway, ratrigGateway] = await Promise.all([
    dial(id.prusa1, prusaBoard.url),
    dial(id.voron, voronBoard.url, { upstreamTimeoutMs: 1_000 }),
    dial(id.ratrig, ratrigBoard.url, { boardConcurrency: 1 }),
    dial(id.cella, sbcBoard.url),
    deadUrl().then((url) => dial(id.prusa2, url)),
  ]);
});

afterAll(async () => {
  await rig.close();
  await portal?.stop();
});

function proxied(session: Session | null, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${portal.url}${path}`, {
    ...init,
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
  });
}

const modelPath = (
  controller: number,
  path: 'customer' | 'admin' = 'customer',
  query = 'rr_model?key=network',
) => boardProxyPath('3.6', path, controller, query);

/**
 * A read no other test or status reading asks: the gateway answers a repeated read from its reading of the last
 * 250 ms (docs/design.md §5b), so a stalled board must be asked something it was not just asked.
 */
const unsharedRead = (controller: number, path: 'customer' | 'admin' = 'customer') =>
  modelPath(controller, path, 'rr_model?key=network&flags=v');

async function expectError(response: Response, status: number, code: string): Promise<void> {
  expect({ status: response.status, body: await response.json() }).toMatchObject({ status, body: { code } });
}

describe('a board through the portal, the tunnel and its gateway', () => {
  it("serves the board's object model to a customer assigned to the machine, sandboxed", async () => {
    const response = await proxied(sessions.customer, modelPath(id.prusa1));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toMatchObject({ key: 'network', result: { name: 'Prusa linea 1' } });
    const state = await proxied(
      sessions.customer,
      boardProxyPath('3.6', 'customer', id.prusa1, 'rr_model?key=state&flags=d99vn'),
    );
    expect(await state.json()).toMatchObject({ key: 'state', result: { status: 'idle' } });
  });

  it('answers 502 GATEWAY_OFFLINE for a machine whose gateway is not connected', async () => {
    await expectError(await proxied(sessions.admin, modelPath(id.modix, 'admin')), 502, 'GATEWAY_OFFLINE');
  });

  it('answers 503 BOARD_OFFLINE when the gateway cannot reach its board', async () => {
    await expectError(await proxied(sessions.customer, modelPath(id.prusa2)), 503, 'BOARD_OFFLINE');
  });

  it("passes a board's own 503 through once the gateway's retries are spent, and recovers with the board", async () => {
    const retriesBefore = prusaGateway.stats.boardRetries;
    // Every request meets the 503 meanwhile, the portal's own status readings of the board included.
    prusaBoard.faults.answer503 = 1_000;
    try {
      const refused = await proxied(sessions.customer, modelPath(id.prusa1));
      expect(refused.status).toBe(503);
      expect(await refused.text()).toBe(''); // the board's bare answer, not the portal's BOARD_OFFLINE
      expect(prusaGateway.stats.boardRetries - retriesBefore).toBeGreaterThanOrEqual(3);
    } finally {
      prusaBoard.faults.answer503 = 0;
    }
    prusaBoard.faults.answer503 = 2; // a passing shortage: the gateway's retries get through it
    expect((await proxied(sessions.customer, modelPath(id.prusa1))).status).toBe(200);
  });

  it('answers 504 BOARD_TIMEOUT when the board stalls past the proxy time-out, and frees its board slot', async () => {
    prusaBoard.faults.stall = true;
    try {
      await expectError(await proxied(sessions.customer, unsharedRead(id.prusa1)), 504, 'BOARD_TIMEOUT');
    } finally {
      prusaBoard.faults.stall = false;
    }
    // The portal's status readings were held too; once the board answers, no slot stays taken.
    await expect.poll(() => prusaGateway.stats.activeBoardRequests).toBe(0);
    expect((await proxied(sessions.customer, modelPath(id.prusa1))).status).toBe(200);
  });

  it("answers 504 BOARD_TIMEOUT when the gateway's own wait for a silent board runs out first", async () => {
    const before = voronGateway.stats.gatewayAnswers['board-timeout'];
    voronBoard.faults.stall = true;
    try {
      await expectError(await proxied(sessions.admin, modelPath(id.voron)), 504, 'BOARD_TIMEOUT');
    } finally {
      voronBoard.faults.stall = false;
    }
    // The portal's own status reading of the board may have timed out there too.
    expect(voronGateway.stats.gatewayAnswers['board-timeout']).toBeGreaterThan(before);
  });
});

describe('who may reach a machine', () => {
  it('refuses an expired licence with 403 to everyone but administrators', async () => {
    await expectError(await proxied(sessions.manager, modelPath(id.voron)), 403, 'LICENSE_EXPIRED');
    await expectError(await proxied(sessions.tech, modelPath(id.voron)), 403, 'LICENSE_EXPIRED');
    expect((await proxied(sessions.admin, modelPath(id.voron))).status).toBe(200);
  });

  it("answers 404 for another business's machine, as for a missing one", async () => {
    await expectError(await proxied(sessions.customer2, modelPath(id.prusa1)), 404, 'NOT_FOUND');
    await expectError(await proxied(sessions.customer, modelPath(id.ratrig)), 404, 'NOT_FOUND');
  });

  it('answers 401 without a token', async () => {
    await expectError(await proxied(null, modelPath(id.prusa1)), 401, 'UNAUTHENTICATED');
  });

  it('keeps the admin path to administrators', async () => {
    await expectError(await proxied(sessions.manager, modelPath(id.prusa1, 'admin')), 403, 'FORBIDDEN');
    await expectError(await proxied(sessions.customer, modelPath(id.prusa1, 'admin')), 403, 'FORBIDDEN');
    expect((await proxied(sessions.admin, modelPath(id.prusa1, 'admin'))).status).toBe(200);
  });
});

describe('files and sockets through the chain', () => {
  it('uploads a few megabytes with Content-Length and CRC, and downloads them byte for byte', async () => {
    // G-code text: the customer path checks each line of what it uploads into 0:/gcodes (docs/board-access.md).
    const lines = Array.from(
      { length: 160_000 },
      (_, i) => `G1 X${i % 250}.${i % 7} Y${(i * 7) % 250} E0.0${i % 9}\n`,
    );
    const data = Buffer.from(`${lines.join('')}; end`);
    const name = encodeURIComponent('0:/gcodes/big upload.gcode');
    const crc = crc32(data).toString(16);
    const uploaded = await proxied(
      sessions.customer,
      boardProxyPath('3.6', 'customer', id.prusa1, `rr_upload?name=${name}&crc32=${crc}`),
      { method: 'POST', body: data },
    );
    expect(await uploaded.json()).toEqual({ err: 0 });
    expect(Buffer.from(prusaBoard.sd.read('0:/gcodes/big upload.gcode') ?? []).equals(data)).toBe(true);

    const downloaded = await proxied(
      sessions.customer,
      boardProxyPath('3.6', 'customer', id.prusa1, `rr_download?name=${name}`),
    );
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(data)).toBe(true);
  });

  it("carries DSF's object-model WebSocket on the machine origin: the full model, then a patch after OK", async () => {
    const cookie = await machineCookie(portal, sessions.tech, id.cella);
    const url = new URL(boardProxyPath('3.6', 'customer', id.cella, 'machine'), portal.machineUrl(id.cella));
    url.protocol = 'ws:';
    const socket = new WebSocket(url, { headers: { cookie } });
    const messages: string[] = [];
    socket.on('message', (data) => messages.push(data.toString()));
    try {
      await once(socket, 'open');
      await expect.poll(() => messages.length).toBe(1);
      const model = JSON.parse(messages[0] as string) as { network: { name: string }; state: object };
      expect(model.network.name).toBe('Cella pallet');
      expect(model.state).toBeDefined();

      await sbcBoard.runGcode('M117 "through the tunnel"');
      socket.send('OK\n');
      await expect.poll(() => messages.slice(1).join('')).toContain('"displayMessage":"through the tunnel"');
    } finally {
      socket.terminate();
    }
  });

  it('refuses the WebSocket without the machine cookie', async () => {
    const url = new URL(boardProxyPath('3.6', 'customer', id.cella, 'machine'), portal.machineUrl(id.cella));
    url.protocol = 'ws:';
    const socket = new WebSocket(url);
    socket.on('error', () => undefined);
    const [, response] = (await once(socket, 'unexpected-response')) as [unknown, { statusCode: number }];
    expect(response.statusCode).toBe(401);
    socket.terminate();
  });

  it("ends the board's WebSocket as soon as its session is logged out", async () => {
    const session = await logIn(portal, 'tech@demo.test');
    const cookie = await machineCookie(portal, session, id.cella);
    const url = new URL(boardProxyPath('3.6', 'customer', id.cella, 'machine'), portal.machineUrl(id.cella));
    url.protocol = 'ws:';
    const socket = new WebSocket(url, { headers: { cookie } });
    try {
      await once(socket, 'open');
      const closed = once(socket, 'close');
      await logOut(portal, session);
      await closed;
    } finally {
      socket.terminate();
    }
  });

  it("refuses the WebSocket on another machine's origin, even with this machine's cookie", async () => {
    const cookie = await machineCookie(portal, sessions.tech, id.cella);
    const url = new URL(boardProxyPath('3.6', 'customer', id.cella, 'machine'), portal.machineUrl(id.prusa1));
    url.protocol = 'ws:';
    const socket = new WebSocket(url, { headers: { cookie } });
    socket.on('error', () => undefined);
    const [, response] = (await once(socket, 'unexpected-response')) as [unknown, { statusCode: number }];
    expect(response.statusCode).toBe(404);
    socket.terminate();
  });
});

describe('a request held past its time-out', () => {
  it('is answered 504 and never reaches the board, even once the board is free again', async () => {
    const ratrig = (rest: string) => boardProxyPath('3.6', 'customer', id.ratrig, rest);
    ratrigBoard.sd.write('0:/gcodes/held.gcode', randomBytes(32 * 1024 * 1024));
    // A client that stops reading its download keeps the board's only slot busy.
    const download = exchange(`${portal.url}${ratrig('rr_download?name=0:/gcodes/held.gcode')}`, {
      headers: { authorization: `Bearer ${sessions.customer2.token}` },
    });
    try {
      download.pause();
      expect((await download.response).statusCode).toBe(200);
      expect(ratrigGateway.stats.activeBoardRequests).toBe(1);

      const start = proxied(
        sessions.customer2,
        ratrig(`rr_gcode?gcode=${encodeURIComponent('M32 "Supporto_sensore.gcode"')}`),
      );
      await expect.poll(() => ratrigGateway.stats.waitingBoardRequests).toBeGreaterThanOrEqual(1);
      await expectError(await start, 504, 'BOARD_TIMEOUT');
    } finally {
      download.request.destroy();
    }
    await expect.poll(() => ratrigGateway.stats.activeBoardRequests).toBe(0);
    // Requests reach the board in order: once this one has, nothing is left that could start the print late.
    const state = await proxied(sessions.customer2, ratrig('rr_model?key=state'));
    expect(await state.json()).toMatchObject({ result: { status: 'idle' } });
    expect(ratrigBoard.model()).toMatchObject({
      state: { status: 'idle' },
      job: { file: { fileName: null } },
    });
  });
});

describe("the running job's thumbnail", () => {
  /** The live status of the controller's machine, as the fleet page reads it. */
  async function jobOf(session: Session, controller: number) {
    const response = await proxied(session, '/api/v1/machines/status');
    const items = (await response.json()) as { controllerId: number; status: { job: unknown } }[];
    return items.find((item) => item.controllerId === controller)?.status.job as
      | { fileName: string; thumbnail: { width: number; height: number } | null }
      | null
      | undefined;
  }

  /** Starts a seeded file printing, and waits until the live status names it with its thumbnail. */
  async function print(session: Session, path: 'customer' | 'admin', controller: number, file: string) {
    const start = await proxied(
      session,
      boardProxyPath('3.6', path, controller, `rr_gcode?gcode=${encodeURIComponent(`M32 "${file}"`)}`),
    );
    expect(start.status).toBe(200);
    await expect
      .poll(async () => (await jobOf(session, controller))?.thumbnail, { timeout: 15_000, interval: 250 })
      .toEqual({ width: 220, height: 124 });
  }

  /** The PNG answered for the job, with its size from the image's own header. */
  async function thumbnail(session: Session, controller: number) {
    const response = await proxied(session, `/api/v1/machines/${controller}/job/thumbnail`);
    const body = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      signature: body.subarray(1, 4).toString('latin1'),
      size: response.status === 200 ? [body.readUInt32BE(16), body.readUInt32BE(20)] : null,
    };
  }

  it("reads a standalone board's largest PNG chunk by chunk, for the machine's own business only", async () => {
    await print(sessions.customer, 'customer', id.prusa1, '0:/gcodes/Supporto_sensore.gcode');
    expect(await thumbnail(sessions.customer, id.prusa1)).toEqual({
      status: 200,
      type: 'image/png',
      signature: 'PNG',
      size: [220, 124],
    });
    expect((await thumbnail(sessions.customer2, id.prusa1)).status).toBe(404);
    expect((await proxied(null, `/api/v1/machines/${id.prusa1}/job/thumbnail`)).status).toBe(401);
  });

  it('reads it with the file info from DSF 3.4, which has no rr_ calls, and answers 204 without a job', async () => {
    expect((await thumbnail(sessions.admin, id.cella)).status).toBe(204);
    const dsf = await rig.board({
      name: 'Modix grande formato',
      mode: 'sbc',
      firmware: '3.4',
      initial: 'printing',
    });
    await rig.gateway({
      server: portal.url,
      controller: id.modix,
      key: await issueGatewayKey(portal, sessions.admin, id.modix),
      board: dsf.url,
    });
    await expect
      .poll(async () => (await jobOf(sessions.admin, id.modix))?.thumbnail, {
        timeout: 15_000,
        interval: 250,
      })
      .toBeTruthy();
    const shown = (await jobOf(sessions.admin, id.modix))?.thumbnail;
    expect(await thumbnail(sessions.admin, id.modix)).toMatchObject({
      status: 200,
      size: [shown?.width, shown?.height],
    });
  });
});
