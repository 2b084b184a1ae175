import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boardParam,
  boardRequest,
  hasControlCharacter,
  parseBoardRequest,
  routePath,
  serializeBoardTarget,
} from './board-request.ts';
import { parseBoardTarget } from './query.ts';

const read = (method: string, target: string) => {
  const parsed = parseBoardRequest(method, target);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.request;
};
const refusal = (method: string, target: string) => {
  const parsed = parseBoardRequest(method, target);
  return parsed.ok ? null : parsed.reason;
};

describe('parseBoardRequest', () => {
  it('reads the route, the query and what the request does', () => {
    const request = read('get', '/rr_gcode?gcode=M32%20%220:/gcodes/a+b.g%22');
    expect(request.method).toBe('GET');
    expect(routePath(request)).toBe('/rr_gcode');
    expect(request.route.action).toBe('gcode');
    expect(boardParam(request, 'GCODE')).toBe('M32 "0:/gcodes/a b.g"');
  });

  it('reads literal quotes and escapes in either case, as PrusaSlicer and DWC send them', () => {
    expect(boardParam(read('GET', '/rr_gcode?gcode=M32 "0:/gcodes/x.g"'), 'gcode')).toBe(
      'M32 "0:/gcodes/x.g"',
    );
    expect(boardParam(read('GET', '/rr_download?name=0%3a%2fgcodes%2Fa.g'), 'name')).toBe('0:/gcodes/a.g');
  });

  it('reads the raw bytes of a request line (UTF-8 sent unescaped) and a space written as +', () => {
    expect(boardParam(read('GET', '/rr_download?name=0:/gcodes/caf\u00c3\u00a9.g'), 'name')).toBe(
      '0:/gcodes/café.g',
    );
    expect(boardParam(read('GET', '/rr_gcode?gcode=G1+X10'), 'gcode')).toBe('G1 X10');
    expect(serializeBoardTarget(read('GET', '/rr_gcode?gcode=M117 100%25'))).toBe(
      '/rr_gcode?gcode=M117%20100%25',
    );
  });

  it("reads DSF's file argument as one name, as DWC encodes it", () => {
    const request = read('PUT', '/machine/file/0%3A%2Fgcodes%2Fpart%201.gcode');
    expect(request.segments).toEqual(['machine', 'file']);
    expect(request.file).toBe('0:/gcodes/part 1.gcode');
    expect(request.route.action).toBe('upload');
    expect(read('POST', '/machine/file/move').route.action).toBe('move');
    expect(read('GET', '/machine/directory/0%3A%2F').file).toBe('0:/');
  });

  it('tells web files, plugins and everything else apart', () => {
    expect(read('GET', '/').route.action).toBe('web');
    expect(read('GET', '/js/app.4f2.js.gz?v=3').route.action).toBe('web');
    expect(read('PUT', '/machine/plugin').route.action).toBe('plugin');
    expect(read('POST', '/machine/startPlugin').route.action).toBe('plugin');
    expect(read('POST', '/machine/MyPlugin/endpoint').route.action).toBe('plugin');
    expect(refusal('GET', '/rr_unknown')).not.toBeNull();
    expect(refusal('POST', '/index.html')).not.toBeNull();
    expect(refusal('PATCH', '/rr_model')).not.toBeNull();
    // Names of Object.prototype are names like any other (a plain object's lookup once threw on them).
    expect(read('GET', '/constructor/__proto__').route.action).toBe('web');
  });

  it.each([
    ['/..%2Frr_gcode?gcode=M117', 'an encoded separator after a dot segment'],
    ['/../rr_gcode', 'a raw dot segment'],
    ['/machine/./code', 'a dot segment inside a DSF route'],
    ['/machine/%2e/code', 'an encoded dot segment'],
    ['/%2E%2e/rr_gcode', 'an encoded dot-dot in mixed case'],
    ['/js/../../rr_gcode', 'dot segments at depth'],
    ['/.. /rr_gcode', 'a dot segment with a trailing space'],
    ['/..%2Fgcodes%2Fevil.html', 'a web file outside the web folder'],
    ['/machine/file/0%3A%2Fgcodes%2F..%2Fsys%2Fconfig.g', 'a dot segment inside a DSF file argument'],
    ['/machine/file/0:/gcodes/../sys/config.g', 'a raw dot segment inside a DSF file argument'],
    ['/rr_gcode%3Fgcode=M997', 'an encoded query mark'],
    ['/js%5Capp.js', 'an encoded backslash'],
    ['/js\\app.js', 'a backslash'],
    ['/%252e%252e/rr_gcode', 'double encoding'],
    ['/machine/file/0%253A%252Fsys%252Fconfig.g', 'a doubly encoded file argument'],
    ['//rr_gcode', 'an empty segment'],
    ['/js//app.js', 'an empty segment inside'],
    ['/%0a', 'a control character'],
    ['/rr_gcode?gcode=A&GCODE=B', 'a parameter given twice in another case'],
    ['/rr_gcode?gcode=A&gcode=B', 'a parameter given twice'],
    ['/rr_download?na%6De=0:/sys/config.g', 'an escaped parameter name'],
    ['/rr_gcode?gcode=M117%zz', 'a malformed escape'],
    ['/rr_gcode?gcode=%C3%28', 'invalid UTF-8'],
    ['/rr_download?name=0:/gcodes/a.g%00.html', 'a NUL in a value'],
    ['/rr_gcode?a=1&b=2&c=3&d=4&e=5&gcode=M997', 'a sixth parameter the board would not read'],
    ['/rr_gcode?gcode', 'a parameter without a value'],
  ])('refuses %s (%s)', (target) => {
    expect(refusal('GET', target)).not.toBeNull();
  });
});

describe('serializeBoardTarget', () => {
  it('writes upper-case escapes a board accepts', () => {
    expect(serializeBoardTarget(read('GET', '/rr_gcode?gcode=M32 "0:/gcodes/a b.g"'))).toBe(
      '/rr_gcode?gcode=M32%20%220:/gcodes/a%20b.g%22',
    );
    expect(serializeBoardTarget(read('GET', '/machine/file/0:/gcodes/a.g'))).toBe(
      '/machine/file/0%3A%2Fgcodes%2Fa.g',
    );
  });

  it('is read back by RRF as the same request', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (gcode, name) => {
        fc.pre(!hasControlCharacter(gcode + name, '\t\n\r') && !/%[0-9A-Fa-f]{2}/.test(gcode + name));
        const request = boardRequest('GET', '/rr_gcode', { gcode, name });
        const rrf = parseBoardTarget(serializeBoardTarget(request));
        expect(rrf.ok && Object.fromEntries(rrf.params)).toEqual({ gcode, name });
      }),
    );
  });

  it('is canonical: reading what it wrote gives the same request', () => {
    const segment = fc
      .string({ minLength: 1 })
      .filter((text) => !/^[. ]*$|[/\\?#%]/.test(text) && !hasControlCharacter(text));
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), fc.string(), (segments, value) => {
        fc.pre(!hasControlCharacter(value, '\t\n\r') && !/%[0-9A-Fa-f]{2}/.test(value));
        fc.pre(!segments[0]?.toLowerCase().startsWith('rr_') && segments[0]?.toLowerCase() !== 'machine');
        const target = serializeBoardTarget({ segments, query: [['v', value]] });
        const again = read('GET', target);
        expect(again.segments).toEqual(segments);
        expect(serializeBoardTarget(again)).toBe(target);
      }),
    );
  });
});
