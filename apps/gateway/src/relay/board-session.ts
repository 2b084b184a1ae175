import type http from 'node:http';
import { encodeBoardQuery, formatBoardDate, type RrConnectParams } from '@portal/duet/protocol';
import type { Logger } from 'pino';
import { type BoardFacts, type BoardFirmware, firmwareOf } from './board-facts.ts';
import { buildBoardRequest } from './board-request.ts';
import {
  type BoardKind,
  type BoardSessionEvent,
  type BoardSessionState,
  type ClientLogin,
  clientLoginOf,
  INITIAL_SESSION_STATE,
  keepAliveDue,
  type LoginRefusal,
  loginDue,
  machineConnectEvent,
  rrConnectEvent,
  sessionKeyOf,
  transition,
} from './board-session-states.ts';
import type { BoardSlots } from './board-slots.ts';
import { UpstreamUnreachableError } from './errors.ts';
import { readSmallBody, sendUpstream, type Upstream } from './upstream.ts';

export interface BoardSessionOptions {
  board: Upstream;
  password: string;
  agent: http.Agent;
  timeoutMs: number;
  keepAliveMs: number;
  /** Told the firmware and the round trip of every request the session makes. */
  facts: BoardFacts;
  logger: Logger;
}

/** RRF's main board in its object model: its firmware's name and version (docs/duet-http.md §3.6). */
const RR_BOARD_PATH = `/rr_model?${encodeBoardQuery({ key: 'boards[0]' })}`;
/** DSF gives its model only whole (docs/duet-http.md §2.1); a real one is tens of KiB. */
const DSF_MODEL_PATH = '/machine/status';
const DSF_MODEL_MAX_BYTES = 1024 * 1024;

/**
 * The gateway's own session on its board: it logs in with the machine password from its configuration, keeps the
 * session alive, and logs in again when the board forgets it. Every request of every client goes to the board in
 * this session; the clients' own sessions are the gateway's (`client-sessions.ts`, docs/design.md §5b), so they
 * never learn the password and can never log the gateway out.
 *
 * Its phases and what moves them are `board-session-states.ts`; this class talks to the board, feeds it the
 * events, and logs what the transitions say.
 *
 * Every board request it makes runs inside a board slot its caller holds: a request that meets a 401 logs in
 * within its own slot, so logins never wait behind the requests that need them.
 */
export class BoardSession {
  readonly #options: BoardSessionOptions;
  readonly #log: Logger;
  #state: BoardSessionState = INITIAL_SESSION_STATE;
  /** The login in flight, which every request that needs one waits for. */
  #login: Promise<void> | null = null;
  #keepAliveTimer: NodeJS.Timeout | null = null;
  #keepAliveRunning = false;
  /** The session generation whose firmware has been read (or tried): once per session, never more. */
  #firmwareReadIn = 0;

  constructor(options: BoardSessionOptions) {
    this.#options = options;
    this.#log = options.logger;
  }

  get kind(): BoardKind | null {
    return this.#state.kind;
  }

