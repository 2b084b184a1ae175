/**
 * The gateway agent's core (`startGateway`; the `portal-gateway` command is `cli.ts`). It joins the two halves,
 * which never import each other: `tunnel/` dials the portal and knows no Duet, `relay/` knows boards and webcams
 * and no WebSocket. The gateway owns the board session (logging in with `@portal/duet/protocol`'s query codec, board
 * date and connect-answer schemas) and gives each client a session of its own over it (`relay/client-sessions.ts`);
 * `relay/board-relay.ts` relays each stream to the board, reading it back with `parseBoardRequest` and writing it
 * with `relay/board-request.ts` (`serializeBoardTarget`, limits, the session-key header). `reports.ts` answers the
 * portal's report stream with what `relay/board-facts.ts` learnt of the board (firmware, latency); `check.ts` is
 * `--check` (`relay/upstream-checks.ts` for board and webcam, `tunnel/portal-check.ts` for the portal). `scripts/`
 * bundles it into one file for Node 18.19 (esbuild) and packs it as the npm package `portal-gateway` and a Debian
 * package, with `packaging/` (the systemd unit, the sample configuration, the maintainer scripts).
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type http2 from 'node:http2';
import { BOARD_LIMITS } from '@portal/duet/protocol';
import {
  BOARD_PREFIX,
  DEAD_AFTER_MS,
  type GatewayReport,
  gatewayAuthorization,
  HEARTBEAT_INTERVAL_MS,
  REPORT_INTERVAL_MS,
  REPORTS_PATH,
  WEBCAM_PREFIX,
} from '@portal/tunnel';
import { type Logger, pino } from 'pino';
import { type GatewayConfig, gatewayConfigSchema, type ValidGatewayConfig } from './config.ts';
import { BoardFacts, type BoardFirmware } from './relay/board-facts.ts';
import { BoardRelay } from './relay/board-relay.ts';
import { BoardSession } from './relay/board-session.ts';
import type { BoardKind } from './relay/board-session-states.ts';
import { BoardSlots } from './relay/board-slots.ts';
import { ClientSessions } from './relay/client-sessions.ts';
import { answerStream } from './relay/local-answers.ts';
import { createRelayCounters, type RelayCounters } from './relay/relay-stats.ts';
import { upstreamOf } from './relay/upstream.ts';
import { WebcamRelay } from './relay/webcam-relay.ts';
import { answerReports } from './reports.ts';
import { type BackoffOptions, DEFAULT_BACKOFF } from './tunnel/backoff.ts';
import { TunnelConnection } from './tunnel/tunnel-connection.ts';
import { GATEWAY_VERSION } from './version.ts';

/** Limits and timings; the defaults follow docs/design.md §5/§5a, tests and benchmarks shorten them. */
export interface GatewayTuning {
  /** Requests at once per board (RRF serves 3 to 6). */
  boardConcurrency: number;
  /** Requests waiting for a board slot; beyond this the gateway answers 503 gateway-busy. */
  maxWaitingPerBoard: number;
  /** Silence allowed before a board's or webcam's answer starts: past it, 504 board-timeout. */
  upstreamTimeoutMs: number;
  /** A board session is kept alive with a cheap request when the board has been quiet this long. */
  sessionKeepAliveMs: number;
  /** Pauses before each retry of a board 503; at most about a second in all. */
  retryDelaysMs: readonly number[];
  maxBoardWebSockets: number;
  /**
   * How old an object-model reading may be when it answers another client asking the same query (docs/design.md
   * §5b): Duet Web Control's own poll interval, so two panels on one machine cost the board one read.
   */
  sharedReadMaxAgeMs: number;
  /** Clients' sessions the gateway keeps at once (docs/design.md §5b); a login beyond is refused as a full board's. */
  maxClientSessions: number;
  /** A client's session without a request for this long ends, as a board's does. */
  clientSessionTimeoutMs: number;
  /** G-code replies kept for client sessions that have not read them yet. */
  maxClientReplyBytes: number;
  maxWebcamStreams: number;
  reconnect: BackoffOptions;
  heartbeat: { intervalMs: number; deadAfterMs: number };
  handshakeTimeoutMs: number;
  /** How often the gateway reports itself to the portal (besides at once and when its board's firmware changes). */
  reportIntervalMs: number;
}

