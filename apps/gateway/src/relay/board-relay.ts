import type http from 'node:http';
import type http2 from 'node:http2';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BoardRequest,
  boardParam,
  boardRequest,
  changesBoard,
  DSF_SOCKET_KEY_PARAM,
  parseBoardRequest,
  routePath,
  SESSION_KEY_HEADER,
  serializeBoardTarget,
} from '@portal/duet/protocol';
import { BOARD_PREFIX, DEADLINE_HEADER } from '@portal/tunnel';
import type { Logger } from 'pino';
import type { BoardFacts } from './board-facts.ts';
import { type BoardRequestInput, buildBoardRequest, redactTarget } from './board-request.ts';
import type { BoardSession } from './board-session.ts';
import type { BoardSlots, Release } from './board-slots.ts';
import { spliceWebSocket, upgradeToWebSocket, websocketTarget } from './board-websocket.ts';
import { type ClientRoute, routeClientRequest } from './client-requests.ts';
import type { ClientSession, ClientSessions } from './client-sessions.ts';
import { DeadlinePassedError, QueueFullError, UpstreamTimeoutError } from './errors.ts';
import { FreshRuns } from './fresh-runs.ts';
import { answerStream, cancellationOf, type LocalAnswer } from './local-answers.ts';
import type { RelayCounters } from './relay-stats.ts';
import { isSharedRead, SharedReads } from './shared-reads.ts';
import { forwardResponse, readSmallBody, responseHeaders, sendUpstream, type Upstream } from './upstream.ts';

/** A request whose stream carries no deadline may wait as long as the portal's own request time-out. */
const DEFAULT_WAIT_MS = 30_000;

export interface BoardRelayOptions {
  board: Upstream;
  session: BoardSession;
  /** The clients' own sessions, which the gateway keeps (docs/design.md §5b). */
  clients: ClientSessions;
  slots: BoardSlots;
  agent: http.Agent;
  /** Silence allowed before the board's answer starts (docs/design.md §5: the portal gives up at 30 s). */
  timeoutMs: number;
  /** Pauses before each retry of a board 503 ("out of buffers"); their count is the number of retries. */
  retryDelaysMs: readonly number[];
  /** Object-model WebSockets open (or opening) at once to this board. */
  maxWebSockets: number;
  /** How old a shared object-model reading may be when it answers another client (docs/design.md §5b). */
  sharedReadMaxAgeMs: number;
  counters: RelayCounters;
  /** Told how long the board took to answer each bodiless request: the latency the gateway reports. */
  facts: BoardFacts;
  logger: Logger;
}

interface Exchange {
  stream: http2.ServerHttp2Stream;
  headers: http2.IncomingHttpHeaders;
  method: string;
  /** The request as the board will read it, read once where it arrived. */
  board: BoardRequest;
  /** The same written out as the board gets it (for the logs). */
  target: string;
  deadlineAt: number;
  signal: AbortSignal;
}

const DEADLINE_PASSED: LocalAnswer = {
  status: 504,
  answer: 'deadline-passed',
  text: 'The request waited for the board past its deadline and was not sent.',
};

/** What is sent to the board of a request: the client's own, or the gateway's read of the replies. */
type BoardRequestLine = Omit<BoardRequestInput, 'host' | 'sessionKey' | 'method' | 'target'> & {
  board: BoardRequest;
};

const READ_REPLIES: BoardRequestLine = {
  board: boardRequest('GET', '/rr_reply'),
  contentType: undefined,
  contentLength: undefined,
};

/** The largest object-model answer kept for sharing: a full DSF model is a few hundred KiB. */
const MAX_SHARED_READ_BYTES = 4 * 1024 * 1024;

/** A board's answer to a shared read, whole, or the gateway's own answer when there is none. */
type SharedReading = { headers: http2.OutgoingHttpHeaders; body: Buffer } | { answer: LocalAnswer };

