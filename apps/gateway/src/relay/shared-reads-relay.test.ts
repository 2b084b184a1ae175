import { GATEWAY_ANSWER_HEADER } from '@portal/tunnel';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakePortal, request } from '../test/fake-portal.ts';
import { RecordedBoard } from '../test/recorded-board.ts';
import { loginAsClient, TEST_BOARD_PASSWORD, TestGateways, testGatewayKeys } from '../test/test-gateways.ts';

const PANEL_POLL = '/rr_model?flags=d99fn';

let portal: FakePortal;
let board: RecordedBoard;
const gateways = new TestGateways(() => portal);

beforeAll(async () => {
  portal = await new FakePortal(testGatewayKeys(5)).listen();
  board = await RecordedBoard.start({ password: TEST_BOARD_PASSWORD });
});

afterAll(async () => {
  await gateways.closeAll();
  await Promise.all([portal.close(), board.close()]);
});

/** The board's reads of exactly `target` so far. */
const readsOf = (target: string) => board.requests.filter((sent) => sent.url === target).length;

describe('object-model reads shared among clients', () => {
  // A window far longer than the test, so what is shared is decided by the requests alone, never by the clock.
  const tuning = { sharedReadMaxAgeMs: 60_000 };

  it("answers two panels' same poll from one reading of the board, each in its own session", async () => {
    const { session } = await gateways.connect(board.url, tuning);
    const [first, second] = [await loginAsClient(session), await loginAsClient(session)];
    const before = readsOf(PANEL_POLL);
    const answers = await Promise.all(
      [first, second, first].map((key) =>
        request(session, `/board${PANEL_POLL}`, { headers: { 'x-session-key': key } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.toString())).size).toBe(1);
    const [answer] = answers;
    expect(JSON.parse(String(answer?.body))).toMatchObject({ key: '', result: expect.any(Object) });
    expect(answer?.headers['content-type']).toBe('application/json');
    expect(readsOf(PANEL_POLL)).toBe(before + 1);
    // Another query is its own reading.
    await request(session, '/board/rr_model?key=job', { headers: { 'x-session-key': first } });
    expect(readsOf('/rr_model?key=job')).toBeGreaterThan(0);
  });

  it('reads the board again after any client sent a change, never answering with the state before it', async () => {
    const { session } = await gateways.connect(board.url, tuning);
    const [panel, other] = [await loginAsClient(session), await loginAsClient(session)];
    const poll = (key: string) =>
      request(session, `/board${PANEL_POLL}`, { headers: { 'x-session-key': key } });
    await poll(panel);
    const before = readsOf(PANEL_POLL);
    await poll(panel);
    expect(readsOf(PANEL_POLL)).toBe(before);
    const sent = await request(session, '/board/rr_gcode?gcode=M104%20S215', {
      headers: { 'x-session-key': other },
    });
    expect(sent.status).toBe(200);
    const after = await poll(panel);
    expect(readsOf(PANEL_POLL)).toBe(before + 1);
    const heaters = JSON.parse(after.body.toString()).result.heat.heaters as Array<{ active: number }>;
    expect(heaters.map((heater) => heater.active)).toContain(215);
  });

  it("still checks each client's own session: an unknown key is refused as a board refuses it", async () => {
    const { session } = await gateways.connect(board.url, tuning);
    const known = await loginAsClient(session);
    expect(
      (await request(session, `/board${PANEL_POLL}`, { headers: { 'x-session-key': known } })).status,
    ).toBe(200);
    const stranger = await request(session, `/board${PANEL_POLL}`, { headers: { 'x-session-key': '12345' } });
    expect(stranger.status).toBe(401);
    expect(stranger.headers[GATEWAY_ANSWER_HEADER]).toBeUndefined();
  });

  it('lets each client wait for a shared reading until its own deadline only', async () => {
    const { session } = await gateways.connect(board.url, tuning);
    const key = await loginAsClient(session);
    const poll = (waitMs: number) =>
      request(session, '/board/rr_model?key=move', { headers: { 'x-session-key': key }, waitMs });
    board.faults.stall = true;
    try {
      const patient = poll(30_000);
      await vi.waitFor(() => expect(board.faults.stalled).toBe(1));
      const hurried = await poll(50);
      expect(hurried.status).toBe(504);
      expect(hurried.headers[GATEWAY_ANSWER_HEADER]).toBe('deadline-passed');
      board.faults.stall = false;
      expect((await patient).status).toBe(200);
    } finally {
      board.faults.stall = false;
    }
  });

  it('keeps no failed reading: the next client reads the board again', async () => {
    const { session } = await gateways.connect(board.url, { ...tuning, retryDelaysMs: [] });
    const key = await loginAsClient(session);
    board.faults.answer503To = '/rr_model?key=state';
    board.faults.answer503 = 1;
    try {
      const poll = () => request(session, '/board/rr_model?key=state', { headers: { 'x-session-key': key } });
      expect((await poll()).status).toBe(503);
      expect((await poll()).status).toBe(200);
    } finally {
      board.faults.answer503 = 0;
      board.faults.answer503To = null;
    }
  });
});
