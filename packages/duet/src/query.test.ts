import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBoardQuery, parseBoardTarget } from './query.ts';

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
