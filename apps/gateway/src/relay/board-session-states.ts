import {
  BOARD_LIMITS,
  dsfConnectAnswerSchema,
  RR_CONNECT_ERR,
  readBoardAnswer,
  rrConnectAnswerSchema,
} from '@portal/duet/protocol';
import type { LocalAnswer } from './local-answers.ts';

/** Standalone RepRapFirmware (`rr_*`) or Duet Software Framework on a single-board computer (`/machine/*`). */
export type BoardKind = 'rrf' | 'dsf';

/** Boards drop a session after 8 s of silence; past this age (6.5 s) the gateway logs in again before sending. */
export const FRESH_FOR_MS = BOARD_LIMITS.sessionTimeoutMs - 1_500;
/** After the board refused the password, try again this much later. */
export const RETRY_REFUSED_MS = 10_000;
/** After any other failed login (no free session, a 503, an answer that is not JSON), try again this much later. */
export const RETRY_FAILED_MS = 1_000;

/**
 * Where the gateway's session on its board stands (docs/design.md §5b, "The gateway's board session, phase by
 * phase"). A login in flight is no phase of its own: requests that need one wait for the same login, and its
 * outcome is an event.
 */
export type SessionPhase =
  /** No session: the next request logs in first. */
  | { readonly name: 'closed' }
  /** The board did not accept the last login: requests go without a session until `retryAt`. */
  | {
      readonly name: 'held';
      readonly retryAt: number;
      /** Why the board did not accept the login (what `portal-gateway --check` tells). */
      readonly refusal: LoginRefusal;
      /** What clients' own `rr_connect` or `machine/connect` get meanwhile. */
      readonly connectAnswer: LocalAnswer;
    }
  /** Logged in; `key` (RRF 3.5+ with `sessionKey=yes`, every DSF) goes with each request. */
  | { readonly name: 'open'; readonly key: string | null; readonly lastContactAt: number };

/** Why a login was not accepted: a wrong machine password, every session of the board taken, anything else. */
export type LoginRefusal = 'password' | 'noFreeSession' | 'failed';

export interface BoardSessionState {
  readonly phase: SessionPhase;
  /** What the logins found the board to be; kept across sessions, null until known. */
  readonly kind: BoardKind | null;
  /** The board's own connect answer, its session key zeroed: what clients' `rr_connect` is answered from. */
  readonly rrConnectAnswer: LocalAnswer | null;
  /** Counts the sessions opened; a 401 ends the session only if it was met with the current one. */
  readonly generation: number;
  /** False from a failed contact until the board answers again, so each change is logged once. */
  readonly reachable: boolean;
}

export const INITIAL_SESSION_STATE: BoardSessionState = {
  phase: { name: 'closed' },
  kind: null,
  rrConnectAnswer: null,
  generation: 0,
  reachable: true,
};

/** What happens to the session: the board's answers to a login, and what requests meet. */
export type BoardSessionEvent =
  /** `rr_connect` answered 404, or as DSF 3.5+'s emulation (`connectAnswer`): log in through `machine/connect`. */
  | { readonly type: 'dsfFound'; readonly connectAnswer: LocalAnswer }
  | {
      readonly type: 'loginAccepted';
      readonly kind: BoardKind;
      readonly key: string | null;
      readonly sentAt: number;
      /** RRF's own connect answer, key zeroed; DSF's stays what `dsfFound` brought. */
      readonly rrConnectAnswer?: LocalAnswer;
      /** Logged with the opening (board type, API level). */
      readonly details?: Record<string, unknown>;
    }
  /** `connectAnswer` is the board's refusal as clients' own login gets it. */
  | {
      readonly type: 'passwordRefused';
      readonly kind: BoardKind;
      readonly at: number;
      readonly connectAnswer: LocalAnswer;
    }
  /** RRF's `err: 2` (or any other than 0 and 1): every one of its sessions is taken. */
  | { readonly type: 'noFreeSession'; readonly at: number; readonly err: unknown }
  /** Any other answer to a login; `kindUnknown` when neither login exists, so the next one probes again. */
  | {
      readonly type: 'loginFailed';
      readonly at: number;
      readonly reason: string;
      readonly kindUnknown?: boolean;
    }
  /** The board accepted a request sent at `sentAt` with the current session, which keeps it alive. */
  | { readonly type: 'requestAccepted'; readonly sentAt: number }
  /** The board answered 401/403 to a request sent with session `generation`. */
  | { readonly type: 'sessionRejected'; readonly generation: number }
  /** The board could not be reached: whatever session it held may be gone (a reboot). */
  | { readonly type: 'boardUnreachable'; readonly reason: string }
  | { readonly type: 'loggedOut' };

export interface SessionLogLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly msg: string;
  readonly fields?: Record<string, unknown>;
}

