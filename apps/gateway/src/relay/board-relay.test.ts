import { once } from 'node:events';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { DEADLINE_HEADER, GATEWAY_ANSWER_HEADER } from '@portal/tunnel';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerOf, FakePortal, openStream, request } from '../test/fake-portal.ts';
import { RecordedBoard } from '../test/recorded-board.ts';
import { loginAsClient, TEST_BOARD_PASSWORD, TestGateways, testGatewayKeys } from '../test/test-gateways.ts';

let portal: FakePortal;
let board: RecordedBoard;
let slowBoard: RecordedBoard;
/** The board of the tests of clients' sessions, so their gateways leave the others room among its 8 sessions. */
let clientsBoard: RecordedBoard;
const gateways = new TestGateways(() => portal);
const connect = gateways.connect.bind(gateways);

async function unusedPort(): Promise<number> {
  const server = http.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

beforeAll(async () => {
  portal = await new FakePortal(testGatewayKeys(20)).listen();
  [board, slowBoard, clientsBoard] = await Promise.all([
    RecordedBoard.start({ password: TEST_BOARD_PASSWORD }),
    RecordedBoard.start({ password: TEST_BOARD_PASSWORD }),
    RecordedBoard.start({ password: TEST_BOARD_PASSWORD }),
  ]);
});

afterAll(async () => {
  slowBoard.faults.stall = false;
  await gateways.closeAll();
  await Promise.all([portal.close(), board.close(), slowBoard.close(), clientsBoard.close()]);
});

describe('relaying to the board', () => {
  it('sends what a board accepts: upper-case escapes, encoded quotes, no client headers, its own session', async () => {
    const { session } = await connect(board.url);
    const clientKey = await loginAsClient(session);
    const answer = await request(session, '/board/rr_gcode?gcode=M32%20"0%3a/gcodes/x.gcode"', {
      headers: {
        cookie: 'portal_session=abc',
        'x-forwarded-for': '203.0.113.9',
        'x-session-key': clientKey,
        'user-agent': 'PrusaSlicer/2.9.4',
      },
    });
    expect(answer.status).toBe(200);
    const sent = board.requestsTo('/rr_gcode').at(-1);
    expect(sent?.url).toBe('/rr_gcode?gcode=M32%20%220:/gcodes/x.gcode%22');
    const names = sent?.rawHeaders.filter((_, i) => i % 2 === 0);
    expect(names).toEqual(['Host', 'Connection', 'X-Session-Key']);
    const gatewayKey = sent?.rawHeaders[5];
    expect(gatewayKey).not.toBe(clientKey);
    // The board's own answer head, as RRF sends it for rr_gcode.
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers.connection).toBeUndefined();
  });

  it("answers clients' own rr_connect and rr_disconnect with sessions of its own, never the board's nor its password", async () => {
    const { session, gateway } = await connect(clientsBoard.url);
    const logins = clientsBoard.requestsTo('/rr_connect').length;
    const connectAnswer = await request(session, '/board/rr_connect?password=guess&sessionKey=yes');
    const answer = JSON.parse(connectAnswer.body.toString()) as { sessionKey: number };
    expect(answer).toEqual({
      err: 0,
      sessionTimeout: 8000,
      boardType: 'duet3mb6hc102',
      apiLevel: 2,
      sessionKey: expect.any(Number),
    });
    expect(answer.sessionKey).toBeGreaterThan(0);
    const other = await loginAsClient(session);
    expect(other).not.toBe(String(answer.sessionKey));
    // A client that asks for no key gets the keyless clients' session, as from a board: key 0.
    const keyless = await request(session, '/board/rr_connect?password=');
    expect(JSON.parse(keyless.body.toString())).toMatchObject({ err: 0, sessionKey: 0 });
    expect(gateway.stats.clientSessions).toBe(3);

    const header = { 'x-session-key': String(answer.sessionKey) };
    const disconnectAnswer = await request(session, '/board/rr_disconnect', { headers: header });
    expect(JSON.parse(disconnectAnswer.body.toString())).toEqual({ err: 0 });
    // That client's session is over, as a board's would be; the other client's and the gateway's are not.
    const ended = await request(session, '/board/rr_model?key=state', { headers: header });
    expect(ended.status).toBe(401);
    expect(ended.headers[GATEWAY_ANSWER_HEADER]).toBeUndefined();
    expect(
      JSON.parse((await request(session, '/board/rr_disconnect', { headers: header })).body.toString()),
    ).toEqual({
      err: 1,
    });
    const stillOn = await request(session, '/board/rr_model?key=state', {
      headers: { 'x-session-key': other },
    });
    expect(stillOn.status).toBe(200);
    expect(clientsBoard.requestsTo('/rr_connect')).toHaveLength(logins);
    expect(clientsBoard.requestsTo('/rr_disconnect')).toHaveLength(0);
    expect(
      clientsBoard
        .requestsTo('/rr_connect')
        .every((sent) => sent.url.includes(`password=${TEST_BOARD_PASSWORD}&`)),
    ).toBe(true);
  });

  it('gives every client every G-code reply once, whoever sent the code, reading the board in its one session', async () => {
    const { session } = await connect(clientsBoard.url);
    const [first, second] = [await loginAsClient(session), await loginAsClient(session)];
    const as = (key: string) => ({ headers: { 'x-session-key': key } });
    const replies = async (key: string) =>
      (await request(session, '/board/rr_reply', as(key))).body.toString();
    const boardReads = clientsBoard.requestsTo('/rr_reply').length;

    expect((await request(session, '/board/rr_gcode?gcode=M115', as(first))).status).toBe(200);
    await vi.waitFor(async () => expect(await replies(first)).toContain('FIRMWARE_NAME: RepRapFirmware'));
    expect(await replies(first)).toBe('');
    expect(await replies(second)).toContain('FIRMWARE_NAME: RepRapFirmware');
    expect(await replies(second)).toBe('');

    await request(session, '/board/rr_gcode?gcode=M117%20%22from%20the%20second%22', as(second));
    await request(session, '/board/rr_gcode?gcode=M118%20S%22hello%22', as(second));
    await vi.waitFor(async () => expect(await replies(second)).toContain('hello'));
    expect(await replies(first)).toContain('hello');
    // Every read of the board carried the gateway's own key.
    const reads = clientsBoard.requestsTo('/rr_reply').slice(boardReads);
    expect(reads.length).toBeGreaterThan(0);
    const gatewayKeys = new Set(
      reads.map((sent) => sent.rawHeaders[sent.rawHeaders.indexOf('X-Session-Key') + 1]),
    );
    expect(gatewayKeys.size).toBe(1);
    expect([...gatewayKeys]).not.toContain(first);
  });

  it('ends a client session that stops asking, and no other', async () => {
    const { session, gateway } = await connect(clientsBoard.url, { clientSessionTimeoutMs: 300 });
    const [quiet, busy] = [await loginAsClient(session), await loginAsClient(session)];
    const as = (key: string) => ({ headers: { 'x-session-key': key } });
    const connected = JSON.parse(
      (await request(session, '/board/rr_connect?password=&sessionKey=yes')).body.toString(),
    );
    expect(connected.sessionTimeout).toBe(300); // what clients must keep to is the gateway's time-out
    await vi.waitFor(
      async () => {
        expect((await request(session, '/board/rr_model?key=state.status', as(busy))).status).toBe(200);
        expect(gateway.stats.clientSessions).toBe(1);
      },
      { timeout: 3_000, interval: 50 },
    );
    expect((await request(session, '/board/rr_model?key=state.status', as(quiet))).status).toBe(401);
    expect((await request(session, '/board/rr_model?key=state.status', as(busy))).status).toBe(200);
  });

  it('refuses a login beyond its own session limit as a full board does', async () => {
    const { session } = await connect(clientsBoard.url, { maxClientSessions: 2 });
    await loginAsClient(session);
    await loginAsClient(session);
    const refused = await request(session, '/board/rr_connect?password=&sessionKey=yes');
    expect(JSON.parse(refused.body.toString())).toEqual({ err: 2 });
  });

  it('streams an upload with its Content-Length, never chunked', async () => {
    const { session } = await connect(board.url);
    const body = Buffer.alloc(5 * 1024 * 1024, 7);
    const answer = await request(session, '/board/rr_upload?name=0:/gcodes/big.gcode', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'a=b' },
    });
    expect(JSON.parse(answer.body.toString())).toEqual({ err: 0 });
    const sent = board.requestsTo('/rr_upload').at(-1);
    expect(sent?.bodyBytes).toBe(body.length);
    expect(sent?.rawHeaders.filter((_, i) => i % 2 === 0)).toEqual([
      'Host',
      'Connection',
      'X-Session-Key',
      'Content-Type',
      'Content-Length',
    ]);
    expect(sent?.rawHeaders.at(-1)).toBe(String(body.length));
  });

  it('cuts the upload off at the board when the portal cancels it midway', async () => {
    const { session } = await connect(board.url);
    const stream = openStream(session, '/board/rr_upload?name=0:/gcodes/cut.gcode', {
      method: 'POST',
      headers: { 'content-length': 10 * 1024 * 1024 },
    });
    stream.write(Buffer.alloc(256 * 1024, 1));
    await vi.waitFor(() => expect(board.requestsTo('/rr_upload').at(-1)?.bodyBytes).toBe(256 * 1024));
    stream.close(http2.constants.NGHTTP2_CANCEL);
    await vi.waitFor(() => expect(board.requestsTo('/rr_upload').at(-1)?.cutOff).toBe(true));
  });

  it('refuses an upload without a length and a head longer than a board reads, sending neither', async () => {
    const { session } = await connect(board.url);
    const before = board.requestsTo('/rr_upload').length + board.requestsTo('/rr_download').length;
    const unsized = session.request({
      ':method': 'POST',
      ':path': '/board/rr_upload?name=x',
      [DEADLINE_HEADER]: '5000',
    });
    unsized.end(Buffer.from('G1 X1\n'));
    const refused = await answerOf(unsized);
    expect(refused.status).toBe(411);
    expect(refused.headers[GATEWAY_ANSWER_HEADER]).toBe('bad-request');
    const long = await request(session, `/board/rr_download?name=${'a'.repeat(1_500)}`);
    expect(long.status).toBe(400);
    expect(long.headers[GATEWAY_ANSWER_HEADER]).toBe('bad-request');
    expect(board.requestsTo('/rr_upload').length + board.requestsTo('/rr_download').length).toBe(before);
  });

  it('retries a board 503 briefly, then passes it on', async () => {
    // Every read reaches the board here, none answered from the one before it.
    const { session, gateway } = await connect(board.url, { sharedReadMaxAgeMs: 0 });
    // Only the test's own reads take the 503s: the gateway's reads of its own (its board facts) may come any time.
    board.faults.answer503To = '/rr_model?key=job';
    board.faults.answer503 = 2;
    expect((await request(session, '/board/rr_model?key=job')).status).toBe(200);
    expect(gateway.stats.boardRetries).toBe(2);
    board.faults.answer503 = 10;
    const answer = await request(session, '/board/rr_model?key=job');
    expect(answer.status).toBe(503);
    expect(answer.headers[GATEWAY_ANSWER_HEADER]).toBeUndefined();
    expect(gateway.stats.boardRetries).toBe(5);
    expect(board.faults.answer503).toBe(6); // one try and three retries
    board.faults.answer503 = 0;
    board.faults.answer503To = null;
  });

  it('logs in again once when the board forgot the session, and the request succeeds', async () => {
    const { session, gateway } = await connect(board.url);
    const logins = board.requestsTo('/rr_connect').length;
    board.forgetSessions();
    const answer = await request(session, '/board/rr_model?key=state');
    expect(answer.status).toBe(200);
    expect(board.requestsTo('/rr_connect')).toHaveLength(logins + 1);
    expect(gateway.stats.boardRelogins).toBe(1);
  });

  it('keeps its board session alive with a cheap request while connected', async () => {
    const pings = () =>
      board.requestsTo('/rr_model').filter((sent) => sent.url.includes('state.upTime')).length;
    const before = pings();
    await connect(board.url, { sessionKeepAliveMs: 20 });
    await vi.waitFor(() => expect(pings()).toBeGreaterThanOrEqual(before + 2));
  });
});

