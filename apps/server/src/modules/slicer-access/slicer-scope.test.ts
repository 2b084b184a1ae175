import { describe, expect, it } from 'vitest';
import { readBoardRequest } from '../../test/board-requests.ts';
import { allowedGcode, fileRun, inGcodes, uploadScope } from './slicer-scope.ts';

/** The scope's decision after the edge's reading (which refuses what a board could read otherwise). */
const allows = (method: string, path: string, query = '', body?: string) => {
  const request = readBoardRequest(method, path, query);
  return request !== null && uploadScope(request, body).allowed;
};
const get = (path: string, query = '') => allows('GET', path, query);

describe('the upload-and-print scope', () => {
  it("lets PrusaSlicer's and Cura's requests through, literal quotes and %22 alike", () => {
    expect(get('/rr_connect', 'password=reprap&time=2026-01-01T10:00:00')).toBe(true);
    expect(get('/rr_gcode', 'gcode=M32%20"0:/gcodes/cube.gcode"')).toBe(true);
    expect(get('/rr_gcode', 'gcode=M37%20P%220%3A/gcodes/cube.gcode%22')).toBe(true);
    expect(get('/rr_gcode', 'gcode=M37')).toBe(true);
    expect(get('/rr_status', 'type=3')).toBe(true);
    expect(get('/rr_reply')).toBe(true);
    expect(get('/rr_disconnect')).toBe(true);
    expect(allows('POST', '/rr_upload', 'name=0%3A/gcodes/a%20b.gcode')).toBe(true);
    expect(allows('PUT', '/machine/file/gcodes/a%2Fb.gcode', '')).toBe(true);
    expect(allows('POST', '/machine/code', '', 'M32 "0:/gcodes/a.gcode"')).toBe(true);
  });

  it('refuses other G-code, deletes, and anything outside 0:/gcodes', () => {
    expect(get('/rr_gcode', 'gcode=M112')).toBe(false);
    expect(get('/rr_gcode', 'gcode=M32%20"0:/sys/config.g"')).toBe(false);
    expect(get('/rr_gcode', 'gcode=M32%20"0:/gcodes/%2E%2E/sys/x.g"')).toBe(false);
    expect(get('/rr_gcode', 'gcode=M32%20"0:/gcodes/a.gcode"%0AM112')).toBe(false);
    expect(get('/rr_gcode', 'gcode=M32+"0:/gcodes/a.gcode"&gcode=M112')).toBe(false);
    expect(get('/rr_delete', 'name=0:/gcodes/a.gcode')).toBe(false);
    expect(get('/rr_download', 'name=0:/sys/config.g')).toBe(false);
    expect(get('/rr_download', 'name=0:/gcodes/../sys/config.g')).toBe(false);
    expect(get('/rr_filelist', 'dir=0:/sys')).toBe(false);
    expect(get('/machine/file/sys%2Fconfig.g')).toBe(false);
    expect(allows('POST', '/rr_upload', 'name=0:/sys/config.g')).toBe(false);
    expect(allows('DELETE', '/machine/file/gcodes/a.gcode', '')).toBe(false);
    expect(allows('POST', '/machine/code', '', 'M112')).toBe(false);
    expect(get('/index.html')).toBe(false);
  });

  it('reads names as the board does', () => {
    expect(inGcodes('0:/gcodes/sub/x.gcode')).toBe(true);
    expect(inGcodes('gcodes/x.gcode')).toBe(true);
    expect(inGcodes('0:/gcodes', { folder: true })).toBe(true);
    expect(inGcodes('0:/gcodes')).toBe(false);
    expect(inGcodes('0:/gcodesx/a')).toBe(false);
    expect(allowedGcode('M32 "0:/gcodes/{a}"')).toBe(false);
  });

  it('reads the G-code with the lexer the customer path uses, lines cut as the boards cut them', () => {
    for (const code of [
      'M32 "0:/gcodes/a.gcode"\r\n',
      'M37 P"0:/gcodes/a.gcode"',
      'M37',
      '',
      'm32 "0:/gcodes/b c.gcode"',
    ]) {
      expect(allowedGcode(code), JSON.stringify(code)).toBe(true);
    }
    for (const code of [
      '(") M32 "0:/gcodes/a.gcode" (")',
      '(") M997 (")',
      'M32 "0:/gcodes/a.gcode"\rM997',
      'M32 "0:/gcodes/a.gcode" M997',
      'M32 "0:/gcodes/a.gcode"\nM997',
      'M32 "0:/gcodes/a.gcode" "0:/sys/config.g"',
      'M37 P"0:/gcodes/a.gcode" S1',
      'M32.1 "0:/gcodes/a.gcode"',
      'echo "0:/gcodes/a.gcode"',
    ]) {
      expect(allowedGcode(code), JSON.stringify(code)).toBe(false);
    }
  });

  it('reads names as FatFs and DSF open them: trailing dots and spaces, a second decoding', () => {
    expect(inGcodes('0:/gcodes/.. /sys/config.g')).toBe(false);
    expect(inGcodes('0:/gcodes/... /sys/config.g')).toBe(false);
    expect(get('/rr_download', 'name=0:/gcodes/..%20/sys/config.g')).toBe(false);
    expect(allows('PUT', '/machine/file/gcodes%2F%252E%252E%2Fsys%2Fconfig.g', '')).toBe(false);
    expect(allows('POST', '/rr_upload', 'name=0:/gcodes/.. /sys/config.g')).toBe(false);
  });

  it('tells a print from a simulation, and neither from M37 alone, a poll or a refused code', () => {
    expect(fileRun('M32 "0:/gcodes/a b.gcode"')).toEqual({ kind: 'print', file: '0:/gcodes/a b.gcode' });
    expect(fileRun('M37 P"0:/gcodes/a.gcode"')).toEqual({ kind: 'simulate', file: '0:/gcodes/a.gcode' });
    for (const code of ['M37', '', 'M32 "0:/sys/config.g"', 'M37 P"0:/gcodes/a.gcode" S1', 'M112']) {
      expect(fileRun(code), JSON.stringify(code)).toBeNull();
    }
  });
});