  /** The `X-Session-Key` to send, when the board gave one (RRF 3.5+ with `sessionKey=yes`, every DSF). */
  get key(): string | null {
    return sessionKeyOf(this.#state);
  }

  /** Changes with every login; a 401 expires the session only if it was met with the current one. */
  get generation(): number {
    return this.#state.generation;
  }

  get loggedIn(): boolean {
    return this.#state.phase.name === 'open';
  }

  /** False from a failed contact until the board answers again. */
  get reachable(): boolean {
    return this.#state.reachable;
  }

  /** Why the last login was not accepted, while the session is held; null otherwise. */
  get refusal(): LoginRefusal | null {
    return this.#state.phase.name === 'held' ? this.#state.phase.refusal : null;
  }

  /**
   * Logs in unless the session is fresh, or a refused login is too recent to try again. Throws
   * UpstreamUnreachableError or UpstreamTimeoutError when the board cannot be reached; any other failure leaves
   * the session closed and the request goes on without it, to get the board's own answer.
   */
  async ensure(): Promise<void> {
    if (!loginDue(this.#state, Date.now())) return;
    this.#login ??= this.#logIn().finally(() => {
      this.#login = null;
    });
    await this.#login;
  }

  /** The board answered 401/403 to a request sent with session `generation`: the next `ensure()` logs in. */
  expire(generation: number): void {
    this.#apply({ type: 'sessionRejected', generation });
  }

  /** The board accepted a request sent at `sentAt` with the current session, which keeps it alive. */
  touch(sentAt: number): void {
    this.#apply({ type: 'requestAccepted', sentAt });
  }

  /** The board could not be reached: whatever session it held may be gone (a reboot), so log in afresh. */
  unreachable(error: Error): void {
    this.#apply({ type: 'boardUnreachable', reason: error.message });
  }

  /** What a client's `GET pathname` login meets, or null when it is no login. Call after `ensure()`. */
  clientLogin(pathname: string): ClientLogin | null {
    return clientLoginOf(this.#state, pathname);
  }

  /**
   * Reads the board's firmware with the open session (one small request; DSF sends its whole model) and notes it
   * in the facts. Null when the answer does not say. Call after `ensure()`.
   */
  async readFirmware(): Promise<BoardFirmware | null> {
    const kind = this.kind;
    if (!kind || !this.loggedIn) return null;
    this.#firmwareReadIn = this.generation;
    const body =
      kind === 'dsf'
        ? await this.#withSession(DSF_MODEL_PATH, DSF_MODEL_MAX_BYTES)
        : await this.#withSession(RR_BOARD_PATH);
    const firmware = body && firmwareOf(kind, body);
    if (firmware) this.#options.facts.setFirmware(firmware);
    return firmware ?? null;
  }

  /**
   * Keeps the session alive while the tunnel is up: a cheap request whenever the board has been quiet a while. The
   * first one of each session reads the firmware instead, so the reports cost the board one request per session.
   */
  startKeepAlive(slots: BoardSlots): void {
    if (this.#keepAliveTimer) return;
    this.#keepAliveTimer = setInterval(() => void this.#keepAlive(slots), this.#options.keepAliveMs);
    this.#keepAliveTimer.unref();
    void this.#keepAlive(slots);
  }

  stopKeepAlive(): void {
    if (this.#keepAliveTimer) clearInterval(this.#keepAliveTimer);
    this.#keepAliveTimer = null;
  }

  /** Frees the board's session slot (boards hold at most 8); best effort, for a gateway that is stopping. */
  async logOut(): Promise<void> {
    this.stopKeepAlive();
    if (!this.loggedIn) return;
    const key = this.key;
    this.#apply({ type: 'loggedOut' });
    const path = this.kind === 'dsf' ? '/machine/disconnect' : '/rr_disconnect';
    try {
      const response = await this.#get(path, key, Math.min(this.#options.timeoutMs, 2_000));
      response.resume();
    } catch {
      // The board is gone or slow; its session times out on its own.
    }
  }

  #apply(event: BoardSessionEvent): void {
    const { state, log } = transition(this.#state, event);
    this.#state = state;
    for (const { level, msg, fields } of log) {
      if (fields) this.#log[level](fields, msg);
      else this.#log[level](msg);
    }
  }

  async #keepAlive(slots: BoardSlots): Promise<void> {
    if (this.#keepAliveRunning) return;
    const release = slots.tryAcquire(); // all slots busy: those requests keep the session alive
    if (!release) return;
    this.#keepAliveRunning = true;
    try {
      await this.ensure();
      if (this.loggedIn && this.#firmwareReadIn !== this.generation) await this.readFirmware();
      else if (keepAliveDue(this.#state, Date.now(), this.#options.keepAliveMs)) {
        await this.#withSession(
          this.kind === 'dsf' ? '/machine/noop' : `/rr_model?${encodeBoardQuery({ key: 'state.upTime' })}`,
        );
      }
    } catch (error) {
      this.unreachable(error as Error);
    } finally {
      this.#keepAliveRunning = false;
      release();
    }
  }

  /**
   * A request with the open session, which keeps it alive; a 401/403 expires the session and logs in again. The body
   * of a 2xx answer, else null.
   */
  async #withSession(path: string, maxBytes?: number): Promise<Buffer | null> {
    const generation = this.generation;
    const sentAt = Date.now();
    const response = await this.#get(path, this.key, this.#options.timeoutMs);
    const status = response.statusCode ?? 500;
    if (status === 401 || status === 403) {
      response.resume();
      this.expire(generation);
      await this.ensure();
      return null;
    }
    if (status >= 300) {
      response.resume();
      return null;
    }
    this.touch(sentAt);
    return readSmallBody(response, maxBytes);
  }

  async #logIn(): Promise<void> {
    try {
      if (this.kind !== 'dsf') await this.#probeRrf();
      if (this.kind === 'dsf') await this.#logInDsf();
    } catch (error) {
      this.unreachable(error as Error);
      throw error;
    }
  }

  /** `rr_connect` logs in to standalone RRF and tells it from DSF. */
  async #probeRrf(): Promise<void> {
    const query = encodeBoardQuery({
      password: this.#options.password,
      time: formatBoardDate(new Date()),
      sessionKey: 'yes',
    } satisfies RrConnectParams);
    const sentAt = Date.now();
    const response = await this.#get(`/rr_connect?${query}`, null, this.#options.timeoutMs);
    const body = await readSmallBody(response);
    this.#apply(rrConnectEvent(response.statusCode, body, sentAt, Date.now()));
  }

  async #logInDsf(): Promise<void> {
    const sentAt = Date.now();
    const path = `/machine/connect?${encodeBoardQuery({ password: this.#options.password })}`;
    const response = await this.#get(path, null, this.#options.timeoutMs);
    const body = await readSmallBody(response);
    this.#apply(machineConnectEvent(response.statusCode, body, sentAt, Date.now()));
  }

  async #get(target: string, key: string | null, timeoutMs: number): Promise<http.IncomingMessage> {
    const built = buildBoardRequest({
      method: 'GET',
      target,
      host: this.#options.board.host,
      sessionKey: key,
      contentType: undefined,
      contentLength: undefined,
    });
    if (!built.ok) throw new UpstreamUnreachableError(built.reason); // only a password over 1 KiB gets here
    const startedAt = performance.now();
    const response = await sendUpstream(this.#options.board, this.#options.agent, {
      ...built.head,
      timeoutMs,
    });
    this.#options.facts.recordRoundTrip(performance.now() - startedAt);
    return response;
  }
}