describe('when the board fails', () => {
  it('answers 503 board-unreachable when nothing listens at the board address', async () => {
    const { session, logs } = await connect(
      `http://127.0.0.1:${await unusedPort()}`,
      {},
      { waitForLogin: false },
    );
    const answer = await request(session, '/board/rr_model?key=state');
    expect(answer.status).toBe(503);
    expect(answer.headers[GATEWAY_ANSWER_HEADER]).toBe('board-unreachable');
    expect(answer.body.toString()).toMatch(/ECONNREFUSED/);
    expect(logs.entries.filter((entry) => entry.msg === 'board unreachable')).toHaveLength(1);
  });

  it('answers 504 board-timeout when the board stays silent', async () => {
    const { session } = await connect(slowBoard.url, { upstreamTimeoutMs: 100 });
    slowBoard.faults.stall = true;
    const answer = await request(session, '/board/rr_model?key=state');
    expect(answer.status).toBe(504);
    expect(answer.headers[GATEWAY_ANSWER_HEADER]).toBe('board-timeout');
    slowBoard.faults.stall = false;
  });
});

describe('waiting for a board slot', () => {
  const marked = (marker: string) => slowBoard.requests.filter((sent) => sent.url.includes(marker));

  it('answers 504 deadline-passed for a request still queued at its deadline, and never sends it', async () => {
    const { session } = await connect(slowBoard.url, { boardConcurrency: 1 });
    slowBoard.faults.stall = true;
    const first = request(session, '/board/rr_model?key=first-in-line');
    await vi.waitFor(() => expect(slowBoard.faults.stalled).toBe(1));
    const late = await request(session, '/board/rr_gcode?gcode=M32%20late', { waitMs: 30 });
    expect(late.status).toBe(504);
    expect(late.headers[GATEWAY_ANSWER_HEADER]).toBe('deadline-passed');
    slowBoard.faults.stall = false;
    expect((await first).status).toBe(200);
    expect(marked('late')).toHaveLength(0);
  });

  it('answers an upload whose deadline passed in the queue at once, before its body has arrived', async () => {
    const { session } = await connect(slowBoard.url, { boardConcurrency: 1 });
    slowBoard.faults.stall = true;
    const first = request(session, '/board/rr_model?key=before-upload');
    await vi.waitFor(() => expect(slowBoard.faults.stalled).toBe(1));
    const upload = openStream(session, '/board/rr_upload?name=0:/gcodes/late.gcode', {
      method: 'POST',
      waitMs: 30,
      headers: { 'content-length': 64 * 1024 * 1024 },
    });
    upload.write(Buffer.alloc(1024 * 1024));
    const answer = await answerOf(upload);
    expect(answer.status).toBe(504);
    expect(answer.headers[GATEWAY_ANSWER_HEADER]).toBe('deadline-passed');
    slowBoard.faults.stall = false;
    expect((await first).status).toBe(200);
    expect(marked('late.gcode')).toHaveLength(0);
  });

  it('drops a queued request the portal cancelled, and never sends it', async () => {
    const { session, gateway } = await connect(slowBoard.url, { boardConcurrency: 1 });
    slowBoard.faults.stall = true;
    const first = request(session, '/board/rr_model?key=ahead');
    await vi.waitFor(() => expect(slowBoard.faults.stalled).toBe(1));
    const cancelled = openStream(session, '/board/rr_gcode?gcode=M32%20cancelled');
    cancelled.on('error', () => {});
    await vi.waitFor(() => expect(gateway.stats.waitingBoardRequests).toBe(1));
    cancelled.close(http2.constants.NGHTTP2_CANCEL);
    await vi.waitFor(() => expect(gateway.stats.waitingBoardRequests).toBe(0));
    slowBoard.faults.stall = false;
    expect((await first).status).toBe(200);
    expect(marked('cancelled')).toHaveLength(0);
  });

  it('refuses requests beyond the queue bound with 503 gateway-busy', async () => {
    const { session, gateway } = await connect(slowBoard.url, { boardConcurrency: 1, maxWaitingPerBoard: 2 });
    slowBoard.faults.stall = true;
    const first = request(session, '/board/rr_model?key=one');
    await vi.waitFor(() => expect(slowBoard.faults.stalled).toBe(1));
    const queued = [
      request(session, '/board/rr_model?key=two'),
      request(session, '/board/rr_model?key=three'),
    ];
    await vi.waitFor(() => expect(gateway.stats.waitingBoardRequests).toBe(2));
    const refused = await request(session, '/board/rr_model?key=four');
    expect(refused.status).toBe(503);
    expect(refused.headers[GATEWAY_ANSWER_HEADER]).toBe('gateway-busy');
    slowBoard.faults.stall = false;
    for (const answer of await Promise.all([first, ...queued])) expect(answer.status).toBe(200);
    expect(marked('four')).toHaveLength(0);
  });
});