/** The state after an event, and what the session should log about it; the caller does the logging. */
export interface SessionTransition {
  readonly state: BoardSessionState;
  readonly log: readonly SessionLogLine[];
}

const PASSWORD_REFUSED = 'board refused the machine password: check --board-password';
const FAILED_LOGIN_ANSWER: LocalAnswer = {
  status: 503,
  answer: 'board-unreachable',
  text: 'The board did not accept a login.',
};

/** The one place the session changes: every phase's answer to every event. */
export function transition(state: BoardSessionState, event: BoardSessionEvent): SessionTransition {
  switch (event.type) {
    case 'dsfFound':
      return answered(state, { kind: 'dsf', rrConnectAnswer: event.connectAnswer });
    case 'loginAccepted': {
      const next = answered(state, {
        kind: event.kind,
        rrConnectAnswer: event.rrConnectAnswer ?? state.rrConnectAnswer,
        generation: state.generation + 1,
        phase: { name: 'open', key: event.key, lastContactAt: event.sentAt },
      });
      return logged(next, {
        level: 'info',
        msg: 'board session opened',
        fields: { kind: event.kind, keyed: event.key !== null, ...event.details },
      });
    }
    case 'passwordRefused':
      return logged(
        answered(state, {
          kind: event.kind,
          phase: held(state, event.at + RETRY_REFUSED_MS, 'password', event.connectAnswer),
        }),
        event.kind === 'rrf'
          ? { level: 'error', msg: PASSWORD_REFUSED, fields: { err: RR_CONNECT_ERR.wrongPassword } }
          : { level: 'error', msg: PASSWORD_REFUSED },
      );
    case 'noFreeSession':
      return logged(
        answered(state, {
          kind: 'rrf',
          phase: held(state, event.at + RETRY_FAILED_MS, 'noFreeSession', {
            status: 200,
            json: { err: event.err },
          }),
        }),
        {
          level: 'error',
          msg: `board has no free session (it holds at most ${BOARD_LIMITS.maxSessions}): retrying`,
          fields: { err: event.err },
        },
      );
    case 'loginFailed':
      return logged(
        answered(state, {
          kind: event.kindUnknown ? null : state.kind,
          phase: held(state, event.at + RETRY_FAILED_MS, 'failed', FAILED_LOGIN_ANSWER),
        }),
        { level: 'warn', msg: 'board login failed', fields: { reason: event.reason } },
      );
    case 'requestAccepted': {
      const { phase } = state;
      return answered(state, {
        phase:
          phase.name === 'open'
            ? { ...phase, lastContactAt: Math.max(phase.lastContactAt, event.sentAt) }
            : phase,
      });
    }
    case 'sessionRejected':
      if (state.phase.name !== 'open' || event.generation !== state.generation) return unchanged(state);
      return logged(unchanged({ ...state, phase: { name: 'closed' } }), {
        level: 'info',
        msg: 'board session expired: logging in again',
      });
    case 'boardUnreachable': {
      const next: BoardSessionState = {
        ...state,
        phase: state.phase.name === 'open' ? { name: 'closed' } : state.phase,
        reachable: false,
      };
      if (!state.reachable) return unchanged(next);
      return logged(unchanged(next), {
        level: 'warn',
        msg: 'board unreachable',
        fields: { reason: event.reason },
      });
    }
    case 'loggedOut':
      return unchanged(state.phase.name === 'open' ? { ...state, phase: { name: 'closed' } } : state);
  }
}

/**
 * A login the board did not accept holds a closed session until `retryAt`. An open session stays as it was: its
 * key may still be good, and being stale it tries again on the next request.
 */
function held(
  state: BoardSessionState,
  retryAt: number,
  refusal: LoginRefusal,
  connectAnswer: LocalAnswer,
): SessionPhase {
  return state.phase.name === 'open' ? state.phase : { name: 'held', retryAt, refusal, connectAnswer };
}

/** The board answered: apply `changes` and note that it is reachable again. */
function answered(state: BoardSessionState, changes: Partial<BoardSessionState>): SessionTransition {
  const next = { ...state, ...changes, reachable: true };
  return state.reachable
    ? unchanged(next)
    : logged(unchanged(next), { level: 'info', msg: 'board reachable again' });
}

function unchanged(state: BoardSessionState): SessionTransition {
  return { state, log: [] };
}

function logged({ state, log }: SessionTransition, line: SessionLogLine): SessionTransition {
  return { state, log: [...log, line] };
}

/** Whether a request must log in before it is sent: the session is closed, stale, or its hold is over. */
export function loginDue(state: BoardSessionState, now: number): boolean {
  const { phase } = state;
  switch (phase.name) {
    case 'closed':
      return true;
    case 'held':
      return now >= phase.retryAt;
    case 'open':
      return now - phase.lastContactAt >= FRESH_FOR_MS;
  }
}

