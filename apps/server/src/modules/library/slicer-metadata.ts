import { type FileHandle, open } from 'node:fs/promises';
import type {
  SlicerFilamentUse,
  SlicerMetadata,
  SlicerThumbnail,
  SlicerThumbnailFormat,
} from '@portal/contract';

/**
 * What a slicer wrote into a G-code file, read from the file's two ends (docs/gcode.md §5): PrusaSlicer,
 * SuperSlicer, OrcaSlicer (and Bambu Studio), Cura, and the same comment forms from any other slicer. A pure
 * reading that never throws: whatever is missing, malformed or out of bounds is left out.
 */

/**
 * Bytes read from the start of a file. Slicers write their header and thumbnails there; PrusaSlicer's larger
 * printers embed several images that together reach a few hundred kilobytes of base64 (RepRapFirmware itself
 * reads 200,000 bytes of header for the same reason).
 */
export const GCODE_HEAD_BYTES = 512 * 1024;
/**
 * Bytes read from the end. The PrusaSlicer family writes its summary and whole configuration there (tens of
 * kilobytes), Cura its settings, and SuperSlicer may move its thumbnails there (RepRapFirmware reads 400,000).
 */
export const GCODE_TAIL_BYTES = 512 * 1024;

/** At most this many thumbnails are kept, the first ones in file order. */
export const MAX_THUMBNAILS = 8;
/** A thumbnail larger than this, decoded, is left out. */
export const MAX_THUMBNAIL_BYTES = 384 * 1024;
/** A thumbnail wider or higher than this many pixels is left out. */
const MAX_THUMBNAIL_SIDE = 2048;
/** Longer lines are not comments this reader looks at (configuration values such as custom G-code are). */
const MAX_LINE_CHARS = 4096;
/** Cura's settings block is read up to this many characters. */
const MAX_CURA_SETTINGS_CHARS = 256 * 1024;
/** Values beyond these are not believed. */
const MAX_MILLIMETRES = 100_000;
const MAX_LENGTH_MM = 1e9;
const MAX_PRINT_SECONDS = 10 * 366 * 86_400;

/** A file's first and last bytes. */
export interface GcodeFileEnds {
  /** The first bytes; the whole file when `tail` is empty. */
  readonly head: Uint8Array;
  /** The last bytes, empty when `head` holds the whole file. Bytes between the two were not read. */
  readonly tail: Uint8Array;
}

/** A readable thumbnail: its description and its decoded image. */
export interface SlicerThumbnailImage {
  readonly thumbnail: SlicerThumbnail;
  readonly bytes: Uint8Array;
}

