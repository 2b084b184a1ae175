import { type BoardMethod, type BoardRequest, boardRequest, parseBoardRequest } from '@portal/duet/protocol';
import { AppError } from '../../shared/app-error.ts';

/**
 * The board request a client's request carries, read once where it enters the portal (docs/board-access.md §1):
 * the raw request target (Node's `request.url`, as the request line carried it) after the route's own first
 * `prefixSegments` path segments (`/proxy/duet/{firmware}/{path}/{id}` is five), never the router's decoded
 * parameters. A request the portal cannot be sure how a board reads is a 400 in the portal's error format, on
 * every path, the admin path included.
 */
export function incomingBoardRequest(method: string, rawUrl: string, prefixSegments: number): BoardRequest {
  const mark = rawUrl.indexOf('?');
  const path = mark < 0 ? rawUrl : rawUrl.slice(0, mark);
  let start = 0;
  for (let segment = 0; segment <= prefixSegments; segment++) {
    start = path.indexOf('/', start + (segment === 0 ? 0 : 1));
    if (start < 0) throw new AppError('BAD_REQUEST', 'Not a board request');
  }
  const parsed = parseBoardRequest(method, rawUrl.slice(start));
  if (!parsed.ok)
    throw new AppError('BAD_REQUEST', `The board could read this request otherwise: ${parsed.reason}`);
  return parsed.request;
}

/**
 * A board request the portal makes from values a user gave (a file name to download, an OctoPrint upload's name),
 * held to the same rules as a client's: a 400 when the board could read it otherwise.
 */
export function portalBoardRequest(
  method: BoardMethod,
  path: string,
  query: Readonly<Record<string, string>> = {},
): BoardRequest {
  try {
    return boardRequest(method, path, query);
  } catch (error) {
    if (error instanceof RangeError) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
}
