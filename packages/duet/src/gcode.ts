/**
 * G-code lines read the way the boards read them: RepRapFirmware's string parser (standalone boards, and in CNC
 * mode, which treats `( … )` as a comment) and DSF's code parser (SBC boards). The firmware facts behind each rule
 * are in docs/gcode.md. A line the firmwares could read differently, or that the portal cannot read with certainty,
 * is reported as ambiguous instead of being guessed at.
 *
 * The reading is a superset of what a board runs: every `G`/`M` word outside strings, expressions and comments
 * starts a command, as RRF splits a line, even where a command reading an unquoted string would swallow it.
 */

/** The three readings: RRF (FFF and laser modes), RRF in CNC mode, and DSF. */
export type GcodeDialect = 'rrf' | 'rrfCnc' | 'dsf';

/**
 * One word after a command: a letter (upper case) with its value, or a value without a letter (`letter: null`:
 * a bare string as M32 takes, or characters that belong to no letter). Strings come decoded (`""` is a quote,
 * `''` a single quote, `'x` a lower-case x); expressions keep their braces.
 */
export interface GcodeParameter {
  letter: string | null;
  kind: 'plain' | 'string' | 'expression';
  value: string;
}

/** A command: `G`, `M` or `T` with its number (null when none is written), or `letter: null` for words before any. */
export interface GcodeCommand {
  letter: 'G' | 'M' | 'T' | null;
  number: number | null;
  fraction: number | null;
  parameters: GcodeParameter[];
}

/** A meta command (`if`, `echo`, `var`, `set`…): its keyword and the rest of the line, comment removed. */
export interface GcodeMeta {
  keyword: string;
  argument: string;
}

export interface GcodeReading {
  lineNumber: number | null;
  checksum: number | null;
  /** Set for a meta-command line, which holds no commands. */
  meta: GcodeMeta | null;
  commands: GcodeCommand[];
}

export type GcodeLine =
  | { ambiguous: null; reading: GcodeReading; readings: Readonly<Record<GcodeDialect, GcodeReading>> }
  | { ambiguous: string };

/** Both firmwares' meta commands (`skip` is RRF's, a no-op DSF reads as parameters). */
const KEYWORDS = new Set([
  'if',
  'elif',
  'else',
  'while',
  'break',
  'continue',
  'abort',
  'var',
  'global',
  'set',
  'echo',
  'skip',
]);

class Ambiguous extends Error {}
const unsure = (why: string): never => {
  throw new Ambiguous(why);
};

const isBlank = (char: string | undefined) => char === ' ' || char === '\t';
const isLetter = (char: string | undefined) =>
  char !== undefined && ((char >= 'A' && char <= 'Z') || (char >= 'a' && char <= 'z'));
const isAscii = (char: string) => char >= ' ' && char <= '~';
/** A C0 control character other than a tab, or DEL (RRF drops a line holding DEL: a serial line error). */
const isControl = (char: string) => (char < ' ' && char !== '\t') || char === '\x7f';

/**
 * Splits text into lines as both firmwares do (docs/gcode.md §1): a line feed ends a line and a carriage return
 * just before it (CRLF, or several) is dropped. A carriage return anywhere else stays in its line, and
 * `readGcodeLine` reports it: RRF ends a console line there (and a file line before 3.4), DSF drops it.
 */
export function gcodeLines(text: string): string[] {
  return text.split('\n').map((line) => line.replace(/\r+$/, ''));
}

/** Reads a string from the `"` at `start`: its decoded value and the index after its closing quote. */
function readString(text: string, start: number): { value: string; end: number } {
  let value = '';
  for (let index = start + 1; index < text.length; index++) {
    const char = text[index] as string;
    const next = text[index + 1];
    if (char === '"') {
      if (next !== '"') return { value, end: index + 1 };
      value += '"';
      index++;
    } else if (char === "'") {
      // Both lower-case a letter after `'` and read `''` as one quote; before anything else they differ.
      if (next === "'") value += "'";
      else if (isLetter(next)) value += (next as string).toLowerCase();
      else unsure('a single quote in a string before neither a letter nor a quote');
      index++;
    } else {
      value += char;
    }
  }
  return unsure('an unterminated string');
}

/**
 * Reads an expression from the `{` at `start` (nested braces, strings inside), up to the index after its
 * closing brace. RRF skips braces inside strings and ends the line at `;`; DSF counts every brace and reads `;`
 * as part of the expression, and refuses unbalanced parentheses: whatever they would read apart is ambiguous.
 */
function readExpression(text: string, start: number): { value: string; end: number } {
  let depth = 0;
  let parentheses = 0;
  for (let index = start; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '"') {
      const { end } = readString(text, index);
      if (/[{}()]/.test(text.slice(index, end)))
        unsure('a brace or parenthesis in a string inside an expression');
      index = end - 1;
    } else if (char === ';') unsure('a semicolon inside an expression');
    else if (!isAscii(char) && char !== '\t') unsure('a character outside ASCII in an expression');
    else if (char === '(') parentheses++;
    else if (char === ')' && --parentheses < 0) unsure('unbalanced parentheses in an expression');
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      if (parentheses !== 0) unsure('unbalanced parentheses in an expression');
      return { value: text.slice(start, index + 1), end: index + 1 };
    }
  }
  return unsure('an unterminated expression');
}

