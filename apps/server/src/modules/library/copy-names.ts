import { LIMITS } from '@portal/contract';

/**
 * Where a copy from a machine goes when its folder already has a file of its name (docs/design.md §13): the file
 * of the same content among that name and its numbered names, or else the first of the numbered names that is
 * free. The numbered names of `part.gcode` are `part (2).gcode`, `part (3).gcode`, … : the number before the
 * extension, the name shortened before it when the whole would pass the library's name limit.
 */

/** The name's stem and extension: the extension from its last dot, none when the dot begins the name. */
function split(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? { stem: name.slice(0, dot), extension: name.slice(dot) } : { stem: name, extension: '' };
}

/** `text` cut to at most `length` UTF-16 units without halving a character. */
function cut(text: string, length: number): string {
  let kept = '';
  for (const character of text) {
    if (kept.length + character.length > length) break;
    kept += character;
  }
  return kept;
}

/**
 * `name` numbered `number`: `name` itself for 1, `stem (n).extension` from 2 on, the stem shortened to keep the
 * whole within LIMITS.libraryNameMax; an extension too long to leave any of the stem is numbered as part of it.
 */
export function numberedName(name: string, number: number, max: number = LIMITS.libraryNameMax): string {
  if (number === 1) return name;
  const suffix = ` (${number})`;
  const { stem, extension } = split(name);
  const room = max - suffix.length - extension.length;
  if (room < 1) return `${cut(name, max - suffix.length)}${suffix}`;
  return `${cut(stem, room)}${suffix}${extension}`;
}

/**
 * What `name` and all its numbered names (up to numbers of nine digits) begin with, for finding them in a folder;
 * the names found are told apart by `numberIn`. A name is shortened by the length of its number only, so one
 * number of each length stands for all.
 */
export function numberedNamesPrefix(name: string, max: number = LIMITS.libraryNameMax): string {
  let prefix = split(name).stem;
  for (let digits = 1; digits <= 9; digits++) {
    const other = numberedName(name, digits === 1 ? 2 : 10 ** (digits - 1), max);
    let common = 0;
    while (common < prefix.length && prefix[common] === other[common]) common++;
    prefix = cut(prefix, common);
  }
  return prefix;
}

/** Which number `candidate` is of `name`'s numbered names (1 for `name` itself), or null when it is none of them. */
export function numberIn(
  name: string,
  candidate: string,
  max: number = LIMITS.libraryNameMax,
): number | null {
  if (candidate === name) return 1;
  for (const found of candidate.matchAll(/ \(([1-9]\d{0,8})\)/g)) {
    const number = Number(found[1]);
    if (number >= 2 && numberedName(name, number, max) === candidate) return number;
  }
  return null;
}

/** A file in the copy's folder: its name and its content's SHA-256. */
export interface NamedFile {
  name: string;
  sha256: string;
}

/**
 * Where a copy of content `sha256` asked to be `name` goes, given the files of its folder that are `name` or one
 * of its numbered names (others are ignored): `{ name }` when the name is free or the copy must take the first
 * free numbered name, `{ same }` when the name is taken and one of them holds the same content already (the name
 * itself first, then by number).
 */
export function placeCopy<File extends NamedFile>(
  name: string,
  files: readonly File[],
  sha256: string,
  max: number = LIMITS.libraryNameMax,
): { name: string } | { same: File } {
  const numbered = files
    .map((file) => ({ file, number: numberIn(name, file.name, max) }))
    .filter((entry): entry is { file: File; number: number } => entry.number !== null)
    .sort((a, b) => a.number - b.number);
  if (numbered[0]?.number !== 1) return { name };
  const same = numbered.find((entry) => entry.file.sha256 === sha256);
  if (same) return { same: same.file };
  const taken = new Set(numbered.map((entry) => entry.number));
  let number = 2;
  while (taken.has(number)) number++;
  return { name: numberedName(name, number, max) };
}
