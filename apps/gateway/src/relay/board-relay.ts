import type http from 'node:http';
import type http2 from 'node:http2';
import { setTimeout as sleep } from 'node:timers/promises';
import { BOARD_PREFIX, DEADLINE_HEADER } from '@portal/tunnel';
import type { Logger } from 'pino';
import type { BoardFacts } from './board-facts.ts';
import { buildBoardRequest, redactTarget } from './board-request.ts';
import type { BoardSession } from './board-session.ts';
import type { BoardSlots, Release } from './board-slots.ts';
import { spliceWebSocket, upgradeToWebSocket, websocketTarget } from './board-websocket.ts';
import { DeadlinePassedError, QueueFullError, UpstreamTimeoutError } from './errors.ts';
import { answerStream, cancellationOf, type LocalAnswer } from './local-answers.ts';
import type { RelayCounters } from './relay-stats.ts';
import { forwardResponse, sendUpstream, type Upstream } from './upstream.ts';

/** A request whose stream carries no deadline may wait as long as the portal's own request time-out. */
const DEFAULT_WAIT_MS = 30_000;

export interface BoardRelayOptions {
  board: Upstream;
  session: BoardSession;
  slots: BoardSlots;
  agent: http.Agent;
  /** Silence allowed before the board's answer starts (docs/design.md §5: the portal gives up at 30 s). */
  timeoutMs: number;
  /** Pauses before each retry of a board 503 ("out of buffers"); their count is the number of retries. */
  retryDelaysMs: readonly number[];
  /** Object-model WebSockets open (or opening) at once to this board. */
  maxWebSockets: number;
  counters: RelayCounters;
  /** Told how long the board took to answer each bodiless request: the latency the gateway reports. */
  facts: BoardFacts;
  logger: Logger;
}

interface Exchange {
  stream: http2.ServerHttp2Stream;
  headers: http2.IncomingHttpHeaders;
  method: string;
  /** Path and query for the board, starting with '/'. */
  target: string;
  deadlineAt: number;
  signal: AbortSignal;
}

function waitMsOf(value: string | string[] | undefined): number {
  return typeof value === 'string' && /^[0-9]{1,9}$/.test(value) ? Number(value) : DEFAULT_WAIT_MS;
}

