import type { Socket } from 'node:net';
import { type ApiResult, contentTypeOf } from './api-result.ts';
import type { FaultSwitches } from './faults.ts';

/** RRF's rejection page (HttpResponder RejectMessage): status line, Connection: close, no length, HTML. */
function rejectionPage(reason: string): string {
  return (
    '<html>\n<head>\n</head>\n<body>\n<p style="font-size: 16pt; text-align: center; margin-top:50px">' +
    `Your Duet rejected the HTTP request: ${reason}</p>\n</body>\n`
  );
}

const NO_CACHE = 'Cache-Control: no-cache, no-store, must-revalidate\r\nPragma: no-cache\r\nExpires: 0\r\n';
const encoder = new TextEncoder();

/** RRF's answer when it runs out of output buffers: a bare status line, then the connection closes. */
export const SERVICE_UNAVAILABLE = 'HTTP/1.1 503 Service Unavailable\r\n\r\n';

function render(result: ApiResult): { head: string; body: Uint8Array } {
  switch (result.kind) {
    case 'json':
    case 'text': {
      const body = encoder.encode(result.kind === 'json' ? JSON.stringify(result.value) : result.text);
      const type = result.kind === 'json' ? 'application/json' : 'text/plain';
      return {
        head: `HTTP/1.1 200 OK\r\n${NO_CACHE}Content-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        body,
      };
    }
    case 'file':
      return {
        head:
          `HTTP/1.1 200 OK\r\n${result.noCache ? NO_CACHE : ''}Content-Type: ${result.contentType ?? contentTypeOf(result.name)}\r\n` +
          `${result.gzip ? 'Content-Encoding: gzip\r\n' : ''}Content-Length: ${result.data.length}\r\nConnection: close\r\n\r\n`,
        body: result.data,
      };
    case 'reject':
      return {
        head: `HTTP/1.1 ${result.status} ${result.reason}\r\nConnection: close\r\n\r\n`,
        body: encoder.encode(rejectionPage(result.reason)),
      };
    case 'empty':
      return {
        head: `HTTP/1.1 204 No Content\r\nAllow: OPTIONS, GET, POST\r\n${NO_CACHE}Content-Length: 0\r\n\r\n`,
        body: new Uint8Array(),
      };
  }
}

/** Where a body goes: a raw socket (RRF) or a server response (DSF). */
export interface BodySink {
  write(chunk: Uint8Array, done?: () => void): unknown;
  end(): unknown;
  destroy(): unknown;
}

/** Writes a body and ends it, or writes only its first bytes and then resets when the drop fault is on. */
export function writeBody(sink: BodySink, body: Uint8Array, faults: FaultSwitches): void {
  const limit = faults.dropAfterBytes;
  if (limit !== null && body.length > limit) {
    sink.write(body.subarray(0, limit), () => sink.destroy());
    return;
  }
  if (body.length > 0) sink.write(body);
  sink.end();
}

/** Writes an answer the way RRF does, straight onto the connection, and closes it. */
export function writeRrf(socket: Socket, result: ApiResult, faults: FaultSwitches): void {
  if (socket.destroyed) return;
  const { head, body } = render(result);
  socket.write(head);
  writeBody(socket, body, faults);
}
