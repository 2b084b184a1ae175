import { type BoardRequest, parseBoardRequest } from '@portal/duet/protocol';

/** A client's request read as the portal's edge reads it, or null when the edge refuses it. */
export function readBoardRequest(method: string, path: string, query = ''): BoardRequest | null {
  const parsed = parseBoardRequest(method, query === '' ? path : `${path}?${query}`);
  return parsed.ok ? parsed.request : null;
}
