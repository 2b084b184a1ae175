import { connect } from 'node:net';

export interface RawResponse {
  /** Everything the server sent, as text. */
  readonly raw: string;
  readonly status: number;
  readonly reason: string;
  /** Header names in lower case. */
  readonly headers: ReadonlyMap<string, string>;
  readonly body: string;
}

/**
 * Sends bytes exactly as given over a fresh connection and reads until the server closes it: for what a
 * fetch client would normalise (escapes, header sizes, methods, bare status lines).
 */
export function rawExchange(port: number, request: string | Uint8Array): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      const split = raw.indexOf('\r\n\r\n');
      const head = split < 0 ? raw : raw.slice(0, split);
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const match = /^HTTP\/1\.[01] (\d{3}) ?(.*)$/.exec(statusLine);
      const headers = new Map(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({
        raw,
        status: match ? Number(match[1]) : 0,
        reason: match?.[2] ?? '',
        headers,
        body: split < 0 ? '' : raw.slice(split + 4),
      });
    });
    // No half-close: like real clients, keep sending side open until the server closes.
    socket.write(request);
  });
}

/** A GET with a minimal head, as a slicer or the gateway would send it. */
export function rawGet(
  port: number,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return rawExchange(
    port,
    `GET ${target} HTTP/1.1\r\nHost: board\r\nConnection: close\r\n${lines.join('')}\r\n`,
  );
}

/** GETs a JSON answer with fetch. */
export async function getJson<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}
