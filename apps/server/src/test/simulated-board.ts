import http from 'node:http';
import type http2 from 'node:http2';
import { BOOT_MS, type BoardOptions, type RunningBoard, startBoard } from '@portal/board-sim';
import { BOARD_PREFIX, GATEWAY_ANSWER_HEADER, type GatewayAnswer } from '@portal/tunnel';
import { afterAll } from 'vitest';
import type { InProcessTunnelRegistry } from '../modules/gateway/tunnel-registry.ts';
import type { ApiTest } from './api-test.ts';
import { connectFakeGateway, type FakeGateway } from './fake-gateway.ts';

/** Headers of one HTTP/1.1 connection, which an HTTP/2 answer may not carry. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
]);

/** An answer the gateway gives itself, instead of the board's. */
export interface GatewayOwnAnswer {
  status: number;
  gateway?: GatewayAnswer;
}

/**
 * The board simulator (packages/board-sim) behind a fake gateway's end of a real tunnel (test/fake-gateway.ts):
 * every `/board/…` stream the portal opens goes to the simulator over loopback and its answer comes back as it
 * is, so the portal reads a board that answers, counts `seqs`, tells RRF from DSF and stalls (`board.faults`) as
 * a real one does. Its clock moves only when a test calls `board.advance`, so what the portal reads is exactly
 * what the test set up. Like the gateway, it answers 503 `board-unreachable` when the board cannot be reached
 * (`board.faults.offline`); `gatewayAnswer` stands for the gateway's other answers of its own.
 */
export class TunnelledBoard {
  readonly board: RunningBoard;
  /** Board paths requested, in order, without the tunnel's `/board` prefix. */
  readonly requests: string[] = [];
  /** The most requests the board had at once. */
  maxInFlight = 0;
  /** Set: the gateway answers every request itself, with this status and answer header. */
  gatewayAnswer: GatewayOwnAnswer | null = null;
  #inFlight = 0;
  #gateway: FakeGateway | null = null;

  constructor(board: RunningBoard) {
    this.board = board;
  }

  /** Dials the tunnel of `controllerId` as the board's gateway. */
  async connect(registry: InProcessTunnelRegistry, controllerId: number): Promise<FakeGateway> {
    this.#gateway = await connectFakeGateway(registry, controllerId, (stream, headers) =>
      this.#relay(stream, headers),
    );
    return this.#gateway;
  }

  /** Closes the tunnel (if still open) and stops the board. */
  async close(): Promise<void> {
    await this.#gateway?.disconnect();
    await this.board.close();
  }

  #relay(stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders): void {
    const path = String(headers[':path']).slice(BOARD_PREFIX.length);
    this.requests.push(path);
    this.#inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.#inFlight);
    stream.once('close', () => {
      this.#inFlight -= 1;
    });
    if (this.gatewayAnswer) {
      const { status, gateway } = this.gatewayAnswer;
      stream.respond({ ':status': status, ...(gateway && { [GATEWAY_ANSWER_HEADER]: gateway }) });
      stream.end();
      return;
    }
    // What the gateway sends of a request's own head: its body's type and length (boards refuse chunked uploads).
    const forwarded: Record<string, string> = {};
    for (const name of ['content-type', 'content-length', 'x-session-key']) {
      const value = headers[name];
      if (typeof value === 'string') forwarded[name] = value;
    }
    const request = http.request(`${this.board.url}${path}`, {
      method: String(headers[':method']),
      headers: forwarded,
      agent: false,
    });
    request.on('response', (answer) => {
      const head: http2.OutgoingHttpHeaders = { ':status': answer.statusCode ?? 502 };
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!CONNECTION_HEADERS.has(name)) head[name] = value;
      }
      if (stream.destroyed) {
        answer.destroy();
        return;
      }
      stream.respond(head);
      answer.pipe(stream);
    });
    request.on('error', () => {
      if (stream.destroyed) return;
      if (stream.headersSent) stream.destroy();
      else {
        stream.respond({ ':status': 503, [GATEWAY_ANSWER_HEADER]: 'board-unreachable' });
        stream.end();
      }
    });
    // The portal gave up on the request (its time-out, or the tunnel closed): so does the gateway.
    stream.once('close', () => request.destroy());
    stream.pipe(request);
  }
}

/**
 * A booted simulated board (`options` as `startBoard` takes them; its clock stopped unless the test advances it),
 * its gateway connected to `controllerId`'s tunnel once `prepare` has set it up (a print, a fault), so the portal's
 * first request already meets that.
 */
export async function connectSimulatedBoard(
  registry: InProcessTunnelRegistry,
  controllerId: number,
  options: BoardOptions = {},
  prepare?: (board: TunnelledBoard) => void,
): Promise<TunnelledBoard> {
  const board = await startBoard({ autoAdvance: false, ...options });
  if ((options.initial ?? 'idle') === 'idle') board.advance(BOOT_MS);
  const tunnelled = new TunnelledBoard(board);
  prepare?.(tunnelled);
  await tunnelled.connect(registry, controllerId);
  return tunnelled;
}

/**
 * Simulated boards for demo groups of an API test file's app, each dialled in as the group's controller once
 * `prepare` has set it up (as connectSimulatedBoard does), all closed after the file's tests.
 */
export function useDemoGroupBoards(t: Pick<ApiTest, 'demoGroup' | 'modules'>) {
  const boards: TunnelledBoard[] = [];
  afterAll(async () => {
    await Promise.all(boards.map((board) => board.close()));
  });
  return {
    async connect(groupName: string, options: BoardOptions = {}, prepare?: (board: TunnelledBoard) => void) {
      const group = await t.demoGroup(groupName);
      const board = await connectSimulatedBoard(
        t.modules.gateway.registry,
        group.computerControllerId,
        options,
        prepare,
      );
      boards.push(board);
      return { group, board };
    },
  };
}

/**
 * Writes a sliced G-code file of exactly `size` bytes whose slicer print time is `printSeconds` and which heats
 * nothing, so a print of it starts at once and its progress is exact: after t seconds, `job.duration` is t,
 * `job.filePosition` size·t/printSeconds and `timesLeft.file` printSeconds − t.
 */
export function writeSlicedFile(
  board: RunningBoard,
  path: string,
  { size, printSeconds }: { size: number; printSeconds: number },
): void {
  const head = `; estimated printing time (normal mode) = ${printSeconds}s\nM140 S0\nM104 S0\n`;
  if (head.length > size) throw new RangeError(`a sliced file needs at least ${head.length} bytes`);
  board.sd.write(path, new TextEncoder().encode(head.padEnd(size - 1, ';').concat('\n')));
}

/**
 * Starts printing `path` and runs it `seconds` of simulated time, all before anything else runs, so the portal
 * never reads a state in between. The first millisecond is the warm-up a print always has.
 */
export function printFor(board: RunningBoard, path: string, seconds: number): void {
  void board.runGcode(`M32 "${path}"`);
  board.advance(1);
  board.advance(seconds * 1000);
}
