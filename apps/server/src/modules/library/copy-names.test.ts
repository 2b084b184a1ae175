import { LIMITS, libraryNameProblem } from '@portal/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberedName, numberedNamesPrefix, numberIn, placeCopy } from './copy-names.ts';

const MAX = LIMITS.libraryNameMax;

describe('numbered names', () => {
  it('puts the number before the extension, or at the end without one', () => {
    expect(numberedName('part.gcode', 1)).toBe('part.gcode');
    expect(numberedName('part.gcode', 2)).toBe('part (2).gcode');
    expect(numberedName('part.v2.gcode', 13)).toBe('part.v2 (13).gcode');
    expect(numberedName('part', 3)).toBe('part (3)');
    expect(numberedName('.gcode', 2)).toBe('.gcode (2)');
    expect(numberedName('part (2).gcode', 2)).toBe('part (2) (2).gcode');
  });

  it('shortens the name before the number to stay within the limit, keeping the extension', () => {
    const long = `${'x'.repeat(MAX - 6)}.gcode`;
    expect(numberedName(long, 2)).toBe(`${'x'.repeat(MAX - 10)} (2).gcode`);
    expect(numberedName(long, 100)).toHaveLength(MAX);
    // No character halved: an emoji is two UTF-16 units.
    const emoji = `${'😀'.repeat((MAX - 7) / 2)}a.gcode`;
    const numbered = numberedName(emoji, 2);
    expect(numbered.length).toBeLessThanOrEqual(MAX);
    expect(numbered).toMatch(/^(😀)+ \(2\)\.gcode$/);
    // An extension that leaves no room for the name is numbered as part of it.
    const extension = `a.${'g'.repeat(MAX - 2)}`;
    expect(numberedName(extension, 2)).toBe(`${extension.slice(0, MAX - 4)} (2)`);
  });

  it('tells a numbered name of a name from any other', () => {
    expect(numberIn('part.gcode', 'part.gcode')).toBe(1);
    expect(numberIn('part.gcode', 'part (2).gcode')).toBe(2);
    expect(numberIn('part.gcode', 'part (10).gcode')).toBe(10);
    for (const other of [
      'part (1).gcode',
      'part (02).gcode',
      'part (2).gco',
      'parts (2).gcode',
      'part(2).gcode',
    ])
      expect(numberIn('part.gcode', other), other).toBeNull();
    expect(numberIn('part (2).gcode', 'part (2) (3).gcode')).toBe(3);
    expect(numberIn('part (2).gcode', 'part (3).gcode')).toBeNull();
  });

  it('gives every name numbered names that are valid, within the limit, found by their prefix and read back', () => {
    // Any text, and names up to the limit, where numbering must shorten them.
    const long = fc
      .tuple(
        fc.constantFrom('x', '😀', 'a b', 'é.'),
        fc.integer({ min: 1, max: MAX }),
        fc.constantFrom('', '.gcode', '.g', `.${'e'.repeat(MAX - 12)}`, `.${'e'.repeat(MAX - 3)}`),
      )
      .map(([unit, length, extension]) => {
        let stem = 'x';
        while (stem.length < length && stem.length + unit.length + extension.length <= MAX) stem += unit;
        return `${stem}${extension}`;
      });
    const name = fc
      .oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), long)
      .filter((text) => text.length <= MAX && libraryNameProblem(text) === null);
    const number = fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 2, max: 999_999_999 }));
    fc.assert(
      fc.property(name, number, (asked, n) => {
        const numbered = numberedName(asked, n);
        expect(numbered.length).toBeLessThanOrEqual(MAX);
        expect(libraryNameProblem(numbered)).toBeNull();
        expect(numbered.startsWith(numberedNamesPrefix(asked))).toBe(true);
        expect(numberIn(asked, numbered)).toBe(n);
      }),
    );
  });
});

describe('where a copy goes', () => {
  const file = (name: string, sha256: string) => ({ name, sha256 });

  it('takes the name when it is free, whatever its numbered names hold', () => {
    expect(placeCopy('part.gcode', [], 'a')).toEqual({ name: 'part.gcode' });
    expect(placeCopy('part.gcode', [file('part (2).gcode', 'a'), file('other.gcode', 'a')], 'a')).toEqual({
      name: 'part.gcode',
    });
  });

  it('answers the file of the same content, the name itself first, then by number', () => {
    const named = file('part.gcode', 'a');
    expect(placeCopy('part.gcode', [named], 'a')).toEqual({ same: named });
    const third = file('part (3).gcode', 'b');
    const tenth = file('part (10).gcode', 'b');
    expect(placeCopy('part.gcode', [tenth, named, third, file('part (2).gcode', 'c')], 'b')).toEqual({
      same: third,
    });
    // The same content under a name that is not one of the numbered names is not the copy.
    expect(placeCopy('part.gcode', [named, file('part-(2).gcode', 'b')], 'b')).toEqual({
      name: 'part (2).gcode',
    });
  });

  it('takes the first free numbered name otherwise', () => {
    const taken = [file('part.gcode', 'a'), file('part (2).gcode', 'b'), file('part (4).gcode', 'c')];
    expect(placeCopy('part.gcode', taken, 'd')).toEqual({ name: 'part (3).gcode' });
    expect(placeCopy('part.gcode', [...taken, file('part (3).gcode', 'e')], 'd')).toEqual({
      name: 'part (5).gcode',
    });
  });
});
