import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type http2 from 'node:http2';
import { fileURLToPath } from 'node:url';
import { type RunningWebcam, startWebcam } from '@portal/board-sim';
import { DEADLINE_HEADER, REPORTS_PATH } from '@portal/tunnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, FakePortal, openStream, request } from './test/fake-portal.ts';
import { RecordedBoard } from './test/recorded-board.ts';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const CONTROLLER = 9;
const KEY = 'gateway-key-V8b2kQx7';
const PASSWORD = 'machine-password-Zt4q';
/** What a client behind the portal sends in its own login: the gateway answers it and must not log it either. */
const CLIENT_PASSWORD = 'client-password-Hy6w';
const VIDEO_TOKEN = 'video-token-Lm3p';

let portal: FakePortal;
let board: RecordedBoard;
let webcam: RunningWebcam;

beforeAll(async () => {
  portal = await new FakePortal(new Map([[CONTROLLER, KEY]])).listen();
  [board, webcam] = await Promise.all([
    RecordedBoard.start({ firmware: '3.6', mode: 'sbc', password: PASSWORD }),
    startWebcam(),
  ]);
});

afterAll(async () => {
  await Promise.all([portal.close(), board.close(), webcam.close()]);
});

/** The object-model WebSocket a browser opens through the portal, opened and closed again. */
async function openAndCloseBoardSocket(session: http2.ClientHttp2Session, clientKey: string): Promise<void> {
  const stream = session.request({
    ':method': 'CONNECT',
    ':protocol': 'websocket',
    ':path': `/board/machine?sessionKey=${clientKey}`,
    [DEADLINE_HEADER]: '5000',
  });
  stream.on('error', () => undefined);
  const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
  expect(headers[':status']).toBe(200);
  stream.close();
}

/** Every secret the board was sent as a session key (the gateway's own): in `X-Session-Key` and in the WebSocket's query. */
function sessionKeysSent(): string[] {
  const keys = new Set<string>();
  for (const { rawHeaders, url } of board.requests) {
    for (let i = 0; i < rawHeaders.length; i += 2) {
      if (rawHeaders[i]?.toLowerCase() === 'x-session-key') keys.add(rawHeaders[i + 1] as string);
    }
    const inQuery = new URL(url, 'http://board').searchParams.get('sessionKey');
    if (inQuery) keys.add(inQuery);
  }
  return [...keys];
}

describe("the gateway's log", () => {
  it('is one JSON line per event, and never holds the key, the machine password, a session key or a token', async () => {
    const connected = portal.nextSession(CONTROLLER);
    const child = spawn(process.execPath, [cli], {
      env: {
        ...process.env,
        PORTAL_GATEWAY_SERVER: portal.url,
        PORTAL_GATEWAY_CONTROLLER: String(CONTROLLER),
        PORTAL_GATEWAY_KEY: KEY,
        PORTAL_GATEWAY_BOARD: board.url,
        PORTAL_GATEWAY_WEBCAM: webcam.url,
        PORTAL_GATEWAY_BOARD_PASSWORD: PASSWORD,
        PORTAL_GATEWAY_LOG_LEVEL: 'trace',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = once(child, 'exit');
    let clientKey = '';
    try {
      const session = await connected;
      // A full run: the reports, a client's own login, board requests with the session, the object-model socket,
      // a missing file, the webcam with the portal's token, and a stop.
      const reports = openStream(session, REPORTS_PATH);
      await once(reports, 'response');
      const login = await request(session, `/board/machine/connect?password=${CLIENT_PASSWORD}`);
      expect(login.status).toBe(200);
      clientKey = (JSON.parse(login.body.toString()) as { sessionKey: string }).sessionKey;
      const withKey = { headers: { 'x-session-key': clientKey } };
      expect((await request(session, '/board/machine/status', withKey)).status).toBe(200);
      await openAndCloseBoardSocket(session, clientKey);
      expect((await request(session, '/board/machine/file/0%3A%2Fgcodes%2Fmissing.gcode')).status).toBe(404);
      const snapshot = await answerOf(openStream(session, `/webcam/?action=snapshot&token=${VIDEO_TOKEN}`));
      expect(snapshot.status).toBe(200);
      await expect.poll(() => output).toContain('board session opened');
      reports.close();
    } finally {
      child.kill('SIGTERM');
      await exited;
    }

    const lines = output.trimEnd().split('\n');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        'portal gateway starting',
        'connected to the portal',
        'portal gateway stopping',
      ]),
    );
    const sessionKeys = sessionKeysSent();
    expect(sessionKeys.length).toBeGreaterThan(0);
    expect(clientKey).not.toBe('');
    for (const secret of [KEY, PASSWORD, CLIENT_PASSWORD, VIDEO_TOKEN, clientKey, ...sessionKeys]) {
      expect(output).not.toContain(secret);
    }
  });
});
