import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GcodeCommand, type GcodeParameter, gcodeLines, readGcodeLine } from './gcode.ts';

/** The commands a line runs, or its ambiguity. */
function commandsOf(line: string): GcodeCommand[] | string {
  const read = readGcodeLine(line);
  return read.ambiguous ?? read.reading.commands;
}

const command = (
  letter: 'G' | 'M' | 'T',
  number: number | null,
  parameters: GcodeParameter[] = [],
  fraction: number | null = null,
): GcodeCommand => ({ letter, number, fraction, parameters });
const plain = (letter: string | null, value = ''): GcodeParameter => ({ letter, kind: 'plain', value });
const text = (letter: string | null, value: string): GcodeParameter => ({ letter, kind: 'string', value });

describe('readGcodeLine: what both firmwares read alike', () => {
  it('reads commands, parameters, strings and expressions as the board runs them', () => {
    expect(commandsOf('G1 X10.5 y-3 E.2 F1800')).toEqual([
      command('G', 1, [plain('X', '10.5'), plain('Y', '-3'), plain('E', '.2'), plain('F', '1800')]),
    ]);
    expect(commandsOf('m0552.1 S0')).toEqual([command('M', 552, [plain('S', '0')], 1)]);
    expect(commandsOf('M000000000000997')).toEqual([command('M', 997)]);
    expect(commandsOf('G91 G1 X1 M552 S0')).toEqual([
      command('G', 91),
      command('G', 1, [plain('X', '1')]),
      command('M', 552, [plain('S', '0')]),
    ]);
    expect(commandsOf('M98 P"0:/macros/a ""b"" (c); d"')).toEqual([
      command('M', 98, [text('P', '0:/macros/a "b" (c); d')]),
    ]);
    expect(commandsOf(`M32 "0:/gcodes/l''anello 'Big.gcode"`)).toEqual([
      command('M', 32, [text(null, "0:/gcodes/l'anello big.gcode")]),
    ]);
    expect(commandsOf('M117 {"a}" ^ {1}} ; (")')).toBe(
      'a brace or parenthesis in a string inside an expression',
    );
    expect(commandsOf('G1 X{move.axes[0].max - 5} Y{(1+2)*3}')).toEqual([
      command('G', 1, [
        { letter: 'X', kind: 'expression', value: '{move.axes[0].max - 5}' },
        { letter: 'Y', kind: 'expression', value: '{(1+2)*3}' },
      ]),
    ]);
    expect(commandsOf('T{state.nextTool}')).toEqual([
      command('T', null, [{ letter: 'T', kind: 'expression', value: '{state.nextTool}' }]),
    ]);
    expect(commandsOf('T1 M116')).toEqual([command('T', 1), command('M', 116)]);
  });

  it('reads line numbers and checksums, and the comment after `;` whatever it holds', () => {
    const read = readGcodeLine('  N12 G1 X10*77');
    expect(read.ambiguous === null && read.reading).toMatchObject({ lineNumber: 12, checksum: 77 });
    expect(commandsOf('N12 G1 X10*77')).toEqual([command('G', 1, [plain('X', '10')])]);
    expect(commandsOf('G1 X1 ; (") M997 {')).toEqual([command('G', 1, [plain('X', '1')])]);
    expect(commandsOf(';(") M997')).toEqual([]);
    expect(commandsOf('G1 X1*2')).toEqual([command('G', 1, [plain('X', '1*2')])]);
  });

  it('reads meta commands as one keyword and its argument, running no command', () => {
    for (const [line, keyword, argument] of [
      ['if heat.heaters[0].current > 200 ; M997', 'if', 'heat.heaters[0].current > 200'],
      ['  while iterations < 3', 'while', 'iterations < 3'],
      ['echo "M997 ; in a string"', 'echo', '"M997 ; in a string"'],
      ['echo >"0:/sys/x.g" "M552"', 'echo', '>"0:/sys/x.g" "M552"'],
      ['set var.x = {1, 2}', 'set', 'var.x = {1, 2}'],
      ['else', 'else', ''],
    ] as const) {
      const read = readGcodeLine(line);
      expect(read.ambiguous === null && read.reading, line).toMatchObject({
        meta: { keyword, argument },
        commands: [],
      });
    }
  });

  it('reads `(` as text outside CNC mode (RRF) and as a comment in CNC mode and on DSF', () => {
    const read = readGcodeLine('if !(move.axes[0].homed)');
    if (read.ambiguous !== null) throw new Error(read.ambiguous);
    expect(read.readings.rrf.meta?.argument).toBe('!(move.axes[0].homed)');
    expect(read.readings.dsf.meta?.argument).toBe('!(move.axes[0].homed)');
    expect(read.readings.rrfCnc.meta?.argument).toBe('!');
  });
});

describe('readGcodeLine: what the firmwares read differently is ambiguous', () => {
  it('reports the attacks that passed the customer path', () => {
    for (const line of [
      '(") M997 (")',
      '(;) M997',
      '(;)M552 S0',
      '(") M98 P"0:/sys/config.g" (")',
      'M9\r97',
    ]) {
      expect(readGcodeLine(line).ambiguous, JSON.stringify(line)).not.toBeNull();
    }
  });

  it('reports lines that are unterminated, escaped differently or read as two things', () => {
    for (const line of [
      'M32 "unterminated',
      'G1 X{1 + 2',
      'G1 X1 (unterminated',
      'G1 X1 (a comment)',
      'M98 P"0:/macros/\'../sys/config.g"',
      "G1 'x10",
      'M 552 S0',
      'M4294968293',
      'M{552} S0',
      'Echo >"0:/sys/config.g" "M552 S0"',
      'echo>"0:/sys/config.g"',
      'N1 G1 X1*12 M997',
      'NM997',
      'G1 X{1 ; 2}',
      'G1 X{(1}',
      'G1 X1 \u00a0M997',
      'M552\u0000',
      'M117 "a\u007f"',
    ]) {
      expect(readGcodeLine(line).ambiguous, JSON.stringify(line)).not.toBeNull();
    }
  });
});