/** A bracket comment from the `(` at `start`: the index after its `)`, which both firmwares take as the first. */
function bracketCommentEnd(text: string, start: number): number {
  const close = text.indexOf(')', start);
  return close < 0 ? unsure('an unterminated bracket comment') : close + 1;
}

/** The checksum that ends the line from the `*` at `start` (only after a line number, as RRF reads it). */
function checksumAt(text: string, start: number): number {
  const match = /^\*([0-9]+)[ \t]*$/.exec(text.slice(start));
  return match ? Number(match[1]) : unsure('text after a checksum, or a star after a line number');
}

type Token = { kind: 'code'; text: string } | { kind: 'string' | 'expression'; value: string };

/** The line after its number, as one dialect cuts it into code, strings and expressions. */
function tokensOf(
  body: string,
  dialect: GcodeDialect,
  numbered: boolean,
): { tokens: Token[]; checksum: number | null } {
  const tokens: Token[] = [];
  let code = '';
  const flush = () => {
    if (code !== '') tokens.push({ kind: 'code', text: code });
    code = '';
  };
  for (let index = 0; index < body.length; ) {
    const char = body[index] as string;
    if (char === ';') break;
    if (char === '"' || char === '{') {
      flush();
      const read = char === '"' ? readString(body, index) : readExpression(body, index);
      tokens.push({ kind: char === '"' ? 'string' : 'expression', value: read.value });
      index = read.end;
    } else if (char === '(') {
      const end = bracketCommentEnd(body, index);
      // RRF outside CNC mode keeps `(` as text and reads on (a `"` or `;` inside keeps its meaning), so its
      // reading always differs from DSF's, which drops the comment.
      if (dialect === 'rrf')
        unsure('a bracket comment, which RRF reads as text outside CNC mode and DSF as a comment');
      index = end;
    } else if (char === '*' && numbered) {
      flush();
      return { tokens, checksum: checksumAt(body, index) };
    } else if (char === "'") {
      unsure('a lower-case escape outside a string');
    } else if (!isAscii(char) && char !== '\t') {
      unsure('a character outside ASCII outside strings and comments');
    } else {
      code += char;
      index++;
    }
  }
  flush();
  return { tokens, checksum: null };
}

/** A command number right at `lastIndex`, and blanks before digits there (sticky: no copy of the line). */
const COMMAND_NUMBER = /(-?[0-9]+)(?:\.([0-9]*))?/y;
const BLANKS_THEN_NUMBER = /[ \t]+-?[0-9]/y;

/** Cuts the tokens of a line into commands: each `G`/`M` word starts one, as does a `T` that opens the line. */
function commandsOf(tokens: Token[]): GcodeCommand[] {
  const commands: GcodeCommand[] = [];
  let current: GcodeCommand | null = null;
  /** A letter just read with nothing after it yet: a string or expression right after it is its value. */
  let pending: GcodeParameter | null = null;
  const add = (parameter: GcodeParameter) => {
    if (!current) {
      current = { letter: null, number: null, fraction: null, parameters: [] };
      commands.push(current);
    }
    current.parameters.push(parameter);
  };
  /** Nothing but blanks read yet: a `T` here is a tool change, anywhere else a parameter. */
  let atStart = true;
  tokens.forEach((token, position) => {
    if (token.kind !== 'code') atStart = false;
    if (token.kind !== 'code') {
      if (pending) Object.assign(pending, { kind: token.kind, value: token.value });
      else add({ letter: null, kind: token.kind, value: token.value });
      pending = null;
      return;
    }
    const { text } = token;
    for (let index = 0; index < text.length; ) {
      const char = text[index] as string;
      if (isBlank(char)) {
        pending = null;
        index++;
        continue;
      }
      const upper = char.toUpperCase();
      const opensLine = atStart;
      atStart = false;
      if (upper === 'G' || upper === 'M' || (upper === 'T' && opensLine)) {
        COMMAND_NUMBER.lastIndex = BLANKS_THEN_NUMBER.lastIndex = index + 1;
        const number = COMMAND_NUMBER.exec(text);
        const atEnd = index + 1 === text.length;
        if (!number && BLANKS_THEN_NUMBER.test(text))
          unsure('a space between a command letter and its number');
        if (!number && atEnd && tokens[position + 1]?.kind === 'expression' && upper !== 'T') {
          unsure('a command number made by an expression');
        }
        // RRF's command number is a 32-bit int that wraps (M4294968293 is M997 there); DSF refuses it.
        if (number && (number[1] as string).replace(/^-?0*/, '').length > 9)
          unsure('a command number too long');
        const digits = number?.[2];
        current = {
          letter: upper as 'G' | 'M' | 'T',
          number: number ? Number(number[1]) : null,
          fraction: digits ? Number(digits) : null,
          parameters: [],
        };
        commands.push(current);
        pending = null;
        index += 1 + (number?.[0].length ?? 0);
        if (!number && upper === 'T' && atEnd) {
          pending = { letter: 'T', kind: 'plain', value: '' }; // T{…}: the tool number as an expression
          current.parameters.push(pending);
        }
        continue;
      }
      const letter = isLetter(char) ? upper : null;
      const start = letter ? index + 1 : index;
      let end = start;
      while (end < text.length && !isBlank(text[end]) && !isLetter(text[end])) end++;
      const parameter: GcodeParameter = { letter, kind: 'plain', value: text.slice(start, end) };
      add(parameter);
      pending = letter && end === start ? parameter : null;
      index = end;
    }
  });
  return commands;
}

