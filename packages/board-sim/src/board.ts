import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { BoardMode, FirmwareVersion } from '@portal/duet';
import type { WebSocketServer } from 'ws';
import { type SbcContext, serveSbc } from './http/dsf-server.ts';
import { DsfSessions } from './http/dsf-sessions.ts';
import { attachModelSocket } from './http/dsf-socket.ts';
import { type BoardFaults, FaultSwitches } from './http/faults.ts';
import { DEFAULT_PASSWORD } from './http/passwords.ts';
import type { RrApiContext, RrAuth } from './http/rr-api.ts';
import { serveStandalone } from './http/rrf-server.ts';
import { RrfSessions } from './http/rrf-sessions.ts';
import { Machine } from './machine/machine.ts';
import { SdCard } from './sd/sd-card.ts';
import { seedCard } from './sd/seed.ts';

export type BoardScenario = 'idle' | 'printing' | 'paused' | 'halted' | 'simulating';

export interface BoardOptions {
  /** Default '3.6'. */
  firmware?: FirmwareVersion;
  /**
   * The exact version the board reports (`boards[0].firmwareVersion`, M115), e.g. '3.5.2', as a fleet runs
   * several releases of one line; default the line's release the simulator models (3.4.6, 3.5.4, 3.6.1).
   */
  release?: string;
  /** Default 'standalone' (RRF `rr_*`); 'sbc' = DSF `/machine/*` (+ rr_* emulation from 3.5). */
  mode?: BoardMode;
  /** Default 'reprap' (= no password). */
  password?: string;
  /** `network.name`; default 'Duet Simulator'. */
  name?: string;
  /** Default 127.0.0.1 and 0 (an ephemeral port). */
  host?: string;
  port?: number;
  /** State once booted; 'printing' = a job already part-way. Default 'idle'. */
  initial?: BoardScenario;
  /** Simulated time runs this many times faster than wall time (default 1). */
  timeScale?: number;
  /** Default true: a timer advances simulated time; false: only `advance(ms)` does. */
  autoAdvance?: boolean;
  /** Files placed under 0:/www (relative paths); default: the simulator's own page. */
  www?: ReadonlyMap<string, Uint8Array>;
}

export type ResolvedBoardOptions = Readonly<
  Required<Omit<BoardOptions, 'www' | 'release'>> & Pick<BoardOptions, 'www' | 'release'>
>;

export interface RunningBoard {
  /** `http://host:port` */
  readonly url: string;
  readonly port: number;
  readonly options: ResolvedBoardOptions;
  /** The current object model as plain JSON: RRF's view with `seqs` (standalone) or DSF's (sbc). */
  model(): Record<string, unknown>;
  /** Runs G-code as a client would; resolves with the reply text once it has run. */
  runGcode(code: string): Promise<string>;
  /** Steps simulated time by `ms`. */
  advance(ms: number): void;
  readonly faults: BoardFaults;
  /**
   * Forgets every session at once, as after 8 s of silence: the next request on an old session key is refused
   * (401) until its client logs in again.
   */
  forgetSessions(): void;
  /** Sessions the board holds now (RRF's table of at most 8, or DSF's), time-outs applied. */
  sessionCount(): number;
  /** The in-memory SD card, to read or write files directly. */
  readonly sd: SdCard;
  close(): Promise<void>;
}

/** Wall-clock interval of the simulation timer; each tick advances `TICK_MS * timeScale` simulated ms. */
export const TICK_MS = 1000;
/** A 16 GB card, as shipped with Duet boards. */
const SD_CAPACITY_BYTES = 15_931_539_456;

function resolveOptions(options: BoardOptions): ResolvedBoardOptions {
  return {
    firmware: options.firmware ?? '3.6',
    mode: options.mode ?? 'standalone',
    password: options.password ?? DEFAULT_PASSWORD,
    name: options.name ?? 'Duet Simulator',
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    initial: options.initial ?? 'idle',
    timeScale: options.timeScale ?? 1,
    autoAdvance: options.autoAdvance ?? true,
    www: options.www,
    release: options.release,
  };
}