/** A shared reading as one client waits for it: its own deadline-passed answer past its deadline, null once it cancelled. */
function withinDeadline(
  reading: Promise<SharedReading>,
  { deadlineAt, signal }: Pick<Exchange, 'deadlineAt' | 'signal'>,
): Promise<SharedReading | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => settle(() => resolve({ answer: DEADLINE_PASSED })),
      deadlineAt - Date.now(),
    );
    const cancelled = () => settle(() => resolve(null));
    signal.addEventListener('abort', cancelled, { once: true });
    const settle = (how: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', cancelled);
      how();
    };
    reading.then(
      (outcome) => settle(() => resolve(outcome)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
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
 * a 401 once after logging in again, and streaming both ways with backpressure. Each client is a session of the
 * gateway's own (docs/design.md §5b): its logins, logouts and `rr_reply` are answered here.
 */
export class BoardRelay {
  readonly #options: BoardRelayOptions;
  readonly #log: Logger;
  readonly #replyReads = new FreshRuns<LocalAnswer | null>();
  readonly #sharedReads: SharedReads<SharedReading>;

  constructor(options: BoardRelayOptions) {
    this.#options = options;
    this.#log = options.logger;
    this.#sharedReads = new SharedReads({ maxAgeMs: options.sharedReadMaxAgeMs });
  }

  handle(stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders): void {
    const arrivedAt = Date.now();
    let raw = String(headers[':path']).slice(BOARD_PREFIX.length);
    if (!raw.startsWith('/')) raw = `/${raw}`;
    const method = String(headers[':method']);
    // The portal sends requests it read the board's way; anything else is refused, never passed on as spelled.
    const parsed = parseBoardRequest(method === 'CONNECT' ? 'GET' : method, raw);
    if (!parsed.ok) {
      this.#answer(stream, { status: 400, answer: 'bad-request', text: parsed.reason });
      return;
    }
    const target = serializeBoardTarget(parsed.request);
    const { signal, done } = cancellationOf(stream);
    const exchange: Exchange = {
      stream,
      headers,
      method,
      board: parsed.request,
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
    if (isSharedRead(exchange.board)) return this.#relaySharedRead(exchange);
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
    const slot = await this.#acquireSlot(exchange);
    if (typeof slot === 'function') return slot;
    if (slot) this.#answer(exchange.stream, slot);
    return null;
  }

  /** A board slot, the answer to give when none came (busy, deadline passed), or null once cancelled. */
  async #acquireSlot(exchange: Exchange): Promise<Release | LocalAnswer | null> {
    const { signal, deadlineAt } = exchange;
    try {
      return await this.#options.slots.acquire({ signal, waitMs: deadlineAt - Date.now() });
    } catch (error) {
      if (error instanceof QueueFullError) {
        return { status: 503, answer: 'gateway-busy', text: 'Too many requests are waiting for this board.' };
      }
      if (error instanceof DeadlinePassedError) return DEADLINE_PASSED;
      this.#log.debug(
        { method: exchange.method, target: redactTarget(exchange.target) },
        'request cancelled while waiting for the board: not sent',
      );
      return null;
    }
  }

  /**
   * An object-model read, answered from a reading of the board shared with the clients asking the same query
   * (docs/design.md §5b). The client's own session is checked and kept alive as for any request.
   */
  async #relaySharedRead(exchange: Exchange): Promise<void> {
    const { stream, headers } = exchange;
    const ensured = await this.#ensureSession();
    if (ensured) return this.#answer(stream, ensured);
    const route = this.#routeClient(exchange, headerOf(headers, SESSION_KEY_HEADER.toLowerCase()));
    if (route.kind === 'answer') return this.#answer(stream, route.answer);
    const release = this.#options.clients.hold(route.session);
    try {
      const shared = this.#sharedReads.read(
        exchange.target,
        () => this.#readShared(exchange),
        (outcome) => 'body' in outcome && outcome.headers[':status'] === 200,
      );
      const reading = await withinDeadline(shared, exchange);
      if (!reading) return; // cancelled while waiting
      if ('answer' in reading) return this.#answer(stream, reading.answer);
      if (stream.destroyed || stream.closed) return;
      stream.respond({ ...reading.headers, 'content-length': reading.body.length });
      stream.end(reading.body);
    } finally {
      release();
    }
  }

  /**
   * One reading of the board for every client waiting on it: it goes on if the client that started it goes away,
   * for as long as the portal waits for any request; each client waits for it until its own deadline.
   */
  async #readShared(exchange: Exchange): Promise<SharedReading> {
    const read = {
      ...exchange,
      signal: new AbortController().signal,
      deadlineAt: Date.now() + DEFAULT_WAIT_MS,
    };
    const slot = await this.#acquireSlot(read);
    if (typeof slot !== 'function') return { answer: slot ?? DEADLINE_PASSED };
    try {
      const sent = await this.#send(read, {
        board: read.board,
        contentType: undefined,
        contentLength: undefined,
      });
      if (!sent)
        return { answer: { status: 503, answer: 'board-unreachable', text: 'The board was not read.' } };
      if ('answer' in sent) return sent;
      const { response } = sent;
      try {
        return {
          headers: responseHeaders(response),
          body: await readSmallBody(response, MAX_SHARED_READ_BYTES),
        };
      } catch (error) {
        return { answer: this.#unreachable(error as Error) };
      }
    } finally {
      slot();
    }
  }

  async #exchange(exchange: Exchange): Promise<void> {
    const { stream, headers, board, target, signal } = exchange;
    const ensured = await this.#ensureSession();
    if (ensured) return this.#answer(stream, ensured);
    if (signal.aborted) return;
    const route = this.#routeClient(exchange, headerOf(headers, SESSION_KEY_HEADER.toLowerCase()));
    if (route.kind === 'answer') return this.#answer(stream, route.answer);
    const release = this.#options.clients.hold(route.session);
    try {
      if (route.kind === 'replies') return await this.#answerReplies(exchange, route.session);
      // A change makes every reading taken before it stale, both as it goes out and once the board took it.
      const change = changesBoard(board);
      if (change) this.#sharedReads.changed();
      const sent = await this.#send(exchange, {
        board,
        contentType: headerOf(headers, 'content-type'),
        contentLength: headerOf(headers, 'content-length'),
      });
      if (change) this.#sharedReads.changed();
      if (!sent) return;
      if ('answer' in sent) return this.#answer(stream, sent.answer);
      try {
        await forwardResponse(stream, sent.response);
      } catch (error) {
        this.#log.debug(
          { reason: (error as Error).message, target: redactTarget(target) },
          'board answer cut short',
        );
      }
    } finally {
      release();
    }
  }

  /** Where a client's request goes: the gateway's own answer, or the client's session it is relayed in. */
  #routeClient(exchange: Exchange, key: string | undefined): ClientRoute {
    const { session, clients } = this.#options;
    return routeClientRequest(
      clients,
      {
        method: exchange.method,
        pathname: routePath(exchange.board),
        sessionKeyParam: boardParam(exchange.board, 'sessionKey'),
        key,
      },
      { kind: session.kind, login: (pathname) => session.clientLogin(pathname) },
    );
  }

  /**
   * `rr_reply` for one client: the board's replies are read in the gateway's session (a read that started after
   * this request, shared with the clients asking meanwhile) and kept for every client session, and this client
   * gets those it has not been given yet, as a board gives each of its sessions every reply once.
   */
  async #answerReplies(exchange: Exchange, client: ClientSession): Promise<void> {
    const failed = await this.#replyReads.next(() => this.#readBoardReplies(exchange));
    if (failed) return this.#answer(exchange.stream, failed);
    // A client gone before its answer leaves its replies for its next rr_reply.
    if (exchange.stream.destroyed || exchange.stream.closed) return;
    exchange.stream.respond({ ':status': 200, 'content-type': 'text/plain', 'cache-control': 'no-store' });
    exchange.stream.end(this.#options.clients.takeReplies(client));
  }

  /** Reads the board's `rr_reply` into the client sessions' replies; the answer to give when it failed. */
  async #readBoardReplies(exchange: Exchange): Promise<LocalAnswer | null> {
    // Every client waiting for this read needs it: it goes on if the client that started it goes away.
    const read = { ...exchange, signal: new AbortController().signal };
    const sent = await this.#send(read, READ_REPLIES);
    if (!sent) return { status: 503, answer: 'board-unreachable', text: 'The replies could not be read.' };
    if ('answer' in sent) return sent.answer;
    const { response } = sent;
    let body: Buffer;
    try {
      body = await readSmallBody(response);
    } catch (error) {
      return this.#unreachable(error as Error);
    }
    if (response.statusCode !== 200) return { status: response.statusCode ?? 502, text: body.toString() };
    this.#options.clients.addReplies(body.toString());
    return null;
  }

  /**
   * Sends one request to the board in the gateway's session: logging in again once on a 401/403 met with it,
   * retrying a 503 briefly, never after the deadline. The board's answer, the gateway's own answer when there is
   * none, or null once the request was cancelled.
   */
  async #send(
    exchange: Exchange,
    request: BoardRequestLine,
  ): Promise<{ response: http.IncomingMessage } | { answer: LocalAnswer } | null> {
    const { stream, deadlineAt, signal } = exchange;
    const { method } = request.board;
    const target = serializeBoardTarget(request.board);
    const { session, counters } = this.#options;
    let relogged = false;
    let retries = 0;
    for (;;) {
      const ensured = await this.#ensureSession();
      if (ensured) return { answer: ensured };
      if (signal.aborted) return null;
      if (Date.now() >= deadlineAt) return { answer: DEADLINE_PASSED };
      const built = buildBoardRequest({
        method,
        target,
        contentType: request.contentType,
        contentLength: request.contentLength,
        host: this.#options.board.host,
        sessionKey: session.key,
      });
      if (!built.ok) return { answer: { status: built.status, answer: 'bad-request', text: built.reason } };
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
        return signal.aborted ? null : { answer: this.#unreachable(error as Error) };
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
          return null; // cancelled while pausing
        }
        continue;
      }
      if (status !== 401 && status !== 403 && status !== 503) session.touch(sentAt);
      // Every request passes here: its log entry is built only when it is written.
      if (this.#log.isLevelEnabled('debug')) {
        this.#log.debug(
          { method, target: redactTarget(target), status, ms: Date.now() - sentAt },
          'board answered',
        );
      }
      return { response };
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

  /** DSF's object-model WebSocket, in the session of the client that opens it, which it keeps alive while open. */
  async #openWebSocket(exchange: Exchange): Promise<void> {
    const { stream, board, deadlineAt, signal } = exchange;
    const { session, counters, clients } = this.#options;
    // The handshake is one more board request and takes a slot; the open socket then lives outside the slots.
    const release = await this.#waitForSlot(exchange);
    if (!release) return;
    let relogged = false;
    let releaseClient: (() => void) | undefined;
    try {
      for (;;) {
        const ensured = await this.#ensureSession();
        if (ensured) return this.#answer(stream, ensured);
        if (signal.aborted) return;
        if (Date.now() >= deadlineAt) return this.#answerDeadlinePassed(stream);
        if (!releaseClient) {
          const route = this.#routeClient(exchange, boardParam(board, DSF_SOCKET_KEY_PARAM));
          if (route.kind === 'answer') return this.#answer(stream, route.answer);
          releaseClient = clients.hold(route.session);
        }
        const generation = session.generation;
        counters.boardRequests++;
        const upgrade = await upgradeToWebSocket(this.#options.board, websocketTarget(board, session.key), {
          timeoutMs: this.#options.timeoutMs,
          signal,
        }).catch((error: Error) => {
          if (!signal.aborted) this.#answer(stream, this.#unreachable(error));
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
      releaseClient?.();
    }
  }

  /** The answer to give once the board could not be reached to log in; null when the session is ready. */
  async #ensureSession(): Promise<LocalAnswer | null> {
    try {
      await this.#options.session.ensure();
      return null;
    } catch (error) {
      return this.#unreachable(error as Error);
    }
  }

  #unreachable(error: Error): LocalAnswer {
    if (error instanceof UpstreamTimeoutError) {
      return { status: 504, answer: 'board-timeout', text: `The board did not answer: ${error.message}.` };
    }
    this.#options.session.unreachable(error);
    return {
      status: 503,
      answer: 'board-unreachable',
      text: `The board cannot be reached: ${error.message}.`,
    };
  }

  #answerDeadlinePassed(stream: http2.ServerHttp2Stream): void {
    this.#answer(stream, DEADLINE_PASSED);
  }

  #answer(stream: http2.ServerHttp2Stream, local: LocalAnswer): void {
    if (local.answer) this.#options.counters.gatewayAnswers[local.answer]++;
    answerStream(stream, local);
  }
}