export const DEFAULT_TUNING: GatewayTuning = {
  boardConcurrency: 4,
  maxWaitingPerBoard: 64,
  upstreamTimeoutMs: 25_000,
  sessionKeepAliveMs: 4_000,
  retryDelaysMs: [100, 250, 500],
  maxBoardWebSockets: 8,
  sharedReadMaxAgeMs: 250,
  maxClientSessions: 64,
  clientSessionTimeoutMs: BOARD_LIMITS.sessionTimeoutMs,
  maxClientReplyBytes: 64 * 1024,
  maxWebcamStreams: 4,
  reconnect: DEFAULT_BACKOFF,
  heartbeat: { intervalMs: HEARTBEAT_INTERVAL_MS, deadAfterMs: DEAD_AFTER_MS },
  handshakeTimeoutMs: 15_000,
  reportIntervalMs: REPORT_INTERVAL_MS,
};

export interface GatewayOptions {
  /** Defaults to a silent logger (a library caller brings its own). */
  logger?: Logger;
  /** Source of the reconnect jitter, in [0, 1); injectable for tests. */
  random?: () => number;
  tuning?: Partial<GatewayTuning>;
}

export interface GatewayStats extends RelayCounters {
  /** Successful tunnel connections since start. */
  tunnelConnects: number;
  /** HTTP/2 streams the portal opened. */
  streams: number;
  activeBoardRequests: number;
  waitingBoardRequests: number;
  boardKind: BoardKind | null;
  boardLoggedIn: boolean;
  /** The board's firmware, once the gateway's first request in its board session has read it. */
  boardFirmware: BoardFirmware | null;
  /** Clients' sessions alive, the shared one of keyless clients included. */
  clientSessions: number;
}

export interface GatewayEvents {
  connected: [];
  disconnected: [reason: string];
}

/** A gateway agent running in this process (the CLI runs one; tests, the demo fleet and benches run many). */
export interface RunningGateway extends EventEmitter<GatewayEvents> {
  readonly connected: boolean;
  readonly stats: GatewayStats;
  /** Stops reconnecting, closes the tunnel and logs out of the board. */
  close(): Promise<void>;
}

/** True when `path` is `prefix` itself or lies under it (`prefix/…` or `prefix?…`). */
function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
}

/** One gateway: its tunnel to the portal, its board session and slots, and the relays the portal's streams reach. */
class GatewayAgent extends EventEmitter<GatewayEvents> implements RunningGateway {
  readonly #log: Logger;
  readonly #counters = createRelayCounters();
  readonly #agent: http.Agent;
  readonly #slots: BoardSlots;
  readonly #session: BoardSession;
  readonly #clients: ClientSessions;
  readonly #boardRelay: BoardRelay;
  readonly #webcamRelay: WebcamRelay;
  readonly #tunnel: TunnelConnection;
  readonly #facts = new BoardFacts();
  readonly #startedAt = Date.now();
  readonly #reportIntervalMs: number;
  #streams = 0;

