import { describe, expect, it } from 'vitest';
import { readBoardRequest } from '../../test/board-requests.ts';
import { boardChangeOf as changeOfRequest } from './board-changes.ts';

/** What the record makes of a client's request, read as the edge reads it. */
function boardChangeOf(method: string, target: string) {
  const request = readBoardRequest(method, target);
  if (!request) throw new Error(`the edge refuses ${method} ${target}`);
  return changeOfRequest(request);
}

describe('what the activity record counts as a change of a board', () => {
  it('reads RRF G-code, deletes, moves and new folders from their queries, escaped routes included', () => {
    expect(boardChangeOf('GET', '/rr_gcode?gcode=M104%20S200')).toMatchObject({
      kind: 'board.gcode',
      detail: { gcode: 'M104 S200' },
    });
    expect(boardChangeOf('GET', '/rr_%67code?gcode=M112')).toMatchObject({ detail: { gcode: 'M112' } });
    expect(boardChangeOf('GET', '/RR_DELETE?name=0:/gcodes/a.gcode')).toMatchObject({
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

  it("records DSF's plugins, packages and plugin endpoints with what was asked", () => {
    for (const [method, path] of [
      ['PUT', '/machine/plugin'],
      ['POST', '/machine/startPlugin'],
      ['PUT', '/machine/systemPackage'],
      ['POST', '/machine/SomePlugin/run'],
    ]) {
      expect(boardChangeOf(method as string, path as string), `${method} ${path}`).toMatchObject({
        kind: 'board.plugin',
        detail: { request: `${method} ${path}` },
        body: 'file',
      });
    }
    expect(boardChangeOf('GET', '/machine/SomePlugin/state')).toMatchObject({
      kind: 'board.plugin',
      body: 'none',
    });
  });
});