describe('gcodeLines', () => {
  it('cuts at line feeds and drops the CRs before them; a bare CR stays for readGcodeLine to refuse', () => {
    expect(gcodeLines('G28\r\nM117 "a"\r\r\nG1 X1\r')).toEqual(['G28', 'M117 "a"', 'G1 X1']);
    expect(gcodeLines('M9\r97\nG28')).toEqual(['M9\r97', 'G28']);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Lines built from constructs RRF and DSF both accept, with the commands the board runs as the expected reading

/** Parameter letters: not G or M, which start a command, nor N and T, which mean more at a line's start. */
const LETTERS = [...'ABCDEFHIJKLOPQRSUVWXYZ'];
const stringChars = fc.constantFrom(...'abcXYZ09 :/._-;()*{}[]<>=!&|#'.split(''), '""', "''");
const stringValue = fc.array(stringChars, { maxLength: 12 }).map((chars) => ({
  written: `"${chars.join('')}"`,
  value: chars.map((char) => (char === '""' ? '"' : char === "''" ? "'" : char)).join(''),
}));
const expressionChars = fc.constantFrom(...'abc12 .+-*/[]<>=!&|^#'.split(''), '(1)', '"s"', '{x}');
const expression = fc
  .array(expressionChars, { maxLength: 8 })
  .map((chars) => ({ written: `{${chars.join('')}}`, value: `{${chars.join('')}}` }));
const number = fc
  .tuple(fc.constantFrom('', '-'), fc.nat(9999), fc.option(fc.nat(99), { nil: undefined }))
  .map(([sign, whole, part]) => `${sign}${whole}${part === undefined ? '' : `.${part}`}`);

const parameter = fc.oneof(
  fc.tuple(fc.constantFrom(...LETTERS), number).map(([letter, value]) => ({
    written: `${letter}${value}`,
    read: plain(letter, value),
  })),
  fc.constantFrom(...LETTERS).map((letter) => ({ written: letter, read: plain(letter) })),
  fc.tuple(fc.constantFrom(...LETTERS), stringValue).map(([letter, string]) => ({
    written: `${letter}${string.written}`,
    read: text(letter, string.value),
  })),
  fc.tuple(fc.constantFrom(...LETTERS), expression).map(([letter, value]) => ({
    written: `${letter}${value.written}`,
    read: { letter, kind: 'expression', value: value.value } as GcodeParameter,
  })),
);

const gcodeCommand = fc
  .record({
    letter: fc.constantFrom<'G' | 'M'>('G', 'M'),
    lower: fc.boolean(),
    number: fc.nat(999),
    parameters: fc.array(parameter, { maxLength: 4 }),
  })
  .map(({ letter, lower, number, parameters }) => ({
    written: [`${lower ? letter.toLowerCase() : letter}${number}`, ...parameters.map((p) => p.written)].join(
      ' ',
    ),
    read: command(
      letter,
      number,
      parameters.map((p) => p.read),
    ),
  }));

const gcodeLine = fc.record({
  indent: fc.constantFrom('', ' ', '\t', '  '),
  lineNumber: fc.option(fc.nat(99_999), { nil: undefined }),
  checksum: fc.nat(255),
  commands: fc.array(gcodeCommand, { minLength: 1, maxLength: 3 }),
  comment: fc.option(fc.string({ unit: fc.constantFrom(...'ab ;(")*{M997'.split('')) }), { nil: undefined }),
  crlf: fc.boolean(),
});

describe('readGcodeLine on generated lines', () => {
  it('reads exactly the commands and parameters the line was built from, the same for every firmware', () => {
    fc.assert(
      fc.property(gcodeLine, (line) => {
        const numbered = line.lineNumber !== undefined;
        const written =
          `${line.indent}${numbered ? `N${line.lineNumber} ` : ''}` +
          line.commands.map((c) => c.written).join(' ') +
          (numbered ? `*${line.checksum}` : '') +
          (line.comment === undefined || numbered ? '' : ` ;${line.comment}`) +
          (line.crlf ? '\r' : '');
        const read = readGcodeLine(written);
        if (read.ambiguous !== null) throw new Error(`${JSON.stringify(written)}: ${read.ambiguous}`);
        expect(read.reading).toEqual({
          lineNumber: line.lineNumber ?? null,
          checksum: numbered ? line.checksum : null,
          meta: null,
          commands: line.commands.map((c) => c.read),
        });
        expect(read.readings.dsf).toEqual(read.reading);
        expect(read.readings.rrfCnc).toEqual(read.reading);
      }),
    );
  });

  it('reports a line as ambiguous once a bracket comment or a bare CR is put between its commands', () => {
    const inserted = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'ab ;"M997'.split('')) }).map((inside) => ` (${inside}) `),
      fc.constant(' \r'),
    );
    fc.assert(
      fc.property(gcodeCommand, gcodeCommand, inserted, (first, second, insert) => {
        expect(readGcodeLine(`${first.written}${insert}${second.written}`).ambiguous).not.toBeNull();
      }),
    );
  });
});