export interface SlicerMetadataReading {
  /** What the API shows; `metadata.thumbnails[i]` describes `images[i]`. */
  readonly metadata: SlicerMetadata;
  readonly images: SlicerThumbnailImage[];
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** The file's lines: CR before LF dropped, and the lines cut by a skipped middle left out. */
function linesOf(ends: GcodeFileEnds): { head: string[]; tail: string[] } {
  const split = (bytes: Uint8Array) =>
    decoder
      .decode(bytes)
      .split('\n')
      .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const head = split(ends.head);
  if (ends.tail.length === 0) return { head, tail: [] };
  // The file goes on past the head and started before the tail: their edge lines are incomplete.
  head.pop();
  const tail = split(ends.tail);
  tail.shift();
  return { head, tail };
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A finite decimal number, times 10 to `power` (so that 1.2345 m is 1234.5 mm exactly, not 1234.4999…), or
 * undefined for anything else ("nan", "0x10", "", "1.2.3").
 */
function decimal(text: string | undefined, power = 0): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const value = /e/i.test(trimmed) ? Number(trimmed) * 10 ** power : Number(`${trimmed}e${power}`);
  return Number.isFinite(value) ? value : undefined;
}

function inRange(value: number | undefined, min: number, max: number, exclusiveMin = false) {
  if (value === undefined) return undefined;
  if (value > max || value < min || (exclusiveMin && value === min)) return undefined;
  return value;
}

/** A length in millimetres above zero and within any printer's reach. */
const millimetres = (text: string | undefined) => inRange(decimal(text), 0, MAX_MILLIMETRES, true);

/** A comma-separated list of numbers (times 10 to `power`); undefined when any element is not one. */
function decimals(text: string | undefined, power = 0): number[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const values = text.split(',').map((part) => decimal(part, power));
  return values.every((value) => value !== undefined) ? (values as number[]) : undefined;
}

/** `1d 2h 3m 4s` and its shorter forms, as the PrusaSlicer family writes durations, in seconds. */
function duration(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(?:(\d{1,5})d\s*)?(?:(\d{1,6})h\s*)?(?:(\d{1,7})m\s*)?(?:(\d{1,9})s)?$/.exec(text.trim());
  if (!match || match.slice(1).every((part) => part === undefined)) return undefined;
  const [days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  return inRange(days * 86_400 + hours * 3600 + minutes * 60 + seconds, 0, MAX_PRINT_SECONDS);
}

/** Whole seconds as Cura writes them (`;TIME:6180`). */
function seconds(text: string | undefined): number | undefined {
  const value = decimal(text);
  return value === undefined ? undefined : inRange(Math.round(value), 0, MAX_PRINT_SECONDS);
}

/**
 * PrusaSlicer's list of strings (`PETG;PLA`, or `"PLA Plus";PETG` when one holds a blank, `;` or quote,
 * with `\\` and `\"` escaped inside the quotes). Undefined when malformed.
 */
function stringList(text: string): string[] | undefined {
  const values: string[] = [];
  let position = 0;
  while (position <= text.length) {
    if (text[position] === '"') {
      let value = '';
      position += 1;
      for (;;) {
        const char = text[position];
        if (char === undefined) return undefined;
        position += 1;
        if (char === '"') break;
        if (char === '\\') {
          const escaped = text[position];
          if (escaped === undefined) return undefined;
          value += escaped === 'n' ? '\n' : escaped === 'r' ? '\r' : escaped;
          position += 1;
        } else value += char;
      }
      values.push(value);
      if (position < text.length && text[position] !== ';') return undefined;
    } else {
      const end = text.indexOf(';', position);
      values.push(text.slice(position, end < 0 ? text.length : end));
      position = end < 0 ? text.length : end;
    }
    position += 1;
  }
  return values;
}

/** The comments this reader understands, gathered once from both ends of the file. */
interface Comments {
  /**
   * `; key = value` (the PrusaSlicer family's summary and configuration); the last one of a key wins, since the
   * configuration comes after anything a user wrote at the top (PrusaSlicer copies the print's notes there).
   */
  readonly settings: Map<string, string>;
  /** `;KEY:value` (Cura's header) and `; key: value` (Bambu-style headers); the first one wins. */
  readonly tags: Map<string, string>;
  /** The remaining comment lines near the top that may name the slicer. */
  readonly generator: string | undefined;
  /** Bambu-style `; model printing time: …; total estimated time: …`. */
  readonly totalEstimatedTime: string | undefined;
  /** Cura's `;SETTING_3 ` payload, joined. */
  readonly curaSettings: string;
}

const SETTING = /^; ?([A-Za-z_][\w ()[\]^.%#-]*?) =(?: (.*))?$/;
const TAG = /^;\s?([A-Za-z_][\w. #-]*?)\s*:\s*(.*)$/;
const CURA_SETTINGS_PREFIX = ';SETTING_3 ';

function gatherComments(lines: readonly string[]): Comments {
  const settings = new Map<string, string>();
  const tags = new Map<string, string>();
  let generator: string | undefined;
  let totalEstimatedTime: string | undefined;
  let curaSettings = '';
  for (const line of lines) {
    if (line.length > MAX_LINE_CHARS || !line.startsWith(';')) continue;
    if (line.startsWith(CURA_SETTINGS_PREFIX)) {
      if (curaSettings.length < MAX_CURA_SETTINGS_CHARS)
        curaSettings += line.slice(CURA_SETTINGS_PREFIX.length);
      continue;
    }
    if (generator === undefined && /^;\s?(?:generated by |Generated with |BambuStudio )/.test(line)) {
      generator = line;
      continue;
    }
    const total = /;\s*total estimated time:\s*([^;]*)$/.exec(line);
    if (total && totalEstimatedTime === undefined) totalEstimatedTime = total[1];
    const setting = SETTING.exec(line);
    if (setting) {
      const [, key, value = ''] = setting as unknown as [string, string, string | undefined];
      settings.set(key, value.trim());
      continue;
    }
    const tag = TAG.exec(line);
    if (tag) {
      const [, key, value] = tag as unknown as [string, string, string];
      if (!tags.has(key)) tags.set(key, value.trim());
    }
  }
  return { settings, tags, generator, totalEstimatedTime, curaSettings };
}

/** The slicer's name and version from its signature line. */
function slicerOf(comments: Comments): SlicerMetadata['slicer'] {
  const engineName = comments.tags.get('GENERATOR.NAME');
  const signature = comments.generator;
  let name: string | undefined;
  let version: string | undefined;
  if (signature !== undefined) {
    // `; generated by PrusaSlicer 2.9.4 on 2025-06-01 at 10:00:00 UTC`, `;Generated with Cura_SteamEngine 5.7.1`,
    // `; BambuStudio 02.08.02.61`.
    const text = signature
      .replace(/^;\s?(?:generated by |Generated with )?/, '')
      .replace(/\s+on(?:\s+\d{4}-\d{2}-\d{2}.*)?$/, '')
      .trim();
    const match = /^(.*?)\s+(?:Version\s+)?v?(\d[\w.+-]*)$/.exec(text);
    name = (match ? match[1] : text)?.trim();
    version = match?.[2];
  } else if (engineName !== undefined) {
    name = engineName;
    version = comments.tags.get('GENERATOR.VERSION');
  }
  if (!name) return undefined;
  if (name === 'Cura_SteamEngine') name = 'Cura';
  return version ? { name: name.slice(0, 100), version: version.slice(0, 40) } : { name: name.slice(0, 100) };
}

/** Cura's `;SETTING_3` block: JSON of the profile's changed settings, each an INI text; its `[values]`. */
function curaProfile(
  payload: string,
): { global: Map<string, string>; extruders: Map<string, string>[] } | undefined {
  if (payload === '') return undefined;
  // Cura escapes `\` as `\\` and line breaks as `\n`/`\r` so the JSON fits on comment lines.
  const unescaped = payload.replace(/\\([\\nr])/g, (_, char: string) =>
    char === 'n' ? '\n' : char === 'r' ? '\r' : '\\',
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(unescaped);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { global_quality: global, extruder_quality: extruders } = parsed as Record<string, unknown>;
  const values = (ini: unknown) => {
    const found = new Map<string, string>();
    if (typeof ini !== 'string') return found;
    let inValues = false;
    for (const line of ini.split(/\r?\n/)) {
      const section = /^\s*\[(.+)\]\s*$/.exec(line);
      if (section) inValues = section[1] === 'values';
      else if (inValues) {
        const pair = /^\s*([\w.]+)\s*=\s*(.*)$/.exec(line);
        if (pair) found.set(pair[1] as string, (pair[2] as string).trim());
      }
    }
    return found;
  };
  return { global: values(global), extruders: Array.isArray(extruders) ? extruders.map(values) : [] };
}

/** Per-extruder filament use, from whichever of the lists the slicer wrote. */
function filamentOf(comments: Comments): SlicerFilamentUse[] | undefined {
  const { settings, tags } = comments;
  const uses: SlicerFilamentUse[] = [];
  const put = (list: number[] | undefined, field: keyof SlicerFilamentUse) => {
    list?.forEach((value, index) => {
      if (inRange(value, 0, MAX_LENGTH_MM) === undefined) return;
      uses[index] = { ...uses[index], [field]: value };
    });
  };
  // The PrusaSlicer family: `; filament used [mm] = 1234.56, 0.00`.
  put(decimals(settings.get('filament used [mm]')), 'lengthMm');
  put(decimals(settings.get('filament used [g]')), 'weightG');
  put(decimals(settings.get('filament used [cm3]')), 'volumeCm3');
  if (uses.length === 0) {
    // Cura: `;Filament used: 1.2345m, 0m` or, for volumetric Marlin, `123.4mm3`.
    const cura = tags.get('Filament used');
    if (cura !== undefined) {
      const parts = cura.split(',').map((part) => part.trim());
      if (parts.every((part) => /m$/.test(part) && !/mm$/.test(part))) {
        put(decimals(parts.map((part) => part.slice(0, -1)).join(','), 3), 'lengthMm');
      } else if (parts.every((part) => part.endsWith('mm3'))) {
        put(decimals(parts.map((part) => part.slice(0, -3)).join(','), -3), 'volumeCm3');
      }
    }
  }
  if (uses.length === 0) {
    // Cura's Griffin header, `;EXTRUDER_TRAIN.0.MATERIAL.VOLUME_USED:1234` in mm³, and UltiGCode's `;MATERIAL:`.
    for (const [key, value] of tags) {
      const train = /^EXTRUDER_TRAIN\.(\d{1,2})\.MATERIAL\.VOLUME_USED$/.exec(key);
      const index = train ? Number(train[1]) : key === 'MATERIAL' ? 0 : key === 'MATERIAL2' ? 1 : undefined;
      const volume = inRange(decimal(value, -3), 0, MAX_LENGTH_MM);
      if (index !== undefined && volume !== undefined) uses[index] = { volumeCm3: volume };
    }
  }
  if (uses.length === 0) return undefined;
  // A gap (an extruder the slicer skipped) reads as nothing used.
  return Array.from(uses, (use) => use ?? {});
}

function nozzlesOf(comments: Comments, cura: ReturnType<typeof curaProfile>): number[] | undefined {
  const valid = (list: (number | undefined)[]) =>
    list.length > 0 && list.every((value) => value !== undefined) ? (list as number[]) : undefined;
  const prusa = decimals(comments.settings.get('nozzle_diameter'));
  if (prusa) return valid(prusa.map((value) => inRange(value, 0, 10, true)));
  const trains: (number | undefined)[] = [];
  for (const [key, value] of comments.tags) {
    const train = /^EXTRUDER_TRAIN\.(\d{1,2})\.NOZZLE\.DIAMETER$/.exec(key);
    if (train) trains[Number(train[1])] = inRange(decimal(value), 0, 10, true);
  }
  if (trains.length > 0) return valid(Array.from(trains));
  const ultiGcode = inRange(decimal(comments.tags.get('NOZZLE_DIAMETER')), 0, 10, true);
  if (ultiGcode !== undefined) return [ultiGcode];
  const fromProfile = cura?.extruders.map((values) =>
    inRange(decimal(values.get('machine_nozzle_size')), 0, 10, true),
  );
  return fromProfile ? valid(fromProfile) : undefined;
}

function printTimeOf(comments: Comments): number | undefined {
  const { settings, tags } = comments;
  return (
    duration(settings.get('estimated printing time (normal mode)')) ??
    duration(comments.totalEstimatedTime) ??
    duration(settings.get('estimated printing time')) ??
    seconds(tags.get('TIME')) ??
    seconds(tags.get('PRINT.TIME'))
  );
}

function textValue(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  // A name with control characters is not one a slicer wrote.
  if (!trimmed || /\p{Cc}/u.test(trimmed)) return undefined;
  return trimmed.slice(0, 200);
}

function filamentTypesOf(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const types = stringList(text.trim())?.map((type) => type.trim());
  if (!types || types.length > 64 || types.some((type) => type === '' || type.length > 100)) return undefined;
  return types;
}

/** A thumbnail block's begin line: `; thumbnail begin 300x300 12345`, `_PNG`/`_JPG`/`_QOI` variants, or `W H`. */
const THUMBNAIL_BEGIN = /^;\s*thumbnail(?:_(PNG|JPG|QOI))?\s+begin\s+(\d{1,5})[x ](\d{1,5})\s+(\d{1,9})\s*$/i;
const THUMBNAIL_END = /^;\s*thumbnail(?:_(?:PNG|JPG|QOI))?\s+end\s*$/i;
const BASE64_LINE = /^[A-Za-z0-9+/]+={0,2}$/;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG_MAGIC = [0xff, 0xd8, 0xff];
const QOI_MAGIC = [0x71, 0x6f, 0x69, 0x66];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);
}

function formatOf(bytes: Uint8Array): SlicerThumbnailFormat | undefined {
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  if (startsWith(bytes, JPG_MAGIC)) return 'jpg';
  if (startsWith(bytes, QOI_MAGIC)) return 'qoi';
  return undefined;
}

/**
 * The complete, valid thumbnail blocks among `lines`: the begin line's length must match the base64 that
 * follows, the base64 must be well formed, and the decoded bytes must start as their format does (the tag's
 * format when it names one; SuperSlicer's untagged blocks may hold any of the three).
 */
function thumbnailsIn(lines: readonly string[], room: number): SlicerThumbnailImage[] {
  const images: SlicerThumbnailImage[] = [];
  let index = 0;
  while (index < lines.length && images.length < room) {
    const begin = THUMBNAIL_BEGIN.exec(lines[index] as string);
    index += 1;
    if (!begin) continue;
    const [, tag, widthText, heightText, lengthText] = begin as unknown as [
      string,
      string | undefined,
      string,
      string,
      string,
    ];
    const width = Number(widthText);
    const height = Number(heightText);
    const declared = Number(lengthText);
    const maxChars = Math.ceil(MAX_THUMBNAIL_BYTES / 3) * 4;
    const parts: string[] = [];
    let chars = 0;
    let complete = false;
    while (index < lines.length) {
      const line = lines[index] as string;
      // Another block's begin line or G-code means this block was cut short; leave the line to the outer loop.
      if (!line.startsWith(';') || THUMBNAIL_BEGIN.test(line)) break;
      index += 1;
      if (THUMBNAIL_END.test(line)) {
        complete = true;
        break;
      }
      const content = line.slice(1).trim();
      if (content === '') continue;
      chars += content.length;
      if (chars > maxChars || chars > declared || !BASE64_LINE.test(content)) break;
      parts.push(content);
    }
    if (!complete || chars !== declared || declared % 4 !== 0) continue;
    if (width < 1 || height < 1 || width > MAX_THUMBNAIL_SIDE || height > MAX_THUMBNAIL_SIDE) continue;
    const text = parts.join('');
    // Padding only at the very end: a line ending in `=` followed by more data is corrupt.
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) continue;
    const bytes = new Uint8Array(Buffer.from(text, 'base64'));
    const format = formatOf(bytes);
    if (format === undefined || bytes.length === 0 || bytes.length > MAX_THUMBNAIL_BYTES) continue;
    if (tag !== undefined && tag.toLowerCase() !== format) continue;
    images.push({ thumbnail: { width, height, format, byteSize: bytes.length }, bytes });
  }
  return images;
}

/** Reads what the slicer wrote from a file's head and tail (see `readGcodeFileEnds`). Never throws. */
export function readSlicerMetadata(ends: GcodeFileEnds): SlicerMetadataReading {
  try {
    return readComments(ends);
  } catch {
    // Nothing above is expected to throw; a reading that did must not fail a file's upload or listing.
    return { metadata: { thumbnails: [] }, images: [] };
  }
}

/** PrusaSlicer's binary G-code starts with this; its blocks are compressed and not read here. */
const BINARY_GCODE_MAGIC = [0x47, 0x43, 0x44, 0x45];

function readComments(ends: GcodeFileEnds): SlicerMetadataReading {
  if (startsWith(ends.head, BINARY_GCODE_MAGIC)) return { metadata: { thumbnails: [] }, images: [] };
  const lines = linesOf(ends);
  const comments = gatherComments([...lines.head, ...lines.tail]);
  const { settings, tags } = comments;
  const cura = curaProfile(comments.curaSettings);
  const images = thumbnailsIn(lines.head, MAX_THUMBNAILS);
  images.push(...thumbnailsIn(lines.tail, MAX_THUMBNAILS - images.length));

  const firstLayer = settings.get('first_layer_height') ?? settings.get('initial_layer_print_height');
  const metadata: SlicerMetadata = {
    slicer: slicerOf(comments),
    estimatedPrintSeconds: printTimeOf(comments),
    filament: filamentOf(comments),
    layerHeightMm:
      millimetres(settings.get('layer_height')) ??
      millimetres(tags.get('Layer height')) ??
      millimetres(cura?.global.get('layer_height')),
    // SuperSlicer may give it as a percentage of the nozzle, which is left out.
    firstLayerHeightMm: millimetres(firstLayer) ?? millimetres(cura?.global.get('layer_height_0')),
    nozzleDiametersMm: nozzlesOf(comments, cura),
    printerModel: textValue(settings.get('printer_model')) ?? textValue(tags.get('TARGET_MACHINE.NAME')),
    filamentTypes: filamentTypesOf(settings.get('filament_type')),
    objectHeightMm:
      millimetres(tags.get('max_z_height')) ??
      millimetres(tags.get('PRINT.SIZE.MAX.Z')) ??
      millimetres(tags.get('MAXZ')),
    thumbnails: images.map((image) => image.thumbnail),
  };
  // What could not be read is absent, not undefined, so the answer's JSON and a test's equality agree.
  const present = Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined));
  return { metadata: present as SlicerMetadata, images };
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}

/**
 * A stream's head and tail in bounded memory: the first `GCODE_HEAD_BYTES` are kept, then only the most recent
 * `GCODE_TAIL_BYTES` (plus one chunk), so a 200 MB upload is read through once and costs under a megabyte.
 */
export async function readStreamEnds(source: AsyncIterable<Uint8Array>): Promise<GcodeFileEnds> {
  const head = new Uint8Array(GCODE_HEAD_BYTES);
  let headLength = 0;
  const rest: Uint8Array[] = [];
  let restLength = 0;
  let trimmed = false;
  for await (const chunk of source) {
    let bytes = chunk;
    if (headLength < GCODE_HEAD_BYTES) {
      const take = Math.min(bytes.length, GCODE_HEAD_BYTES - headLength);
      head.set(bytes.subarray(0, take), headLength);
      headLength += take;
      bytes = bytes.subarray(take);
    }
    if (bytes.length === 0) continue;
    rest.push(bytes);
    restLength += bytes.length;
    // Drop whole chunks that lie entirely before the last GCODE_TAIL_BYTES.
    while (rest.length > 1 && restLength - (rest[0] as Uint8Array).length >= GCODE_TAIL_BYTES) {
      restLength -= (rest.shift() as Uint8Array).length;
      trimmed = true;
    }
  }
  const restBytes = concat(rest, restLength);
  if (!trimmed && restLength <= GCODE_TAIL_BYTES) {
    // Nothing was skipped: one piece, so no line is taken for cut.
    return {
      head: concat([head.subarray(0, headLength), restBytes], headLength + restLength),
      tail: new Uint8Array(),
    };
  }
  return {
    head: head.subarray(0, headLength),
    tail: restBytes.subarray(Math.max(0, restLength - GCODE_TAIL_BYTES)),
  };
}

async function readFully(file: FileHandle, length: number, position: number): Promise<Uint8Array> {
  const buffer = new Uint8Array(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await file.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/**
 * A file's head and tail: two positioned reads whatever its size (the whole file when it is small), from an
 * open handle (left open) or a path.
 */
export async function readGcodeFileEnds(file: FileHandle | string): Promise<GcodeFileEnds> {
  if (typeof file === 'string') {
    const handle = await open(file, 'r');
    try {
      return await readGcodeFileEnds(handle);
    } finally {
      await handle.close();
    }
  }
  const { size } = await file.stat();
  if (size <= GCODE_HEAD_BYTES + GCODE_TAIL_BYTES)
    return { head: await readFully(file, size, 0), tail: new Uint8Array() };
  return {
    head: await readFully(file, GCODE_HEAD_BYTES, 0),
    tail: await readFully(file, GCODE_TAIL_BYTES, size - GCODE_TAIL_BYTES),
  };
}
