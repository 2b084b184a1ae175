import type { ActivityKind } from '@portal/contract';
import { boardQuery, customerScopeRow, formFieldsOf } from '../machine-access/board-scopes.ts';

/**
 * What the record must know of a request's body to describe it: the text (DSF's G-code, its move form, read up to
 * MAX_READ_BODY_BYTES) or a file's size and SHA-256 (an upload, read as it streams by).
 */
export type BodyNeed = 'none' | 'text' | 'file';

/** A request that changes a board: its kind, what is known of it before its body, and what its body adds. */
export interface BoardChange {
  kind: ActivityKind;
  detail: Record<string, string>;
  body: BodyNeed;
  /** For `text` bodies: how the text describes the change. */
  readBody?: (text: string, contentType: string | undefined) => Promise<Record<string, string>>;
}

/** The most of a G-code or move body the record keeps (DWC's console sends far less). */
export const MAX_READ_BODY_BYTES = 64 * 1024;

const param = (query: ReadonlyMap<string, string> | null, name: string): Record<string, string> => {
  const value = query?.get(name);
  return value === undefined ? {} : { [name]: value };
};

/**
 * Whether a request (method, path and raw query as they go to the gateway) changes the board, and how the record
 * describes it (docs/design.md §9): G-code (RRF's `rr_gcode`, DSF's `/machine/code`), uploads, deletes, moves and
 * new folders, on both firmwares. The request routes are read as `machine-access/board-scopes.ts` reads them for
 * the customer path, so a request the record does not see as a change is one no path lets change anything. Reads
 * answer undefined, and cheaply: every poll of every control panel is asked.
 */
export function boardChangeOf(method: string, pathAndQuery: string): BoardChange | undefined {
  const at = pathAndQuery.indexOf('?');
  const path = at < 0 ? pathAndQuery : pathAndQuery.slice(0, at);
  if (method === 'GET' && !MAY_CHANGE.test(path)) return undefined;
  const found = customerScopeRow(method, path);
  if (!found.row) return undefined;
  const query = boardQuery(at < 0 ? '' : pathAndQuery.slice(at + 1));
  const { route } = found.row;
  switch (`${found.row.method} ${route}`) {
    case 'GET /rr_gcode':
      return { kind: 'board.gcode', detail: { gcode: query?.get('gcode') ?? '' }, body: 'none' };
    case 'POST /rr_upload':
      return { kind: 'board.upload', detail: { name: query?.get('name') ?? '' }, body: 'file' };
    case 'GET /rr_delete':
      return { kind: 'board.delete', detail: param(query, 'name'), body: 'none' };
    case 'GET /rr_move':
      return {
        kind: 'board.move',
        detail: { from: query?.get('old') ?? '', to: query?.get('new') ?? '' },
        body: 'none',
      };
    case 'GET /rr_mkdir':
      return { kind: 'board.mkdir', detail: { name: query?.get('dir') ?? '' }, body: 'none' };
    case 'POST /machine/code':
      return { kind: 'board.gcode', detail: {}, body: 'text', readBody: async (text) => ({ gcode: text }) };
    case 'PUT /machine/file/':
      return { kind: 'board.upload', detail: { name: found.target }, body: 'file' };
    case 'DELETE /machine/file/':
      return { kind: 'board.delete', detail: { name: found.target }, body: 'none' };
    case 'PUT /machine/directory/':
      return { kind: 'board.mkdir', detail: { name: found.target }, body: 'none' };
    case 'POST /machine/file/move':
      return {
        kind: 'board.move',
        detail: {},
        body: 'text',
        readBody: async (text, contentType) => {
          const fields = await formFieldsOf(Buffer.from(text), contentType);
          return { from: fields.get('from')?.[0] ?? '', to: fields.get('to')?.[0] ?? '' };
        },
      };
    default:
      return undefined;
  }
}

/**
 * A GET path that may change the board (RRF's), told apart before anything is parsed: any other GET is a read. A
 * path with an escape is parsed, since the board decodes it (`/rr_%67code` is rr_gcode).
 */
const MAY_CHANGE = /%|rr_(gcode|delete|move|mkdir)/i;
