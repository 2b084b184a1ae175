/**
 * The bytes mjpg-streamer's output_http plugin sends (docs/duet-http.md §5), kept byte for byte: HTTP/1.0,
 * its header order and spelling (`Content-type` in the snapshot and error answers), the boundary with no
 * space after `;`, and no closing boundary.
 */

export const BOUNDARY = 'boundarydonotcross';

const STANDARD_HEADERS =
  'Connection: close\r\n' +
  'Server: MJPG-Streamer/0.2\r\n' +
  'Cache-Control: no-store, no-cache, must-revalidate, pre-check=0, post-check=0, max-age=0\r\n' +
  'Pragma: no-cache\r\n' +
  'Expires: Mon, 3 Jan 2000 12:34:56 GMT\r\n';

export type WebcamRequest = 'stream' | 'snapshot' | 'not-found';

/**
 * What a request line asks for. Like mjpg-streamer, only `GET /?action=stream` and `GET /?action=snapshot`
 * are answered, whatever query parameters follow (`&dummy=…` from Duet Web Control); a prefixed path does
 * not match.
 */
export function classifyRequest(requestLine: string): WebcamRequest {
  const [method, target] = requestLine.split(' ');
  if (method !== 'GET' || target === undefined) return 'not-found';
  for (const action of ['stream', 'snapshot'] as const) {
    const prefix = `/?action=${action}`;
    if (target === prefix || target.startsWith(`${prefix}&`)) return action;
  }
  return 'not-found';
}

/** `<seconds>.<microseconds, 6 digits>`, as mjpg-streamer prints the capture time. */
export function timestampOf(epochMs: number): string {
  const seconds = Math.floor(epochMs / 1000);
  const microseconds = Math.floor((epochMs - seconds * 1000) * 1000);
  return `${seconds}.${String(microseconds).padStart(6, '0')}`;
}

export function streamHead(): string {
  return (
    'HTTP/1.0 200 OK\r\n' +
    'Access-Control-Allow-Origin: *\r\n' +
    STANDARD_HEADERS +
    `Content-Type: multipart/x-mixed-replace;boundary=${BOUNDARY}\r\n` +
    '\r\n' +
    `--${BOUNDARY}\r\n`
  );
}

/** One frame of the stream: its part headers, the JPEG and the boundary that opens the next part. */
export function streamPart(jpeg: Buffer, epochMs: number): Buffer {
  return Buffer.concat([
    Buffer.from(
      'Content-Type: image/jpeg\r\n' +
        `Content-Length: ${jpeg.length}\r\n` +
        `X-Timestamp: ${timestampOf(epochMs)}\r\n` +
        '\r\n',
    ),
    jpeg,
    Buffer.from(`\r\n--${BOUNDARY}\r\n`),
  ]);
}

/** A snapshot has no Content-Length: its body ends when the connection closes. */
export function snapshotAnswer(jpeg: Buffer, epochMs: number): Buffer {
  return Buffer.concat([
    Buffer.from(
      'HTTP/1.0 200 OK\r\n' +
        'Access-Control-Allow-Origin: *\r\n' +
        STANDARD_HEADERS +
        'Content-type: image/jpeg\r\n' +
        `X-Timestamp: ${timestampOf(epochMs)}\r\n` +
        '\r\n',
    ),
    jpeg,
  ]);
}

export function notFoundAnswer(): string {
  return (
    'HTTP/1.0 404 Not Found\r\n' +
    'Content-type: text/plain\r\n' +
    STANDARD_HEADERS +
    '\r\n' +
    '404: Not Found!\r\n' +
    'Could not open file'
  );
}
