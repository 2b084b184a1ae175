import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

export interface RecordedRequest {
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
 * A small stand-in for a Duet board, enough to exercise the gateway: RRF's rr_connect with session keys and 401
 * for unknown ones, or DSF's /machine/connect, /machine/noop and object-model WebSocket; faults on demand.
 * (The simulator in packages/board-sim is the faithful one; integration tests use it.)
 */
export class FakeBoard {
  readonly requests: RecordedRequest[] = [];
  /** The next N requests get RRF's bare 503: no headers, no body, connection closed. */
  answer503 = 0;
  /** While set, requests are taken in and left unanswered (until `releaseStalled`). */
  stall = false;
  readonly #stalled: http.ServerResponse[] = [];
  readonly #sessions = new Set<string>();
  #nextKey = 1_000;
  readonly #server = http.createServer((request, response) => this.#handle(request, response));
  readonly #wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  readonly mode: 'rrf' | 'dsf';
  readonly password: string;

  constructor({ mode = 'rrf', password = 'secret' }: { mode?: 'rrf' | 'dsf'; password?: string } = {}) {
    this.mode = mode;
    this.password = password;
    this.#server.on('upgrade', (request, socket, head) => {
      this.requests.push({
        method: 'UPGRADE',
        url: request.url ?? '',
        rawHeaders: request.rawHeaders,
        bodyBytes: 0,
        cutOff: false,
      });
      const url = new URL(request.url ?? '/', 'http://board');
      if (this.mode !== 'dsf' || url.pathname !== '/machine') {
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
        return;
      }
      if (!this.#sessions.has(url.searchParams.get('sessionKey') ?? '')) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
        return;
      }
      this.#wss.handleUpgrade(request, socket, head, (ws) => {
        ws.send(JSON.stringify({ state: { status: 'idle', upTime: 1 } }));
        ws.on('message', (data) => {
          const text = data.toString();
          if (text === 'PING\n') ws.send('PONG\n');
          else if (text === 'OK\n') ws.send(JSON.stringify({ state: { upTime: 2 } }));
        });
      });
    });
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async listen(): Promise<this> {
    this.#server.listen(0, '127.0.0.1');
    await once(this.#server, 'listening');
    return this;
  }

  async close(): Promise<void> {
    for (const ws of this.#wss.clients) ws.terminate();
    this.#server.closeAllConnections();
    this.#server.close();
  }

  /** The board forgets every session, as after 8 s of silence or a reboot. */
  expireSessions(): void {
    this.#sessions.clear();
  }

  /** Answers every stalled request with 200. */
  releaseStalled(): void {
    this.stall = false;
    for (const response of this.#stalled.splice(0)) this.#json(response, 200, { released: true });
  }

  /** Object-model WebSockets open right now (DSF). */
  get openSockets(): number {
    return this.#wss.clients.size;
  }

  get stalledCount(): number {
    return this.#stalled.length;
  }

  requestsTo(pathname: string): RecordedRequest[] {
    return this.requests.filter((request) => request.url.split('?')[0] === pathname);
  }

  #handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const recorded: RecordedRequest = {
      method: request.method ?? '',
      url: request.url ?? '',
      rawHeaders: request.rawHeaders,
      bodyBytes: 0,
      cutOff: false,
    };
    this.requests.push(recorded);
    request.on('data', (chunk: Buffer) => {
      recorded.bodyBytes += chunk.length;
    });
    request.on('close', () => {
      recorded.cutOff = !request.complete;
    });
    if (this.stall) {
      this.#stalled.push(response);
      return;
    }
    if (this.answer503 > 0) {
      this.answer503--;
      request.socket.end('HTTP/1.1 503 Service Unavailable\r\n\r\n');
      return;
    }
    const url = new URL(request.url ?? '/', 'http://board');
    const key = request.headers['x-session-key'];
    const authenticated = typeof key === 'string' && this.#sessions.has(key);
    if (this.mode === 'rrf') this.#rrf(request, response, url, authenticated);
    else this.#dsf(request, response, url, authenticated);
  }

  #rrf(request: http.IncomingMessage, response: http.ServerResponse, url: URL, authenticated: boolean) {
    const key = String(request.headers['x-session-key']);
    switch (url.pathname) {
      case '/rr_connect': {
        if (url.searchParams.get('password') !== this.password) return this.#json(response, 200, { err: 1 });
        const sessionKey = this.#nextKey++;
        this.#sessions.add(String(sessionKey));
        return this.#json(response, 200, {
          err: 0,
          sessionTimeout: 8000,
          boardType: 'duet3mb6hc102',
          apiLevel: 2,
          sessionKey,
        });
      }
      case '/rr_disconnect':
        this.#sessions.delete(key);
        return this.#json(response, 200, { err: 0 });
    }
    if (!authenticated) {
      response.writeHead(401).end('Not authorized');
      return;
    }
    switch (url.pathname) {
      case '/rr_model':
        return this.#json(response, 200, {
          key: url.searchParams.get('key') ?? '',
          flags: url.searchParams.get('flags') ?? '',
          result: { status: 'idle' },
        });
      case '/rr_upload':
        request.on('end', () => this.#json(response, 200, { err: 0 }));
        request.resume();
        return;
      case '/rr_download': {
        const size = Number(url.searchParams.get('size') ?? 0);
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
        response.end(Buffer.alloc(size, 1));
        return;
      }
      default:
        response.writeHead(200, { 'content-type': 'text/plain' }).end('page');
    }
  }

  #dsf(request: http.IncomingMessage, response: http.ServerResponse, url: URL, authenticated: boolean) {
    if (url.pathname === '/machine/connect') {
      if (url.searchParams.get('password') !== this.password) {
        response.writeHead(403).end();
        return;
      }
      const sessionKey = (this.#nextKey++).toString(16).padStart(32, 'a');
      this.#sessions.add(sessionKey);
      return this.#json(response, 200, { sessionKey });
    }
    if (!url.pathname.startsWith('/machine/')) {
      response.writeHead(404).end('Not Found');
      return;
    }
    if (!authenticated) {
      response.writeHead(401).end();
      return;
    }
    if (url.pathname === '/machine/noop') {
      response.writeHead(204).end();
      return;
    }
    if (url.pathname.startsWith('/machine/file/') && request.method === 'PUT') {
      request.on('end', () => response.writeHead(201).end());
      request.resume();
      return;
    }
    this.#json(response, 200, { state: { status: 'idle' } });
  }

  #json(response: http.ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      connection: 'close',
    });
    response.end(text);
  }
}
