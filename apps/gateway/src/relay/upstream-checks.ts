import http from 'node:http';
import { pino } from 'pino';
import type { CheckResult } from '../check-result.ts';
import { BoardFacts, type BoardFirmware } from './board-facts.ts';
import { BoardSession } from './board-session.ts';
import { UpstreamTimeoutError } from './errors.ts';
import { sendUpstream, upstreamOf } from './upstream.ts';

/** The board's firmware as the portal shows it: 'RepRapFirmware 3.5.2', with '/ DSF 3.5.2' on a single-board computer. */
const firmwareText = (firmware: BoardFirmware) =>
  `${firmware.name} ${firmware.version}${firmware.dsfVersion === null ? '' : ` / DSF ${firmware.dsfVersion}`}`;

const unreachable = (error: Error) =>
  error instanceof UpstreamTimeoutError
    ? `did not answer (${error.message})`
    : `cannot be reached (${error.message})`;

/**
 * Logs in to the board as the gateway does (the same session code), reads its firmware and logs out: reachable,
 * password accepted, firmware known, or what stands in the way and how to fix it.
 */
export async function checkBoard(board: string, password: string, timeoutMs: number): Promise<CheckResult> {
  const agent = new http.Agent({ keepAlive: false });
  const facts = new BoardFacts();
  const session = new BoardSession({
    board: upstreamOf(board),
    password,
    agent,
    timeoutMs,
    keepAliveMs: timeoutMs,
    facts,
    logger: pino({ level: 'silent' }),
  });
  try {
    try {
      await session.ensure();
    } catch (error) {
      return {
        outcome: 'fail',
        summary: unreachable(error as Error),
        fix: 'check that the board is on and on this network, and that --board is the address Duet Web Control opens at',
      };
    }
    switch (session.refusal) {
      case 'password':
        return {
          outcome: 'fail',
          summary: 'refused the machine password',
          fix: "set --board-password (PORTAL_GATEWAY_BOARD_PASSWORD) to the board's password (M551 in config.g)",
        };
      case 'noFreeSession':
        return {
          outcome: 'fail',
          summary: 'has no free session (a board holds 8)',
          fix: 'close Duet Web Control and slicer connections to the board, or wait 10 s, and check again',
        };
      case 'failed':
        return {
          outcome: 'fail',
          summary: 'answered the login as no Duet board does',
          fix: "check that --board is the Duet board's address, not another device's",
        };
    }
    const firmware = await session.readFirmware();
    if (!firmware) {
      return {
        outcome: 'fail',
        summary: 'accepted the password but did not tell its firmware',
        fix: 'update the board to RepRapFirmware 3.4 or later (or DSF 3.4 or later)',
      };
    }
    return {
      outcome: 'pass',
      summary: `reachable, password accepted, ${firmwareText(firmware)}, answers in ${facts.latencyMs} ms`,
    };
  } finally {
    await session.logOut();
    agent.destroy();
  }
}

const PICTURE = /^(image\/jpeg|multipart\/x-mixed-replace)\b/i;

/** Asks the webcam for one snapshot, as the portal's viewers get pictures (docs/duet-http.md §5). */
export async function checkWebcam(webcam: string, timeoutMs: number): Promise<CheckResult> {
  const upstream = upstreamOf(webcam);
  const fix =
    "set --webcam to mjpg-streamer's address and port, without a path (its /?action=stream shows the picture)";
  try {
    const response = await sendUpstream(upstream, false, {
      method: 'GET',
      target: '/?action=snapshot',
      headers: [
        ['Host', upstream.host],
        ['Connection', 'close'],
      ],
      timeoutMs,
    });
    response.destroy();
    const type = response.headers['content-type'] ?? '';
    if (response.statusCode === 200 && PICTURE.test(type)) {
      return { outcome: 'pass', summary: `answers a picture (${type.split(';', 1)[0]})` };
    }
    return {
      outcome: 'fail',
      summary: `answered ${response.statusCode} ${type || 'without a content type'}, not a JPEG picture`,
      fix,
    };
  } catch (error) {
    return {
      outcome: 'fail',
      summary: unreachable(error as Error),
      fix: `check that mjpg-streamer runs on that computer; ${fix}`,
    };
  }
}
