import { boardProxyPath } from '@portal/contract';
import { RR_CONNECT_ERR, rrConnectAnswerSchema, SESSION_KEY_HEADER } from '@portal/duet/protocol';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPostText, apiRequest, type RequestOptions } from '../../../lib/proxy-request';
import { boardErrorOf, printCommand } from '../lib/print-rules';
import {
  BoardRefusedError,
  BoardReplyError,
  type BoardTarget,
  boardCallUrl,
  sendBoardCommand,
} from './board-target';

/** rr_reply is plain text, possibly empty (no reply yet); the API client reads a text that parses as JSON as JSON. */
const replyText = (answer: unknown): string =>
  typeof answer === 'string' ? answer : answer == null ? '' : JSON.stringify(answer);

/** How often, and how long, the board's reply to M32 is waited for: it runs the code within a moment. */
const REPLY_POLL_MS = 200;
const REPLY_WAIT_MS = 3000;

/**
 * How this machine gives the reply to one code: DSF answers a code posted to `machine/code` with its reply; a
 * standalone board keeps replies per session, so the file browser logs in for a session of its own
 * (`rr_connect?sessionKey=yes`, answered by the gateway) and reads its replies there, never another client's; a
 * board that hands out no key (RRF before 3.5 behind an old gateway) gives no reply to read.
 */
type ReplyRoute = { kind: 'dsf' } | { kind: 'session'; session: RequestOptions } | { kind: 'none' };

async function replyRoute(target: BoardTarget): Promise<ReplyRoute> {
  const answer = await apiRequest(
    boardCallUrl(target, 'rr_connect', { sessionKey: 'yes' }),
    rrConnectAnswerSchema,
  );
  // DSF answering `rr_` calls for an SBC board (docs/duet-http.md §2.3).
  if (answer.isEmulated) return { kind: 'dsf' };
  const err = answer.err ?? RR_CONNECT_ERR.accepted;
  if (err !== RR_CONNECT_ERR.accepted) throw new BoardRefusedError(err);
  return answer.sessionKey
    ? { kind: 'session', session: { headers: { [SESSION_KEY_HEADER]: String(answer.sessionKey) } } }
    : { kind: 'none' };
}

/** The board's first reply in the session, or '' when none came in time (the code was taken all the same). */
async function firstReply(target: BoardTarget, session: RequestOptions): Promise<string> {
  const deadline = Date.now() + REPLY_WAIT_MS;
  for (;;) {
    const reply = replyText(await apiRequest(boardCallUrl(target, 'rr_reply', {}), z.unknown(), session));
    if (reply.trim() !== '' || Date.now() >= deadline) return reply;
    await new Promise((resolve) => setTimeout(resolve, REPLY_POLL_MS));
  }
}

/** Runs `code` and answers the board's reply to it ('' when there is none to read). */
async function runCode(target: BoardTarget, code: string): Promise<string> {
  const route = await replyRoute(target);
  if (route.kind === 'dsf') {
    const { firmware, path, controllerId } = target;
    return apiPostText(boardProxyPath(firmware, path, controllerId, 'machine/code'), code);
  }
  const session = route.kind === 'session' ? route.session : {};
  try {
    await sendBoardCommand(target, 'rr_gcode', { gcode: code }, session);
    return route.kind === 'session' ? await firstReply(target, session) : '';
  } finally {
    if (route.kind === 'session') {
      // The session would time out by itself; ending it frees its place at once. Its answer changes nothing.
      apiRequest(boardCallUrl(target, 'rr_disconnect', {}), null, session).catch(() => undefined);
    }
  }
}

/**
 * Starts printing a file with `M32 "<path>"` (docs/duet-http.md §4.1, §4.2): a board's refusal (`{"err":N}`, no
 * room in its buffer) fails, and so does an `Error:` line in its reply (the file gone, a job already running),
 * with the board's own words.
 */
export async function startPrint(target: BoardTarget, path: string): Promise<void> {
  const error = boardErrorOf(await runCode(target, printCommand(path)));
  if (error) throw new BoardReplyError(error);
}

export function useStartPrint(target: BoardTarget) {
  return useMutation({
    mutationFn: (path: string) => startPrint(target, path),
    meta: { silent: true },
  });
}