/** Whether the open session has been quiet long enough to need a keep-alive request. */
export function keepAliveDue(state: BoardSessionState, now: number, keepAliveMs: number): boolean {
  return state.phase.name === 'open' && now - state.phase.lastContactAt >= keepAliveMs / 2;
}

/** The `X-Session-Key` to send: the open session's, when the board gave one. */
export function sessionKeyOf(state: BoardSessionState): string | null {
  return state.phase.name === 'open' ? state.phase.key : null;
}

/**
 * What a client's own login (`rr_connect`, DSF's `machine/connect`) meets, given the gateway's session on the
 * board (docs/design.md §5b): a session of the gateway's to open for the client, or an answer given as it is.
 */
export type ClientLogin =
  /** The board refused the gateway's login, could not be logged in to, or answers `rr_connect` as DSF does. */
  | { readonly outcome: 'answer'; readonly answer: LocalAnswer }
  /** Standalone RRF: the board's own connect answer (its key zeroed), to which the client's key is added. */
  | { readonly outcome: 'rrf'; readonly connectAnswer: Readonly<Record<string, unknown>> }
  /** DSF: the client gets a key of its own. */
  | { readonly outcome: 'dsf' };

/** The login a client's `GET pathname` asks for, or null when it is no login (or one this board has not). */
export function clientLoginOf(state: BoardSessionState, pathname: string): ClientLogin | null {
  const { phase } = state;
  switch (pathname) {
    case '/rr_connect': {
      if (phase.name === 'held') return { outcome: 'answer', answer: phase.connectAnswer };
      const answer = state.rrConnectAnswer;
      if (!answer)
        return {
          outcome: 'answer',
          answer: {
            status: 503,
            answer: 'board-unreachable',
            text: 'The gateway could not log in to the board.',
          },
        };
      return state.kind === 'rrf' && isRecord(answer.json)
        ? { outcome: 'rrf', connectAnswer: answer.json }
        : { outcome: 'answer', answer };
    }
    case '/machine/connect':
      if (state.kind !== 'dsf') return null;
      if (phase.name === 'open') return { outcome: 'dsf' };
      return {
        outcome: 'answer',
        answer: phase.name === 'held' ? phase.connectAnswer : { status: 403, text: '' },
      };
    default:
      return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What the board's answer to `rr_connect` means for the session: standalone RRF answers err 0/1/2, DSF 404
 * before 3.5 and an emulated answer from 3.5 on. The answer is read with packages/duet's `rrConnectAnswerSchema`.
 */
export function rrConnectEvent(
  status: number | undefined,
  body: Uint8Array,
  sentAt: number,
  at: number,
): BoardSessionEvent {
  if (status === 404) return { type: 'dsfFound', connectAnswer: { status: 404, text: 'Not Found' } };
  const answer = status === 200 ? readBoardAnswer(rrConnectAnswerSchema, body) : undefined;
  if (!answer) return { type: 'loginFailed', at, reason: `rr_connect answered ${status} without JSON` };
  // DSF 3.5+ emulating rr_*: its own API and object-model socket need a /machine/connect key.
  if (answer.isEmulated === true) return { type: 'dsfFound', connectAnswer: { status: 200, json: answer } };
  if (answer.err === RR_CONNECT_ERR.wrongPassword) {
    return {
      type: 'passwordRefused',
      kind: 'rrf',
      at,
      connectAnswer: { status: 200, json: { err: RR_CONNECT_ERR.wrongPassword } },
    };
  }
  if (answer.err !== RR_CONNECT_ERR.accepted) return { type: 'noFreeSession', at, err: answer.err };
  return {
    type: 'loginAccepted',
    kind: 'rrf',
    key: answer.sessionKey !== undefined && answer.sessionKey !== 0 ? String(answer.sessionKey) : null,
    sentAt,
    rrConnectAnswer: { status: 200, json: 'sessionKey' in answer ? { ...answer, sessionKey: 0 } : answer },
    details: { boardType: answer.boardType, apiLevel: answer.apiLevel },
  };
}

/** What DSF's answer to `machine/connect` means for the session (packages/duet's `dsfConnectAnswerSchema`). */
export function machineConnectEvent(
  status: number | undefined,
  body: Uint8Array,
  sentAt: number,
  at: number,
): BoardSessionEvent {
  const answer = status === 200 ? readBoardAnswer(dsfConnectAnswerSchema, body) : undefined;
  if (answer) return { type: 'loginAccepted', kind: 'dsf', key: answer.sessionKey, sentAt };
  if (status === 403)
    return { type: 'passwordRefused', kind: 'dsf', at, connectAnswer: { status: 403, text: '' } };
  // Neither rr_connect nor machine/connect: the next login probes again.
  return {
    type: 'loginFailed',
    at,
    reason: `machine/connect answered ${status}`,
    kindUnknown: status === 404,
  };
}
