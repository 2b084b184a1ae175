/** One G-code command as RRF reads it: a letter and number, then letter-prefixed parameters. */
export interface GcodeCommand {
  /** `G`, `M` or `T`. */
  readonly letter: 'G' | 'M' | 'T';
  /** The code number; NaN for a bare `T` (report the current tool). */
  readonly number: number;
  /** Parameter values by upper-case letter; quoted strings come without their quotes. */
  readonly params: ReadonlyMap<string, string>;
  /** Everything after the code, for the commands that take a bare string (M23, M32, M117). */
  readonly rest: string;
  readonly text: string;
}

/** Removes a `;` comment and `(...)` comments outside quoted strings. */
export function stripComment(line: string): string {
  let out = '';
  let inQuotes = false;
  let inParens = false;
  for (const char of line) {
    if (inQuotes) {
      out += char;
      if (char === '"') inQuotes = false;
    } else if (inParens) {
      if (char === ')') inParens = false;
    } else if (char === ';') {
      break;
    } else if (char === '(') {
      inParens = true;
    } else {
      if (char === '"') inQuotes = true;
      out += char;
    }
  }
  return out.trim();
}

/** Reads `value` or `"quoted value"` (with `""` for a literal quote) at the start of `text`. */
function readValue(text: string): { value: string; length: number } {
  if (!text.startsWith('"')) {
    const match = /^[^\s"]*/.exec(text) as RegExpExecArray;
    return { value: match[0], length: match[0].length };
  }
  let value = '';
  for (let index = 1; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '"') {
      if (text[index + 1] === '"') {
        value += '"';
        index++;
      } else {
        return { value, length: index + 1 };
      }
    } else {
      value += char;
    }
  }
  return { value, length: text.length };
}

/** Parses one line (comment already stripped); null when it is not a G, M or T command. */
export function parseGcodeLine(line: string): GcodeCommand | null {
  const match = /^(?:N\d+\s*)?([GMTgmt])(-?\d+(?:\.\d+)?)?/.exec(line);
  if (!match) return null;
  const letter = (match[1] as string).toUpperCase() as 'G' | 'M' | 'T';
  if (match[2] === undefined && letter !== 'T') return null;
  const rest = line.slice(match[0].length).trim();
  const params = new Map<string, string>();
  let index = 0;
  while (index < rest.length) {
    const char = rest[index] as string;
    if (/[A-Za-z]/.test(char)) {
      const { value, length } = readValue(rest.slice(index + 1));
      if (!params.has(char.toUpperCase())) params.set(char.toUpperCase(), value);
      index += 1 + length;
    } else {
      index++;
    }
  }
  return { letter, number: match[2] === undefined ? Number.NaN : Number(match[2]), params, rest, text: line };
}

/**
 * A file name argument: `P"name"` for commands that take it as a parameter (M37, M98), otherwise the
 * (optionally quoted) rest of the line (M23, M32).
 */
export function fileArgument(command: GcodeCommand, letter?: string): string {
  if (letter !== undefined) return command.params.get(letter) ?? '';
  const bare = command.rest.startsWith('"')
    ? command.rest.slice(1, command.rest.lastIndexOf('"'))
    : command.rest;
  return bare.trim();
}

/** A numeric parameter, or undefined when absent or not a number. */
export function numberParam(command: GcodeCommand, letter: string): number | undefined {
  const raw = command.params.get(letter);
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}