function headerOf(headers: http2.IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Relays `/board/...` streams to the board over plain HTTP/1.1 (docs/design.md §5a): through a bounded set of
 * board slots, never after the request's deadline, with the gateway's own session, retrying a 503 briefly and
 * a 401 once after logging in again, and streaming both ways with backpressure.
 */
export class BoardRelay {
  readonly #options: BoardRelayOptions;
  readonly #log: Logger;

  constructor(options: BoardRelayOptions) {
    this.#options = options;
    this.#log = options.logger;
  }

  handle(stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders): void {
    const arrivedAt = Date.now();
    let target = String(headers[':path']).slice(BOARD_PREFIX.length);
    if (!target.startsWith('/')) target = `/${target}`;
    const { signal, done } = cancellationOf(stream);
    const exchange: Exchange = {
      stream,
      headers,
      method: String(headers[':method']),
      target,
      deadlineAt: arrivedAt + waitMsOf(headerOf(headers, DEADLINE_HEADER)),
      signal,
    };
    const relayed = exchange.method === 'CONNECT' ? this.#relayWebSocket(exchange) : this.#relay(exchange);
    relayed
      .catch((error: unknown) => {
        this.#log.error({ err: error, target: redactTarget(target) }, 'board relay failed');
        if (!stream.destroyed) stream.destroy();
      })
      .finally(done);
  }

  async #relay(exchange: Exchange): Promise<void> {
    const release = await this.#waitForSlot(exchange);
    if (!release) return;
    try {
      await this.#exchange(exchange);
    } finally {
      release();
    }
  }

  /** A board slot, or null once the stream has been answered (busy, deadline passed) or was cancelled. */
  async #waitForSlot(exchange: Exchange): Promise<Release | null> {
    const { stream, signal, deadlineAt } = exchange;
    try {
      return await this.#options.slots.acquire({ signal, waitMs: deadlineAt - Date.now() });
    } catch (error) {
      if (error instanceof QueueFullError) {
        this.#answer(stream, {
          status: 503,
          answer: 'gateway-busy',
          text: 'Too many requests are waiting for this board.',
        });
      } else if (error instanceof DeadlinePassedError) {
        this.#answerDeadlinePassed(stream);
      } else {
        this.#log.debug(
          { method: exchange.method, target: redactTarget(exchange.target) },
          'request cancelled while waiting for the board: not sent',
        );
      }
      return null;
    }
  }

  async #exchange(exchange: Exchange): Promise<void> {
    const { stream, headers, method, target, deadlineAt, signal } = exchange;
    const { session, counters } = this.#options;
    const pathname = target.split('?', 1)[0] as string;
    let relogged = false;
    let retries = 0;
    for (;;) {
      if (!(await this.#ensureSession(stream))) return;
      if (signal.aborted) return;
      const local = session.localAnswer(method, pathname);
      if (local) return this.#answer(stream, local);
      if (Date.now() >= deadlineAt) return this.#answerDeadlinePassed(stream);
      const built = buildBoardRequest({
        method,
        target,
        host: this.#options.board.host,
        sessionKey: session.key,
        contentType: headerOf(headers, 'content-type'),
        contentLength: headerOf(headers, 'content-length'),
      });
      if (!built.ok)
        return this.#answer(stream, { status: built.status, answer: 'bad-request', text: built.reason });
      const hasBody = built.head.contentLength !== undefined;
      const generation = session.generation;
      const sentAt = Date.now();
      const startedAt = performance.now();
      counters.boardRequests++;
      let response: http.IncomingMessage;
      try {
        response = await sendUpstream(this.#options.board, this.#options.agent, {
          ...built.head,
          body: hasBody ? stream : undefined,
          timeoutMs: this.#options.timeoutMs,
          signal,
        });
      } catch (error) {
        if (!signal.aborted) this.#answerUnreachable(stream, error as Error);
        return;
      }
      // An upload's answer waits for its whole body: no measure of the board's latency.
      if (!hasBody) this.#options.facts.recordRoundTrip(performance.now() - startedAt);
      const status = response.statusCode ?? 0;
      // A request with a body has been consumed by now: it cannot be sent again.
      if ((status === 401 || status === 403) && !relogged && !hasBody) {
        response.resume();
        relogged = true;
        counters.boardRelogins++;
        session.expire(generation);
        continue;
      }
      if (status === 503 && retries < this.#options.retryDelaysMs.length && !hasBody) {
        response.resume();
        counters.boardRetries++;
        try {
          await sleep(this.#options.retryDelaysMs[retries++], undefined, { signal, ref: false });
        } catch {
          return; // cancelled while pausing
        }
        continue;
      }
      if (status !== 401 && status !== 403 && status !== 503) session.touch(sentAt);
      this.#log.debug(
        { method, target: redactTarget(target), status, ms: Date.now() - sentAt },
        'board answered',
      );
      try {
        await forwardResponse(stream, response);
      } catch (error) {
        this.#log.debug(
          { reason: (error as Error).message, target: redactTarget(target) },
          'board answer cut short',
        );
      }
      return;
    }
  }

  async #relayWebSocket(exchange: Exchange): Promise<void> {
    const { counters } = this.#options;
    if (counters.openBoardWebSockets >= this.#options.maxWebSockets) {
      return this.#answer(exchange.stream, {
        status: 503,
        answer: 'gateway-busy',
        text: 'Too many WebSockets are open to this board.',
      });
    }
    // Counted from the handshake on, so sockets still opening count against the bound too.
    counters.openBoardWebSockets++;
    try {
      await this.#openWebSocket(exchange);
    } finally {
      counters.openBoardWebSockets--;
    }
  }

  async #openWebSocket(exchange: Exchange): Promise<void> {
    const { stream, target, deadlineAt, signal } = exchange;
    const { session, counters } = this.#options;
    // The handshake is one more board request and takes a slot; the open socket then lives outside the slots.
    const release = await this.#waitForSlot(exchange);
    if (!release) return;
    let relogged = false;
    try {
      for (;;) {
        if (!(await this.#ensureSession(stream))) return;
        if (signal.aborted) return;
        if (Date.now() >= deadlineAt) return this.#answerDeadlinePassed(stream);
        const generation = session.generation;
        counters.boardRequests++;
        const upgrade = await upgradeToWebSocket(this.#options.board, websocketTarget(target, session.key), {
          timeoutMs: this.#options.timeoutMs,
          signal,
        }).catch((error: Error) => {
          if (!signal.aborted) this.#answerUnreachable(stream, error);
          return null;
        });
        if (!upgrade) return;
        if (upgrade.kind === 'refused') {
          if ((upgrade.status === 401 || upgrade.status === 403) && !relogged) {
            relogged = true;
            counters.boardRelogins++;
            session.expire(generation);
            continue;
          }
          return this.#answer(stream, { status: 502, answer: 'upgrade-refused', text: upgrade.reason });
        }
        release();
        session.touch(Date.now());
        this.#log.info('board WebSocket opened');
        await spliceWebSocket(stream, upgrade.socket, upgrade.head);
        this.#log.info('board WebSocket closed');
        return;
      }
    } finally {
      release();
    }
  }

  /** False once the stream has been answered because the board could not be reached to log in. */
  async #ensureSession(stream: http2.ServerHttp2Stream): Promise<boolean> {
    try {
      await this.#options.session.ensure();
      return true;
    } catch (error) {
      this.#answerUnreachable(stream, error as Error);
      return false;
    }
  }

  #answerUnreachable(stream: http2.ServerHttp2Stream, error: Error): void {
    if (error instanceof UpstreamTimeoutError) {
      this.#answer(stream, {
        status: 504,
        answer: 'board-timeout',
        text: `The board did not answer: ${error.message}.`,
      });
      return;
    }
    this.#options.session.unreachable(error);
    this.#answer(stream, {
      status: 503,
      answer: 'board-unreachable',
      text: `The board cannot be reached: ${error.message}.`,
    });
  }

  #answerDeadlinePassed(stream: http2.ServerHttp2Stream): void {
    this.#answer(stream, {
      status: 504,
      answer: 'deadline-passed',
      text: 'The request waited for the board past its deadline and was not sent.',
    });
  }

  #answer(stream: http2.ServerHttp2Stream, local: LocalAnswer): void {
    if (local.answer) this.#options.counters.gatewayAnswers[local.answer]++;
    answerStream(stream, local);
  }
}
