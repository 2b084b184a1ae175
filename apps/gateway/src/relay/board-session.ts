import type http from 'node:http';
import type { Logger } from 'pino';
import type { LocalAnswer } from './answers.ts';
import { buildBoardRequest } from './board-request.ts';
import type { BoardSlots } from './board-slots.ts';
import { UpstreamUnreachableError } from './errors.ts';
import { readSmallBody, sendUpstream, type Upstream } from './upstream.ts';

/** Standalone RepRapFirmware (`rr_*`) or Duet Software Framework on a single-board computer (`/machine/*`). */
export type BoardKind = 'rrf' | 'dsf';

/** Boards drop a session after 8 s of silence; past this age the gateway logs in again before sending. */
const FRESH_FOR_MS = 6_500;
/** After the board refused the password, or had no free session, try again this much later. */
const RETRY_REFUSED_MS = 10_000;
/** After any other failed login (a 503, an answer that is not JSON), try again this much later. */
const RETRY_FAILED_MS = 1_000;
/** What DSF clients get from `machine/connect`; the gateway swaps in its own key on the way to the board. */
export const PLACEHOLDER_DSF_KEY = '0'.repeat(32);

export interface BoardSessionOptions {
  board: Upstream;
  password: string;
  agent: http.Agent;
  timeoutMs: number;
  keepAliveMs: number;
  logger: Logger;
}

interface LoginHold {
  until: number;
  /** What clients' own `rr_connect` or `machine/connect` get meanwhile. */
  connectAnswer: LocalAnswer;
}

