import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBoardQuery, parseBoardTarget, reencodeTargetForBoard } from './query.ts';

function paramsOf(target: string): Record<string, string> {
  const parsed = parseBoardTarget(target);
  if (!parsed.ok) throw new Error(parsed.reason);
  return Object.fromEntries(parsed.params);
}

describe('encodeBoardQuery', () => {
  it('escapes with upper-case hex and keeps `:` and `/` literal', () => {
    expect(encodeBoardQuery({ gcode: 'M32 "0:/gcodes/a b.gcode"' })).toBe(
      'gcode=M32%20%220:/gcodes/a%20b.gcode%22',
    );
    expect(encodeBoardQuery({ name: 'più+&%' })).toBe('name=pi%C3%B9%2B%26%25');
  });

  it('refuses a sixth parameter and keys that would need escaping', () => {
    expect(() => encodeBoardQuery({ a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' })).toThrow(RangeError);
    expect(() => encodeBoardQuery({ 'a b': '1' })).toThrow(RangeError);
  });

  it('round-trips any values through the board parser', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('name', 'dir', 'gcode', 'key', 'flags'), fc.string()),
        (params) => {
          expect(paramsOf(`/rr_x?${encodeBoardQuery(params)}`)).toEqual(params);
        },
      ),
    );
  });
});

/** What a board reads of a client's query once the gateway has re-encoded it. */
function boardReadsQuery(rawQuery: string): Record<string, string> {
  return paramsOf(reencodeTargetForBoard(`/rr_x?${rawQuery}`));
}

describe('reencodeTargetForBoard', () => {
  it('upper-cases existing escapes and leaves well-formed targets alone', () => {
    expect(reencodeTargetForBoard('/rr_model?key=state.upTime&flags=d99fn')).toBe(
      '/rr_model?key=state.upTime&flags=d99fn',
    );
    expect(reencodeTargetForBoard('/rr_upload?name=0%3a%2fgcodes%2fcube.gcode')).toBe(
      '/rr_upload?name=0%3A%2Fgcodes%2Fcube.gcode',
    );
  });

  it("encodes PrusaSlicer's literal quotes and spaces, and a %22 stays %22", () => {
    expect(reencodeTargetForBoard('/rr_gcode?gcode=M32%20"0:/gcodes/a b.gcode"')).toBe(
      '/rr_gcode?gcode=M32%20%220:/gcodes/a%20b.gcode%22',
    );
    expect(reencodeTargetForBoard('/rr_gcode?gcode=M32%20%220%3A/gcodes/x.gcode%22')).toBe(
      '/rr_gcode?gcode=M32%20%220%3A/gcodes/x.gcode%22',
    );
  });

  it('keeps + (a board reads it as a space) and escapes a stray %', () => {
    expect(reencodeTargetForBoard('/rr_gcode?gcode=G1+X10')).toBe('/rr_gcode?gcode=G1+X10');
    expect(reencodeTargetForBoard('/rr_gcode?gcode=M117 100%')).toBe('/rr_gcode?gcode=M117%20100%25');
    expect(reencodeTargetForBoard('/x?a=%4')).toBe('/x?a=%254');
  });

  it('escapes characters a request line cannot hold', () => {
    expect(reencodeTargetForBoard('/a<b>{c}|d\\e^f`g#h')).toBe('/a%3Cb%3E%7Bc%7D%7Cd%5Ce%5Ef%60g%23h');
    expect(reencodeTargetForBoard('/t\u0000\u007f')).toBe('/t%00%7F');
  });

  it('takes Latin-1 characters as raw bytes and encodes wider ones as UTF-8', () => {
    // 'é' sent raw as UTF-8 reaches Node as the two Latin-1 characters Ã©.
    expect(reencodeTargetForBoard('/rr_download?name=caf\u00c3\u00a9')).toBe('/rr_download?name=caf%C3%A9');
    expect(reencodeTargetForBoard('/x?n=\u20ac\u{1f600}')).toBe('/x?n=%E2%82%AC%F0%9F%98%80');
  });

  it('lets a board read literal double quotes and escapes in either case as the client meant them', () => {
    expect(boardReadsQuery('gcode=M32 "0:/gcodes/x.gcode"')).toEqual({ gcode: 'M32 "0:/gcodes/x.gcode"' });
    expect(boardReadsQuery('gcode=M32%20%220%3a%2fgcodes%2fx.gcode%22')).toEqual({
      gcode: 'M32 "0:/gcodes/x.gcode"',
    });
  });

  it('lets a board read `+` as a space and keeps parameter order and count', () => {
    expect(reencodeTargetForBoard('/rr_x?b=1+2&a=&c=')).toBe('/rr_x?b=1+2&a=&c=');
    expect(boardReadsQuery('b=1+2&a=&c=')).toEqual({ b: '1 2', a: '', c: '' });
    expect(reencodeTargetForBoard('')).toBe('');
  });

  it('keeps a stray percent sign as a literal one', () => {
    expect(boardReadsQuery('gcode=M117 100%')).toEqual({ gcode: 'M117 100%' });
  });

  it('always yields a query the board parser accepts with the meaning the client intended', () => {
    // Raw bytes as Node hands them on: UTF-8 'é' arrives as the Latin-1 characters Ã©.
    const component = fc.string({
      unit: fc.constantFrom('a', 'Z', ' ', '"', '+', '%', '%2b', '%3A', '%3a', '\u00c3\u00a9', '/'),
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('name', 'dir', 'flags'), component), { maxLength: 5 }),
        (pairs) => {
          const raw = pairs.map(([key, value]) => `${key}=${value}`).join('&');
          const meant = new TextDecoder().decode(Uint8Array.from(raw, (char) => char.charCodeAt(0)));
          const literalPercents = meant.replaceAll(/%(?![0-9a-fA-F]{2})/g, '%25');
          // Escapes that spell invalid UTF-8 (`%aa` before `é`) have no single intended meaning to compare with.
          fc.pre(decodesAsUtf8(literalPercents));
          const parsed = parseBoardTarget(reencodeTargetForBoard(`/rr_x?${raw}`));
          expect(parsed.ok).toBe(true);
          const expected = new URLSearchParams(literalPercents);
          if (parsed.ok) {
            for (const [key, value] of parsed.params) expect(value).toBe(expected.get(key));
          }
        },
      ),
    );
  });
});