  constructor(config: ValidGatewayConfig, tuning: GatewayTuning, options: GatewayOptions) {
    super();
    const logger = options.logger ?? pino({ level: 'silent' });
    this.#log = logger;
    this.#reportIntervalMs = tuning.reportIntervalMs;
    const board = upstreamOf(config.board);
    // Boards answer Connection: close, so every request is a fresh connection; the agent caps them as a last guard.
    this.#agent = new http.Agent({ keepAlive: false, maxSockets: tuning.boardConcurrency });
    this.#slots = new BoardSlots(tuning.boardConcurrency, tuning.maxWaitingPerBoard);
    this.#session = new BoardSession({
      board,
      password: config.boardPassword,
      agent: this.#agent,
      timeoutMs: tuning.upstreamTimeoutMs,
      keepAliveMs: tuning.sessionKeepAliveMs,
      facts: this.#facts,
      logger,
    });
    this.#clients = new ClientSessions({
      limit: tuning.maxClientSessions,
      timeoutMs: tuning.clientSessionTimeoutMs,
      maxReplyBytes: tuning.maxClientReplyBytes,
    });
    this.#boardRelay = new BoardRelay({
      board,
      session: this.#session,
      clients: this.#clients,
      slots: this.#slots,
      agent: this.#agent,
      timeoutMs: tuning.upstreamTimeoutMs,
      retryDelaysMs: tuning.retryDelaysMs,
      maxWebSockets: tuning.maxBoardWebSockets,
      sharedReadMaxAgeMs: tuning.sharedReadMaxAgeMs,
      counters: this.#counters,
      facts: this.#facts,
      logger,
    });
    this.#webcamRelay = new WebcamRelay({
      webcam: config.webcam ? upstreamOf(config.webcam) : null,
      timeoutMs: tuning.upstreamTimeoutMs,
      maxStreams: tuning.maxWebcamStreams,
      counters: this.#counters,
      logger,
    });
    this.#tunnel = new TunnelConnection({
      server: config.server,
      authorization: gatewayAuthorization(config.controller, config.key),
      version: GATEWAY_VERSION,
      backoff: tuning.reconnect,
      heartbeat: tuning.heartbeat,
      handshakeTimeoutMs: tuning.handshakeTimeoutMs,
      random: options.random ?? Math.random,
      logger,
    });
    this.#tunnel.on('connected', (session) => {
      session.on('stream', (stream, headers) => this.#route(stream, headers));
      this.#session.startKeepAlive(this.#slots);
      this.emit('connected');
    });
    this.#tunnel.on('disconnected', (reason) => {
      this.#session.stopKeepAlive();
      this.emit('disconnected', reason);
    });
  }

  get connected(): boolean {
    return this.#tunnel.connected;
  }

  get stats(): GatewayStats {
    return {
      ...this.#counters,
      gatewayAnswers: { ...this.#counters.gatewayAnswers },
      tunnelConnects: this.#tunnel.connects,
      streams: this.#streams,
      activeBoardRequests: this.#slots.active,
      waitingBoardRequests: this.#slots.waiting,
      boardKind: this.#session.kind,
      boardLoggedIn: this.#session.loggedIn,
      boardFirmware: this.#facts.firmware,
      clientSessions: this.#clients.count,
    };
  }

  start(): void {
    this.#tunnel.start();
  }

  async close(): Promise<void> {
    await this.#tunnel.close();
    await this.#session.logOut();
    this.#agent.destroy();
  }

  /** What the gateway tells the portal about itself and its board (docs/design.md §5b). */
  #report(): GatewayReport {
    const latencyMs = this.#facts.latencyMs;
    const reachable = this.#session.reachable && latencyMs !== null;
    return {
      version: GATEWAY_VERSION,
      uptimeSeconds: Math.floor((Date.now() - this.#startedAt) / 1000),
      board: { reachable, firmware: this.#facts.firmware, latencyMs: reachable ? latencyMs : null },
    };
  }

  #route(stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders): void {
    this.#streams++;
    stream.on('error', (error) => this.#log.debug({ reason: error.message }, 'stream error'));
    const path = String(headers[':path'] ?? '');
    if (isUnder(path, BOARD_PREFIX)) this.#boardRelay.handle(stream, headers);
    else if (isUnder(path, WEBCAM_PREFIX)) this.#webcamRelay.handle(stream, headers);
    else if (path === REPORTS_PATH && headers[':method'] === 'GET') {
      const facts = this.#facts;
      answerReports(
        stream,
        {
          read: () => this.#report(),
          onChange: (listener) => {
            facts.on('firmware', listener);
            return () => facts.off('firmware', listener);
          },
        },
        this.#reportIntervalMs,
      );
    } else {
      this.#counters.gatewayAnswers['bad-request']++;
      answerStream(stream, {
        status: 404,
        answer: 'bad-request',
        text: `Gateway paths start with /board or /webcam, or are ${REPORTS_PATH}.`,
      });
    }
  }
}

/**
 * Starts the gateway agent (docs/design.md §5/§5a): it dials the portal and keeps dialling until closed,
 * serves the portal's HTTP/2 streams by relaying them to its board and webcam, and owns the board session.
 * Throws a ZodError when the configuration is invalid.
 */
export function startGateway(config: GatewayConfig, options: GatewayOptions = {}): RunningGateway {
  const gateway = new GatewayAgent(
    gatewayConfigSchema.parse(config),
    { ...DEFAULT_TUNING, ...options.tuning },
    options,
  );
  gateway.start();
  return gateway;
}
