import type { ActivityKind } from '@portal/contract';
import { type BoardAction, type BoardRequest, boardParam, changesBoard } from '@portal/duet/protocol';
import { formFieldsOf } from '../machine-access/board-scopes.ts';

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

const KINDS: Partial<Record<BoardAction, ActivityKind>> = {
  gcode: 'board.gcode',
  upload: 'board.upload',
  delete: 'board.delete',
  move: 'board.move',
  mkdir: 'board.mkdir',
  plugin: 'board.plugin',
};

/**
 * Whether a request changes the board, and how the record describes it (docs/design.md §9): G-code (RRF's
 * `rr_gcode`, DSF's `/machine/code`), uploads, deletes, moves, new folders and DSF's plugins and packages, on both
 * firmwares. It reads the request as it was read where it entered (`BoardRequest`), the same value the scopes and
 * consent decided on, so what is recorded is what the board runs. Reads answer undefined, and cheaply: every poll
 * of every control panel is asked.
 */
export function boardChangeOf(board: BoardRequest): BoardChange | undefined {
  if (!changesBoard(board)) return undefined;
  const kind = KINDS[board.route.action] as ActivityKind;
  const param = (name: string) => boardParam(board, name) ?? '';
  switch (board.route.key) {
    case 'GET /rr_gcode':
      return { kind, detail: { gcode: param('gcode') }, body: 'none' };
    case 'POST /machine/code':
      return { kind, detail: {}, body: 'text', readBody: async (text) => ({ gcode: text }) };
    case 'POST /rr_upload':
    case 'GET /rr_delete':
      return {
        kind,
        detail: { name: param('name') },
        body: board.route.action === 'upload' ? 'file' : 'none',
      };
    case 'GET /rr_move':
      return { kind, detail: { from: param('old'), to: param('new') }, body: 'none' };
    case 'GET /rr_mkdir':
      return { kind, detail: { name: param('dir') }, body: 'none' };
    case 'PUT /machine/file/':
    case 'DELETE /machine/file/':
    case 'PUT /machine/directory/':
      return {
        kind,
        detail: { name: board.file ?? '' },
        body: board.route.action === 'upload' ? 'file' : 'none',
      };
    case 'POST /machine/file/move':
      return {
        kind,
        detail: {},
        body: 'text',
        readBody: async (text, contentType) => {
          const fields = await formFieldsOf(Buffer.from(text), contentType);
          return { from: fields.get('from')?.[0] ?? '', to: fields.get('to')?.[0] ?? '' };
        },
      };
    default:
      // DSF's plugins, packages and plugin endpoints: what was asked, and the package's size and SHA-256.
      return {
        kind,
        detail: { request: `${board.method} /${board.segments.join('/')}` },
        body: board.method === 'PUT' || board.method === 'POST' ? 'file' : 'none',
      };
  }
}
