/**
 * Thumbnails embedded in a G-code file's header as slicers write them (docs/duet-http.md §1.3):
 *
 *     ; thumbnail begin 32x32 1234        (PNG; `thumbnail_QOI` and `thumbnail_JPG` for the other formats)
 *     ; iVBORw0KGgoAAAANSUhEUgAAACAAAAAg…  (base64, a line of at most 78 characters each)
 *     ; thumbnail end
 *
 * and how RepRapFirmware and DSF report and serve them.
 */

export type ThumbnailFormat = 'png' | 'qoi' | 'jpeg';

/** One thumbnail as `rr_fileinfo`, `job.file.thumbnails[]` and DSF's fileinfo describe it. */
export interface ThumbnailDescriptor {
  readonly format: ThumbnailFormat;
  readonly width: number;
  readonly height: number;
  /** Where the data starts in the file: `rr_thumbnail`'s first offset. */
  readonly offset: number;
  /** The encoded (base64) length the begin line states. */
  readonly size: number;
}

/** A thumbnail block found in a file. */
export interface EmbeddedThumbnail {
  readonly format: ThumbnailFormat;
  readonly width: number;
  readonly height: number;
  /** The encoded length the begin line states. */
  readonly size: number;
  /** Byte offset of the line after the begin line (RRF's `offset`: the `;` of the first data line). */
  readonly lineOffset: number;
  /** Byte offset of the first base64 character, past `; ` (DSF's `offset`). */
  readonly dataOffset: number;
  /** The base64 text, its lines joined; null when the block has no end line. */
  readonly data: string | null;
}

/** RRF keeps at most this many thumbnails per file. */
const RRF_MAX_THUMBNAILS = 4;
/** RRF ignores thumbnails narrower or lower than 16 or wider or higher than 500 pixels, or under 10 bytes. */
const RRF_MIN_SIDE = 16;
const RRF_MAX_SIDE = 500;
const RRF_MIN_SIZE = 10;

/** Characters of base64 one `rr_thumbnail` answer carries at most on RRF 3.4 to 3.6 (a multiple of 4). */
export const RR_THUMBNAIL_CHUNK_CHARS = 2600;

const BEGIN = /^;[ \t-]*thumbnail(_QOI|_JPG)? begin (\d+)x(\d+) (\d+)\s*$/i;
const END = /^;[ \t]*thumbnail(?:_QOI|_JPG)? end/i;
const FORMATS: Readonly<Record<string, ThumbnailFormat>> = { '': 'png', _qoi: 'qoi', _jpg: 'jpeg' };
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const NEWLINE = 0x0a;
const decoder = new TextDecoder();

interface Line {
  readonly start: number;
  /** The line's text without its terminator. */
  readonly text: string;
  /** Where the next line starts. */
  readonly next: number;
}

function lineAt(data: Uint8Array, start: number): Line {
  const newline = data.indexOf(NEWLINE, start);
  const end = newline < 0 ? data.length : newline;
  const text = decoder.decode(data.subarray(start, end));
  return { start, text: text.endsWith('\r') ? text.slice(0, -1) : text, next: end + 1 };
}

/** A header line that is G-code ends the header, as RRF's file-info parser sees it. */
function isCommand(text: string): boolean {
  return /^[GMT]/.test(text);
}

/** The thumbnail blocks of the file's header (the comments before the first G, M or T command). */
export function readEmbeddedThumbnails(data: Uint8Array): EmbeddedThumbnail[] {
  const thumbnails: EmbeddedThumbnail[] = [];
  let position = 0;
  while (position < data.length) {
    const line = lineAt(data, position);
    position = line.next;
    if (isCommand(line.text)) break;
    const begin = BEGIN.exec(line.text);
    if (!begin) continue;
    let dataOffset = -1;
    let text: string | null = null;
    const parts: string[] = [];
    while (position < data.length) {
      const dataLine = lineAt(data, position);
      if (dataLine.text.trim() === '') {
        position = dataLine.next;
        continue;
      }
      // Any other line ends an unfinished block; another begin line is read as such.
      if (!dataLine.text.startsWith(';') || BEGIN.test(dataLine.text)) break;
      position = dataLine.next;
      if (END.test(dataLine.text)) {
        text = parts.join('');
        break;
      }
      const content = dataLine.text.slice(1).trim();
      if (content === '') continue;
      if (dataOffset < 0) dataOffset = dataLine.start + dataLine.text.indexOf(content);
      parts.push(content);
    }
    thumbnails.push({
      format: FORMATS[(begin[1] ?? '').toLowerCase()] ?? 'png',
      width: Number(begin[2]),
      height: Number(begin[3]),
      size: Number(begin[4]),
      lineOffset: line.next,
      dataOffset: dataOffset < 0 ? line.next : dataOffset,
      data: text,
    });
  }
  return thumbnails;
}

/** The thumbnails RRF reports: the first four within its size limits, from the line after the begin line. */
export function rrfThumbnails(thumbnails: readonly EmbeddedThumbnail[]): ThumbnailDescriptor[] {
  const side = (value: number) => value >= RRF_MIN_SIDE && value <= RRF_MAX_SIDE;
  return thumbnails
    .filter(({ width, height, size }) => side(width) && side(height) && size >= RRF_MIN_SIZE)
    .slice(0, RRF_MAX_THUMBNAILS)
    .map(({ format, width, height, size, lineOffset }) => ({
      format,
      width,
      height,
      offset: lineOffset,
      size,
    }));
}

/** A thumbnail as DSF describes it: with its base64 `data`, null unless asked for (or not valid base64). */
export type DsfThumbnail = ThumbnailDescriptor & { readonly data: string | null };

/** The thumbnails DSF reports: every block that has its end line, from its first base64 character. */
export function dsfThumbnails(thumbnails: readonly EmbeddedThumbnail[], withData: boolean): DsfThumbnail[] {
  return thumbnails
    .filter((thumbnail) => thumbnail.data !== null)
    .map(({ format, width, height, size, dataOffset, data }) => ({
      format,
      width,
      height,
      offset: dataOffset,
      size,
      data: withData && data !== null && BASE64.test(data) ? data : null,
    }));
}

export interface ThumbnailChunk {
  readonly data: string;
  /** Where to ask next; 0 once the thumbnail is complete (or the read failed). */
  readonly next: number;
  readonly err: 0 | 1;
}

/**
 * One `rr_thumbnail` answer as RRF builds it from `offset`: line by line, each line's leading `;`, spaces
 * and tabs dropped, until `maxChars` characters (cutting a line if need be, `next` then pointing inside it),
 * the end line, or a line with a space in it (no longer base64); reaching the end of the file is err 1.
 */
export function readThumbnailChunk(data: Uint8Array, offset: number, maxChars: number): ThumbnailChunk {
  let written = 0;
  const parts: string[] = [];
  let position = offset;
  while (written < maxChars) {
    if (position >= data.length) return { data: parts.join(''), next: 0, err: 1 };
    const line = lineAt(data, position);
    position = line.next;
    const content = line.text.replace(/^[; \t]+/, '');
    if (content === '') continue;
    if (/^thumbnail(_QOI|_JPG)? end/.test(content) || content.includes(' ')) {
      return { data: parts.join(''), next: 0, err: 0 };
    }
    const take = Math.min(content.length, maxChars - written);
    parts.push(content.slice(0, take));
    written += take;
    if (take < content.length) position = line.start + (line.text.length - content.length) + take;
  }
  return { data: parts.join(''), next: position, err: 0 };
}