function rrfAuth(sessions: RrfSessions, machine: Machine): RrAuth {
  return {
    session: (request) => sessions.find(request.ip, sessions.keyOf(request.keyHeader)),
    login: (request, withKey) => sessions.open(request.ip, withKey, machine.replies.seq),
    logout: (request) => sessions.close(request.ip, sessions.keyOf(request.keyHeader)),
  };
}

/** DSF's rr_* emulation keeps address-based sessions only. */
function emulationAuth(sessions: DsfSessions, machine: Machine): RrAuth {
  return {
    session: (request) => sessions.find(request.ip, undefined),
    login: (request) => {
      sessions.createForAddress(request.ip, machine.replies.seq);
      return { key: 0 };
    },
    logout: (request) => sessions.remove(request.ip, undefined),
  };
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Starts a simulated Duet board (standalone RRF or SBC with DSF) listening on `host:port`. */
export async function startBoard(options: BoardOptions = {}): Promise<RunningBoard> {
  const resolved = resolveOptions(options);
  const now = () => new Date();
  let machine: Machine | undefined;
  const sd = new SdCard({
    volumes: 2,
    capacityBytes: SD_CAPACITY_BYTES,
    onChange: (volume) => machine?.volumeChanged(volume),
    now,
  });
  seedCard(sd, { machineName: resolved.name, www: resolved.www, now: now() });
  const running = new Machine({
    firmware: resolved.firmware,
    release: resolved.release,
    mode: resolved.mode,
    name: resolved.name,
    host: resolved.host,
    sd,
    now,
  });
  machine = running;
  if (resolved.initial !== 'idle') running.applyScenario(resolved.initial);

  const faults = new FaultSwitches();
  const uploads = { lastFailed: false };
  const standalone = resolved.mode === 'standalone';
  const rrfSessions = new RrfSessions(resolved.firmware);
  const dsfSessions = new DsfSessions();
  const rrApi: RrApiContext = {
    firmware: resolved.firmware,
    emulated: !standalone,
    password: resolved.password,
    machine: running,
    sd,
    auth: standalone ? rrfAuth(rrfSessions, running) : emulationAuth(dsfSessions, running),
    uploads,
  };
  if (standalone) running.onReboot(() => rrfSessions.clear());
  const sbc: SbcContext = {
    firmware: resolved.firmware,
    password: resolved.password,
    machine: running,
    sd,
    sessions: dsfSessions,
    faults,
    rrApi,
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const served = standalone
      ? serveStandalone({ api: rrApi, sessions: rrfSessions, faults }, request)
      : serveSbc(sbc, request, response);
    served.catch(() => request.socket.destroy());
  };
  // RRF's parser needs no Host header and never sends `100 Continue` (curl then sends the body anyway).
  const server = createServer({ requireHostHeader: false, maxHeaderSize: 16 * 1024 }, handle);
  if (standalone) server.on('checkContinue', handle);
  server.on('connection', (socket: Socket) => faults.admit(socket));
  let modelSockets: WebSocketServer | undefined;
  if (!standalone) modelSockets = attachModelSocket(server, sbc);
  const port = await listen(server, resolved.host, resolved.port);

  const timer = resolved.autoAdvance
    ? setInterval(() => running.advance(TICK_MS * resolved.timeScale), TICK_MS)
    : undefined;
  timer?.unref();

  return {
    url: `http://${resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host}:${port}`,
    port,
    options: resolved,
    model: () => structuredClone(standalone ? running.rrfModel() : running.dsfModel()),
    runGcode: (code) => running.execute(code, { logReply: standalone }),
    advance: (ms) => running.advance(ms),
    faults,
    forgetSessions: () => {
      rrfSessions.clear();
      dsfSessions.clear();
    },
    sessionCount: () => (standalone ? rrfSessions.count : dsfSessions.count),
    sd,
    close: () =>
      new Promise<void>((resolve) => {
        if (timer) clearInterval(timer);
        for (const client of modelSockets?.clients ?? []) client.terminate();
        modelSockets?.close();
        server.close(() => resolve());
        faults.shutdown();
        server.closeAllConnections();
      }),
  };
}
