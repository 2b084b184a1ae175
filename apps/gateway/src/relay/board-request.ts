import { BOARD_LIMITS, SESSION_KEY_HEADER } from '@portal/duet/protocol';

/**
 * What the gateway sends a board must be what a board accepts (docs/design.md §5a, docs/duet-http.md §1.1):
 * RRF parses `%XX` escapes with upper-case hex only, takes no literal `"`, reads at most 1460 bytes of
 * request head and rejects chunked uploads. Clients behind the portal (PrusaSlicer, Cura, browsers) send all
 * of these, so the request is written here from the board request the gateway read (`parseBoardRequest`, the
 * portal's own reading), never forwarded as the client spelled it.
 */

/** A request as it will be written to the board, header by header, so its size is known before it is sent. */
export interface BoardRequestHead {
  method: string;
  /** Path and query as written for the board. */
  target: string;
  headers: [name: string, value: string][];
  /** Body length when the request carries one (uploads); undefined otherwise. */
  contentLength: number | undefined;
}

export interface BoardRequestInput {
  method: string;
  /**
   * Path and query as the board gets them: `serializeBoardTarget` of a client's request read with
   * `parseBoardRequest`, or the gateway's own (written with `encodeBoardQuery`).
   */
  target: string;
  /** `host:port` of the board. */
  host: string;
  /** The gateway's own board session key, when the board gave one. */
  sessionKey: string | null;
  contentType: string | undefined;
  contentLength: string | undefined;
}

export type BoardRequestResult =
  | { ok: true; head: BoardRequestHead }
  | { ok: false; status: 400 | 411; reason: string };

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const CONTENT_LENGTH = /^[0-9]{1,15}$/;

/** Size in bytes of the request line and headers as Node writes them. */
export function headBytes(head: Pick<BoardRequestHead, 'method' | 'target' | 'headers'>): number {
  let text = `${head.method} ${head.target} HTTP/1.1\r\n`;
  for (const [name, value] of head.headers) text += `${name}: ${value}\r\n`;
  return Buffer.byteLength(`${text}\r\n`, 'latin1');
}

/**
 * The head the board gets: method, the target as written for the board, Host, `Connection: close` (boards close anyway), the
 * gateway's session key, and Content-Type/Content-Length only for a request with a body. Nothing else of the
 * client's (cookies, forwarding headers, its own session key) ever reaches the board.
 */
export function buildBoardRequest(input: BoardRequestInput): BoardRequestResult {
  const method = input.method.toUpperCase();
  const hasBody =
    BODY_METHODS.has(method) || (input.contentLength !== undefined && input.contentLength !== '0');
  if (hasBody && (input.contentLength === undefined || !CONTENT_LENGTH.test(input.contentLength))) {
    return {
      ok: false,
      status: 411,
      reason: 'A request body needs a Content-Length: boards refuse chunked uploads.',
    };
  }
  const headers: [string, string][] = [
    ['Host', input.host],
    ['Connection', 'close'],
  ];
  if (input.sessionKey) headers.push([SESSION_KEY_HEADER, input.sessionKey]);
  if (hasBody) {
    if (input.contentType) headers.push(['Content-Type', input.contentType]);
    headers.push(['Content-Length', input.contentLength as string]);
  }
  const head = {
    method,
    target: input.target,
    headers,
    contentLength: hasBody ? Number(input.contentLength) : undefined,
  };
  if (headBytes(head) > BOARD_LIMITS.maxHeadBytes) {
    return {
      ok: false,
      status: 400,
      reason: `The request head would exceed the ${BOARD_LIMITS.maxHeadBytes} bytes a board reads.`,
    };
  }
  return { ok: true, head };
}

/** The target with credentials a client or the gateway put in the query (`password`, `sessionKey`) masked, for logs. */
export function redactTarget(target: string): string {
  return target.replace(/([?&](?:password|sessionKey)=)[^&]*/gi, '$1***');
}
