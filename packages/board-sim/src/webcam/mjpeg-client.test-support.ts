import { connect, type Socket } from 'node:net';
import { MultipartParser, type MultipartPart } from '@remix-run/multipart-parser/node';

/** A raw HTTP client for tests: it keeps the exact bytes of the answer's head and reads MJPEG parts. */
export interface RawExchange {
  readonly socket: Socket;
  /** The status line and headers as sent, up to the blank line; '' until they arrive. */
  head(): string;
  /** Everything after the head, when no boundary was given. */
  body(): Buffer;
  /** Multipart parts read so far (only when asked for with a boundary). */
  readonly parts: MultipartPart[];
  /** Resolves when the server closes the connection. */
  readonly closed: Promise<void>;
}

/** Sends `GET target` (or another request line) and collects the answer as it comes. */
export function request(port: number, requestLine: string, boundary?: string): RawExchange {
  const socket = connect(port, '127.0.0.1');
  socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\nUser-Agent: test\r\n\r\n`);
  let head = Buffer.alloc(0);
  let headEnd = -1;
  const bodyChunks: Buffer[] = [];
  const parts: MultipartPart[] = [];
  const parser = boundary
    ? new MultipartParser(boundary, {
        maxParts: Number.MAX_SAFE_INTEGER,
        maxTotalSize: Number.MAX_SAFE_INTEGER,
      })
    : null;
  socket.on('data', (chunk: Buffer) => {
    if (headEnd === -1) {
      head = Buffer.concat([head, chunk]);
      headEnd = head.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      chunk = head.subarray(headEnd + 4);
      head = head.subarray(0, headEnd + 4);
    }
    // A stream's parts are kept by the parser; only a plain answer keeps its raw body.
    if (parser) for (const part of parser.write(chunk)) parts.push(part);
    else bodyChunks.push(chunk);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return {
    socket,
    head: () => (headEnd === -1 ? '' : head.toString('latin1')),
    body: () => Buffer.concat(bodyChunks),
    parts,
    closed,
  };
}
