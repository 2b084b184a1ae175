import { describe, expect, it } from 'vitest';
import { isKnownBoardRead } from '../board-client/board-client.ts';
import { CUSTOMER_SCOPE } from '../machine-access/board-scopes.ts';
import { boardChangeOf } from './board-changes.ts';

describe('what the activity record counts as a change of a board', () => {
  it('reads RRF G-code, deletes, moves and new folders from their queries, escaped routes included', () => {
    expect(boardChangeOf('GET', '/rr_gcode?gcode=M104%20S200')).toMatchObject({
      kind: 'board.gcode',
      detail: { gcode: 'M104 S200' },
    });
    expect(boardChangeOf('GET', '/rr_%67code?gcode=M112')).toMatchObject({ detail: { gcode: 'M112' } });
    expect(boardChangeOf('GET', '//RR_DELETE?name=0:/gcodes/a.gcode')).toMatchObject({
      kind: 'board.delete',
      detail: { name: '0:/gcodes/a.gcode' },
    });
    expect(boardChangeOf('GET', '/rr_move?old=0:/a&new=0:/b')).toMatchObject({
      kind: 'board.move',
      detail: { from: '0:/a', to: '0:/b' },
    });
    expect(boardChangeOf('GET', '/rr_mkdir?dir=0:/gcodes/x')).toMatchObject({ kind: 'board.mkdir' });
  });

  it('asks for the body of an upload (size and hash) and of DSF G-code and moves (text)', () => {
    expect(boardChangeOf('POST', '/rr_upload?name=0:/gcodes/a.gcode')).toMatchObject({
      kind: 'board.upload',
      detail: { name: '0:/gcodes/a.gcode' },
      body: 'file',
    });
    expect(boardChangeOf('PUT', '/machine/file/0:/gcodes/a.gcode')).toMatchObject({
      kind: 'board.upload',
      detail: { name: '0:/gcodes/a.gcode' },
      body: 'file',
    });
    expect(boardChangeOf('POST', '/machine/code')).toMatchObject({ kind: 'board.gcode', body: 'text' });
    expect(boardChangeOf('DELETE', '/machine/file/0:/gcodes/a.gcode')).toMatchObject({
      kind: 'board.delete',
    });
    expect(boardChangeOf('PUT', '/machine/directory/0:/gcodes/x')).toMatchObject({ kind: 'board.mkdir' });
  });

  it('reads the move form of DSF, url-encoded or multipart', async () => {
    const move = boardChangeOf('POST', '/machine/file/move');
    expect(await move?.readBody?.('from=0%3A%2Fa&to=0%3A%2Fb', 'application/x-www-form-urlencoded')).toEqual({
      from: '0:/a',
      to: '0:/b',
    });
  });

  it('sees no change in reads: the object model, file lists, downloads, replies, DWC files', () => {
    for (const [method, path] of [
      ['GET', '/rr_model?key=state&flags=d99fn'],
      ['GET', '/rr_filelist?dir=0:/gcodes'],
      ['GET', '/rr_download?name=0:/gcodes/a.gcode'],
      ['GET', '/rr_reply'],
      ['GET', '/machine/status'],
      ['GET', '/machine/file/0:/gcodes/a.gcode'],
      ['GET', '/index.html'],
      ['GET', '/rr_%6Dodel'],
    ]) {
      expect(boardChangeOf(method as string, path as string), `${method} ${path}`).toBeUndefined();
    }
  });

  it("agrees with the board client's known reads: every GET of the customer table is one or the other", () => {
    for (const { method, route } of CUSTOMER_SCOPE) {
      const path = route.endsWith('/') ? `${route}0:/gcodes/a.gcode` : route;
      const change = boardChangeOf(method, path) !== undefined;
      expect(isKnownBoardRead(method, path), `${method} ${path}`).toBe(method === 'GET' && !change);
      if (method !== 'GET') expect(change, `${method} ${path}`).toBe(true);
    }
  });
});