/** The argument of a meta command as one dialect reads it, comment removed. */
function metaArgument(text: string, dialect: GcodeDialect, numbered: boolean): string {
  let argument = '';
  let depth = 0;
  for (let index = 0; index < text.length; ) {
    const char = text[index] as string;
    if (char === ';') break;
    if (char === '"') {
      const { end } = readString(text, index);
      argument += text.slice(index, end);
      index = end;
      continue;
    }
    if (char === "'") unsure('a single quote in a meta command');
    if (!isAscii(char) && char !== '\t') unsure('a character outside ASCII in a meta command');
    if (char === '*' && numbered && depth === 0) unsure('a star after a line number in a meta command');
    if (char === '(' && depth === 0 && dialect === 'rrfCnc') {
      index = bracketCommentEnd(text, index);
      continue;
    }
    if (char === '{') depth++;
    else if (char === '}') depth--;
    argument += char;
    index++;
  }
  if (depth !== 0) unsure('unbalanced braces in a meta command');
  return argument.trim();
}

/**
 * A meta command opening the line: RRF takes a lower-case keyword followed by a blank, the end, `{`, `"` or `(`;
 * DSF lower-cases only the keyword's first letter and needs a blank or the end after it. Whatever lies between
 * is ambiguous.
 */
function metaOf(body: string, dialect: GcodeDialect, numbered: boolean): GcodeMeta | null {
  const word = /^[A-Za-z][a-z]*/.exec(body)?.[0];
  if (!word) return null;
  const keyword = (word[0] as string).toLowerCase() + word.slice(1);
  if (!KEYWORDS.has(keyword)) return null;
  if (word !== keyword) unsure('a meta command with a capital first letter');
  const next = body[word.length];
  if (next !== undefined && !isBlank(next)) unsure('a meta command not followed by a blank');
  return { keyword, argument: metaArgument(body.slice(word.length), dialect, numbered) };
}

function readAs(line: string, dialect: GcodeDialect): GcodeReading {
  let index = 0;
  while (isBlank(line[index])) index++;
  let lineNumber: number | null = null;
  if (line[index] === 'N' || line[index] === 'n') {
    const digits = /^[0-9]*/.exec(line.slice(index + 1))?.[0] ?? '';
    index += 1 + digits.length;
    // RRF drops `N` and reads what follows; DSF reads a letter after it as part of the number's word.
    if (digits === '' && index < line.length && !isBlank(line[index])) unsure('a line number without digits');
    lineNumber = digits === '' ? null : Number(digits);
    while (isBlank(line[index])) index++;
  }
  const numbered = lineNumber !== null;
  const body = line.slice(index);
  const meta = metaOf(body, dialect, numbered);
  if (meta) return { lineNumber, checksum: null, meta, commands: [] };
  const { tokens, checksum } = tokensOf(body, dialect, numbered);
  return { lineNumber, checksum, meta: null, commands: commandsOf(tokens) };
}

/**
 * Reads one line (without its line feed; a trailing carriage return is dropped as `gcodeLines` drops it) as each
 * firmware does. Ambiguous when RRF and DSF read different commands, or when the line holds what the portal will
 * not guess at: a control character, a lone carriage return, an unterminated string, expression or bracket
 * comment, and the other cases docs/gcode.md lists.
 */
export function readGcodeLine(text: string): GcodeLine {
  const line = text.replace(/\r+$/, '');
  if (line.includes('\r')) return { ambiguous: 'a carriage return not followed by a line feed' };
  if ([...line].some(isControl)) return { ambiguous: 'a control character' };
  try {
    if (!line.includes('(')) {
      // The three readings part only at `(`: without one they are the same.
      const reading = readAs(line, 'rrf');
      return { ambiguous: null, reading, readings: { rrf: reading, rrfCnc: reading, dsf: reading } };
    }
    const readings = {
      rrf: readAs(line, 'rrf'),
      rrfCnc: readAs(line, 'rrfCnc'),
      dsf: readAs(line, 'dsf'),
    };
    if (JSON.stringify(readings.rrf) !== JSON.stringify(readings.dsf)) {
      return { ambiguous: 'RepRapFirmware and DSF read it differently' };
    }
    return { ambiguous: null, reading: readings.rrf, readings };
  } catch (error) {
    if (error instanceof Ambiguous) return { ambiguous: error.message };
    throw error;
  }
}
