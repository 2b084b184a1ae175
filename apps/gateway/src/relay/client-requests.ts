import { RR_CONNECT_ERR, RR_ERR } from '@portal/duet/protocol';
import type { BoardKind, ClientLogin } from './board-session-states.ts';
import type { ClientSession, ClientSessions } from './client-sessions.ts';
import type { LocalAnswer } from './local-answers.ts';

/** What the gateway does with a client's request (docs/design.md §5b). */
export type ClientRoute =
  /** Answered by the gateway itself: a login, a logout, or a key it does not know. */
  | { readonly kind: 'answer'; readonly answer: LocalAnswer }
  /** `rr_reply`: the replies this session has not been given yet. */
  | { readonly kind: 'replies'; readonly session: ClientSession }
  /** Relayed to the board in the gateway's session, while the client's session is held. */
  | { readonly kind: 'relay'; readonly session: ClientSession };

export interface ClientRequest {
  method: string;
  /** The route in lower case (`routePath` of the board request). */
  pathname: string;
  /** `rr_connect`'s `sessionKey` parameter (`yes` asks for a key), as the board reads it. */
  sessionKeyParam: string | undefined;
  /** The client's `X-Session-Key` (or, for DSF's WebSocket, its `sessionKey` parameter). */
  key: string | undefined;
}

export interface BoardFacts {
  /** What the board is, once the gateway's login has found out. */
  kind: BoardKind | null;
  /** What a login met; called for logins only. */
  login: (pathname: string) => ClientLogin | null;
}

/** A board's answer to a request whose session it does not know; Duet clients log in again and retry once. */
const NOT_AUTHORIZED: LocalAnswer = { status: 401, text: 'Not authorized' };

/**
 * The gateway's answer to a client's request, or the client session it is relayed in. Logins open a session of
 * the gateway's (never a board's: the gateway keeps one there for all), logouts end the client's own, and a key
 * the gateway does not know (or one timed out) is refused as a board refuses it, so the client logs in again.
 */
export function routeClientRequest(
  sessions: ClientSessions,
  request: ClientRequest,
  board: BoardFacts,
): ClientRoute {
  const { method, pathname, sessionKeyParam, key } = request;
  if (method === 'GET') {
    const login = board.login(pathname);
    if (login) return { kind: 'answer', answer: clientLogin(sessions, login, sessionKeyParam) };
    if (pathname === '/rr_disconnect') {
      const closed = sessions.close(key);
      if (board.kind === 'dsf') return { kind: 'answer', answer: { status: 204 } };
      return { kind: 'answer', answer: { status: 200, json: { err: closed ? RR_ERR.done : RR_ERR.failed } } };
    }
    if (pathname === '/machine/disconnect' && board.kind === 'dsf') {
      sessions.close(key);
      return { kind: 'answer', answer: { status: 204 } };
    }
  }
  const session = sessions.find(key);
  if (!session) return { kind: 'answer', answer: NOT_AUTHORIZED };
  if (method === 'GET' && pathname === '/rr_reply') return { kind: 'replies', session };
  return { kind: 'relay', session };
}

function clientLogin(
  sessions: ClientSessions,
  login: ClientLogin,
  sessionKeyParam: string | undefined,
): LocalAnswer {
  switch (login.outcome) {
    case 'answer':
      return login.answer;
    case 'dsf': {
      const session = sessions.open('dsf');
      return session
        ? { status: 200, json: { sessionKey: session.key } }
        : { status: 503, answer: 'gateway-busy', text: 'Too many clients are logged in to this board.' };
    }
    case 'rrf': {
      // The time-out clients must keep to is the gateway's.
      const answer =
        'sessionTimeout' in login.connectAnswer
          ? { ...login.connectAnswer, sessionTimeout: sessions.timeoutMs }
          : login.connectAnswer;
      // As on a board, a client that asks for no key shares the session of the keyless ones.
      if (sessionKeyParam?.toLowerCase() !== 'yes') {
        sessions.find(undefined);
        return { status: 200, json: answer };
      }
      const session = sessions.open('rrf');
      if (!session) return { status: 200, json: { err: RR_CONNECT_ERR.noFreeSession } };
      return { status: 200, json: { ...answer, sessionKey: Number(session.key) } };
    }
  }
}