function boardTime(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

function parseJson(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The gateway's own session on its board (DESIGN.md §5a): it logs in with the machine password from its
 * configuration, keeps the session alive, and logs in again when the board forgets it. Clients behind the portal
 * share this session; their `rr_connect`/`rr_disconnect` and `machine/connect`/`machine/disconnect` are answered
 * here, so they never learn the password and can never log the gateway out.
 *
 * Every board request it makes runs inside a board slot its caller holds: a request that meets a 401 logs in
 * within its own slot, so logins never wait behind the requests that need them.
 */
export class BoardSession {
  readonly #options: BoardSessionOptions;
  readonly #log: Logger;
  #kind: BoardKind | null = null;
  #loggedIn = false;
  #key: string | null = null;
  #generation = 0;
  #lastContactAt = Number.NEGATIVE_INFINITY;
  #rrConnectAnswer: LocalAnswer | null = null;
  #hold: LoginHold | null = null;
  #login: Promise<void> | null = null;
  #reachable = true;
  #keepAliveTimer: NodeJS.Timeout | null = null;
  #keepAliveRunning = false;

  constructor(options: BoardSessionOptions) {
    this.#options = options;
    this.#log = options.logger;
  }

  get kind(): BoardKind | null {
    return this.#kind;
  }

  /** The `X-Session-Key` to send, when the board gave one (RRF 3.5+ with `sessionKey=yes`, every DSF). */
  get key(): string | null {
    return this.#loggedIn ? this.#key : null;
  }

  /** Changes with every login; a 401 expires the session only if it was met with the current one. */
  get generation(): number {
    return this.#generation;
  }

  get loggedIn(): boolean {
    return this.#loggedIn;
  }

  /**
   * Logs in unless the session is fresh, or a refused login is too recent to try again. Throws
   * UpstreamUnreachableError or UpstreamTimeoutError when the board cannot be reached; any other failure leaves
   * the session closed and the request goes on without it, to get the board's own answer.
   */
  async ensure(): Promise<void> {
    const now = Date.now();
    if (this.#loggedIn && now - this.#lastContactAt < FRESH_FOR_MS) return;
    if (!this.#loggedIn && this.#hold && now < this.#hold.until) return;
    this.#login ??= this.#logIn().finally(() => {
      this.#login = null;
    });
    await this.#login;
  }

  /** The board answered 401/403 to a request sent with session `generation`: the next `ensure()` logs in. */
  expire(generation: number): void {
    if (generation !== this.#generation || !this.#loggedIn) return;
    this.#loggedIn = false;
    this.#hold = null;
    this.#log.info('board session expired: logging in again');
  }

  /** The board accepted a request sent at `sentAt` with the current session, which keeps it alive. */
  touch(sentAt: number): void {
    this.#lastContactAt = Math.max(this.#lastContactAt, sentAt);
    this.#reached();
  }

  /** The board could not be reached: whatever session it held may be gone (a reboot), so log in afresh. */
  unreachable(error: Error): void {
    this.#loggedIn = false;
    if (!this.#reachable) return;
    this.#reachable = false;
    this.#log.warn({ reason: error.message }, 'board unreachable');
  }

  /**
   * The gateway's own answer to a client's login or logout, or null to relay the request. Call after `ensure()`.
   * `rr_connect` gets the board's own connect answer with the session key zeroed; DSF's `machine/connect` gets a
   * placeholder key.
   */
  localAnswer(method: string, pathname: string): LocalAnswer | null {
    if (method !== 'GET') return null;
    switch (pathname) {
      case '/rr_connect':
        return (
          (!this.#loggedIn && this.#hold?.connectAnswer) ||
          this.#rrConnectAnswer || {
            status: 503,
            answer: 'board-unreachable',
            text: 'The gateway could not log in to the board.',
          }
        );
      case '/rr_disconnect':
        return { status: 200, json: { err: 0 } };
      case '/machine/connect':
        if (this.#kind !== 'dsf') return null;
        if (this.#loggedIn) return { status: 200, json: { sessionKey: PLACEHOLDER_DSF_KEY } };
        return this.#hold?.connectAnswer ?? { status: 403, text: '' };
      case '/machine/disconnect':
        return this.#kind === 'dsf' ? { status: 204 } : null;
      default:
        return null;
    }
  }

  /** Keeps the session alive while the tunnel is up: a cheap request whenever the board has been quiet a while. */
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
    if (!this.#loggedIn) return;
    this.#loggedIn = false;
    const path = this.#kind === 'dsf' ? '/machine/disconnect' : '/rr_disconnect';
    try {
      const response = await this.#get(path, this.#key, Math.min(this.#options.timeoutMs, 2_000));
      response.resume();
    } catch {
      // The board is gone or slow; its session times out on its own.
    }
  }

  async #keepAlive(slots: BoardSlots): Promise<void> {
    if (this.#keepAliveRunning) return;
    const release = slots.tryAcquire(); // all slots busy: those requests keep the session alive
    if (!release) return;
    this.#keepAliveRunning = true;
    try {
      await this.ensure();
      if (!this.#loggedIn || Date.now() - this.#lastContactAt < this.#options.keepAliveMs / 2) return;
      const generation = this.#generation;
      const sentAt = Date.now();
      const path = this.#kind === 'dsf' ? '/machine/noop' : '/rr_model?key=state.upTime';
      const response = await this.#get(path, this.#key, this.#options.timeoutMs);
      response.resume();
      if (response.statusCode === 401 || response.statusCode === 403) {
        this.expire(generation);
        await this.ensure();
      } else if ((response.statusCode ?? 500) < 300) {
        this.touch(sentAt);
      }
    } catch (error) {
      this.unreachable(error as Error);
    } finally {
      this.#keepAliveRunning = false;
      release();
    }
  }

  async #logIn(): Promise<void> {
    try {
      if (this.#kind !== 'dsf') await this.#probeRrf();
      if (this.#kind === 'dsf') await this.#logInDsf();
    } catch (error) {
      this.unreachable(error as Error);
      throw error;
    }
  }

  /** `rr_connect` tells standalone RRF (err 0/1/2) from DSF (404 before 3.5, an emulated answer from 3.5 on). */
  async #probeRrf(): Promise<void> {
    const query = `password=${encodeURIComponent(this.#options.password)}&time=${encodeURIComponent(boardTime(new Date()))}&sessionKey=yes`;
    const sentAt = Date.now();
    const response = await this.#get(`/rr_connect?${query}`, null, this.#options.timeoutMs);
    const body = await readSmallBody(response);
    this.#reached();
    if (response.statusCode === 404) {
      this.#kind = 'dsf';
      this.#rrConnectAnswer = { status: 404, text: 'Not Found' };
      return;
    }
    const answer = response.statusCode === 200 ? parseJson(body) : null;
    if (!answer) {
      this.#failed(RETRY_FAILED_MS, `rr_connect answered ${response.statusCode} without JSON`);
      return;
    }
    if (answer.isEmulated === true) {
      // DSF 3.5+ emulating rr_*: its own API and object-model socket need a /machine/connect key.
      this.#kind = 'dsf';
      this.#rrConnectAnswer = { status: 200, json: answer };
      return;
    }
    this.#kind = 'rrf';
    if (answer.err !== 0) {
      const refused = answer.err === 1;
      this.#hold = {
        until: Date.now() + (refused ? RETRY_REFUSED_MS : RETRY_FAILED_MS),
        connectAnswer: { status: 200, json: { err: answer.err } },
      };
      this.#log.error(
        { err: answer.err },
        refused
          ? 'board refused the machine password: check --board-password'
          : 'board has no free session (it holds at most 8): retrying',
      );
      return;
    }
    const key =
      typeof answer.sessionKey === 'number' && answer.sessionKey !== 0 ? String(answer.sessionKey) : null;
    this.#rrConnectAnswer = {
      status: 200,
      json: 'sessionKey' in answer ? { ...answer, sessionKey: 0 } : answer,
    };
    this.#opened(key, sentAt, { boardType: answer.boardType, apiLevel: answer.apiLevel });
  }

  async #logInDsf(): Promise<void> {
    const sentAt = Date.now();
    const path = `/machine/connect?password=${encodeURIComponent(this.#options.password)}`;
    const response = await this.#get(path, null, this.#options.timeoutMs);
    const body = await readSmallBody(response);
    this.#reached();
    const answer = response.statusCode === 200 ? parseJson(body) : null;
    if (answer && typeof answer.sessionKey === 'string') {
      this.#opened(answer.sessionKey, sentAt, {});
      return;
    }
    if (response.statusCode === 403) {
      this.#hold = { until: Date.now() + RETRY_REFUSED_MS, connectAnswer: { status: 403, text: '' } };
      this.#log.error('board refused the machine password: check --board-password');
      return;
    }
    if (response.statusCode === 404) this.#kind = null; // neither rr_connect nor machine/connect: probe again
    this.#failed(RETRY_FAILED_MS, `machine/connect answered ${response.statusCode}`);
  }

  #opened(key: string | null, sentAt: number, details: Record<string, unknown>): void {
    this.#loggedIn = true;
    this.#key = key;
    this.#hold = null;
    this.#generation++;
    this.#lastContactAt = sentAt;
    this.#log.info({ kind: this.#kind, keyed: key !== null, ...details }, 'board session opened');
  }

  #failed(retryMs: number, reason: string): void {
    this.#hold = {
      until: Date.now() + retryMs,
      connectAnswer: { status: 503, answer: 'board-unreachable', text: 'The board did not accept a login.' },
    };
    this.#log.warn({ reason }, 'board login failed');
  }

  #reached(): void {
    if (this.#reachable) return;
    this.#reachable = true;
    this.#log.info('board reachable again');
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
    return sendUpstream(this.#options.board, this.#options.agent, { ...built.head, timeoutMs });
  }
}
