import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  BOOT_MS,
  type BoardFaults,
  type BoardOptions,
  type RunningBoard,
  startBoard,
} from '@portal/board-sim';

export interface RecordedRequest {
  /** The method, or `UPGRADE` for a WebSocket handshake. */
  method: string;
  /** The request target exactly as it arrived. */
  url: string;
  /** Header names and values exactly as they arrived. */
  rawHeaders: string[];
  bodyBytes: number;
  /** The connection closed before the whole request had arrived. */
  cutOff: boolean;
}

/**
 * The board simulator (packages/board-sim) behind a recorder. The simulator answers, keeps the sessions and
 * takes the fault switches (`board.faults`, `board.forgetSessions()`), as a real board would; the recorder in
 * front keeps every request exactly as the gateway sent it (target, header names in order, body bytes, whether it
 * was cut off), which the byte-exact checks of what a gateway sends need and a board never reports.
 */
export class RecordedBoard {
  readonly requests: RecordedRequest[] = [];
  readonly #server = http.createServer((request, response) => this.#forward(request, response));
  readonly #sockets = new Set<Socket>();
  readonly board: RunningBoard;

  private constructor(board: RunningBoard) {
    this.board = board;
    this.#server.on('upgrade', (request, socket: Socket, head: Buffer) =>
      this.#upgrade(request, socket, head),
    );
  }

  /** A booted simulated board with `options` (a password, SBC mode…) behind a recorder. */
  static async start(options: BoardOptions = {}): Promise<RecordedBoard> {
    const board = await startBoard(options);
    board.advance(BOOT_MS);
    const recorded = new RecordedBoard(board);
    recorded.#server.listen(0, '127.0.0.1');
    await once(recorded.#server, 'listening');
    return recorded;
  }

  /** The simulator's fault switches. */
  get faults(): BoardFaults {
    return this.board.faults;
  }

  /** The board forgets every session, as after 8 s of silence. */
  forgetSessions(): void {
    this.board.forgetSessions();
  }

  /** Where the gateway finds the board: the recorder's address. */
  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Object-model WebSockets open through the recorder right now (DSF). */
  get openSockets(): number {
    return this.#sockets.size;
  }

  requestsTo(pathname: string): RecordedRequest[] {
    return this.requests.filter((request) => request.url.split('?')[0] === pathname);
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    this.#server.closeAllConnections();
    this.#server.close();
    await this.board.close();
  }

  #record(request: http.IncomingMessage, method = request.method ?? ''): RecordedRequest {
    const recorded = {
      method,
      url: request.url ?? '',
      rawHeaders: request.rawHeaders,
      bodyBytes: 0,
      cutOff: false,
    };
    this.requests.push(recorded);
    return recorded;
  }

  /** The upstream request to the simulator, with the headers as they arrived (names, case and order). */
  #toBoard(request: http.IncomingMessage): http.ClientRequest {
    const { port } = new URL(this.board.url);
    return http.request({
      host: '127.0.0.1',
      port,
      method: request.method,
      path: request.url,
      headers: request.rawHeaders,
      agent: false,
    });
  }

  #forward(request: http.IncomingMessage, response: http.ServerResponse): void {
    const recorded = this.#record(request);
    request.on('data', (chunk: Buffer) => {
      recorded.bodyBytes += chunk.length;
    });
    request.on('close', () => {
      recorded.cutOff = !request.complete;
    });
    const upstream = this.#toBoard(request);
    upstream.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(response);
    });
    // The board cut the connection (a bare 503, a dropped upload): so does the recorder.
    upstream.on('error', () => response.socket?.destroy());
    request.pipe(upstream);
    request.on('close', () => {
      if (!request.complete) upstream.destroy();
    });
  }

  #upgrade(request: http.IncomingMessage, socket: Socket, head: Buffer): void {
    this.#record(request, 'UPGRADE');
    socket.on('error', () => {});
    const upstream = this.#toBoard(request);
    upstream.on('upgrade', (answer, board: Socket, boardHead: Buffer) => {
      socket.write(`HTTP/1.1 101 ${answer.statusMessage}\r\n${headLines(answer.rawHeaders)}\r\n`);
      if (boardHead.length > 0) socket.write(boardHead);
      if (head.length > 0) board.write(head);
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
      board.on('error', () => socket.destroy());
      socket.on('close', () => board.destroy());
      board.on('close', () => socket.destroy());
      board.pipe(socket).pipe(board);
    });
    upstream.on('response', (answer) => {
      socket.end(
        `HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\n${headLines(answer.rawHeaders)}\r\n`,
      );
      answer.resume();
    });
    upstream.on('error', () => socket.destroy());
    upstream.end();
  }
}

const headLines = (rawHeaders: string[]) =>
  rawHeaders.reduce(
    (lines, value, index) => (index % 2 === 0 ? lines : `${lines}${rawHeaders[index - 1]}: ${value}\r\n`),
    '',
  );