describe('parseBoardTarget (the RRF request parser)', () => {
  it('decodes `+` as a space in values and upper-case escapes anywhere', () => {
    expect(parseBoardTarget('/rr_gcode?gcode=G28+X%22')).toEqual({
      ok: true,
      path: '/rr_gcode',
      params: new Map([['gcode', 'G28 X"']]),
    });
    expect(parseBoardTarget('/my%20page.htm')).toMatchObject({ ok: true, path: '/my page.htm' });
  });

  it('rejects lower-case hex as a bad escape', () => {
    expect(parseBoardTarget('/rr_download?name=0%3a/sys/config.g')).toEqual({
      ok: false,
      reason: 'bad escape',
    });
    expect(parseBoardTarget('/a%2f')).toEqual({ ok: false, reason: 'bad escape' });
    expect(parseBoardTarget('/rr_gcode?gcode=%4')).toEqual({ ok: false, reason: 'bad escape' });
  });

  it('rejects escapes, ampersands and missing `=` in keys', () => {
    expect(parseBoardTarget('/rr_x?na%4De=1')).toEqual({ ok: false, reason: 'bad qualifier key' });
    expect(parseBoardTarget('/rr_x?name&dir=1')).toEqual({ ok: false, reason: 'bad qualifier key' });
    expect(parseBoardTarget('/rr_x?a=1&name')).toEqual({ ok: false, reason: 'bad qualifier key' });
  });

  it('accepts five parameters and rejects a sixth', () => {
    expect(parseBoardTarget('/rr_x?a=1&b=2&c=3&d=4&e=5').ok).toBe(true);
    expect(parseBoardTarget('/rr_x?a=1&b=2&c=3&d=4&e=5&f=6')).toEqual({
      ok: false,
      reason: 'too many keys in qualifier',
    });
  });

  it('tolerates a bare trailing question mark and matches names case-insensitively', () => {
    expect(parseBoardTarget('/fonts/a.eot?')).toMatchObject({ ok: true, path: '/fonts/a.eot' });
    expect(paramsOf('/rr_connect?PassWord=x&password=y')).toEqual({ password: 'x' });
  });
});

function decodesAsUtf8(query: string): boolean {
  try {
    decodeURIComponent(query.replaceAll('+', ' '));
    return true;
  } catch {
    return false;
  }
}
