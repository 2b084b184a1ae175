import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { customerGcodeLine } from '../machine-access/board-scopes.ts';
import { type RelayRouteOptions, relayRoute } from './relay-route.ts';

/** Longest G-code line an upload may hold (RRF's own line buffer is far shorter); longer is refused unless a comment. */
export const MAX_UPLOAD_LINE_BYTES = 16 * 1024;

/**
 * Relays an upload whose G-code lines are checked as they stream through (`GcodeUploadCheck`): a refused line
 * cancels the upload before it reaches the board, and `refuse` answers the client (the rest of its body is read
 * and dropped so that it gets the answer).
 */
export async function relayCheckedUpload(
  registry: TunnelRegistry,
  request: FastifyRequest,
  reply: FastifyReply,
  options: RelayRouteOptions,
  refuse: (refusal: AppError) => FastifyReply,
): Promise<FastifyReply> {
  const length = request.headers['content-length'];
  if (length === undefined || !/^[0-9]{1,15}$/.test(length)) {
    throw new AppError('BAD_REQUEST', 'Uploads to a machine need a Content-Length');
  }
  const contentType = request.headers['content-type'];
  const check = new GcodeUploadCheck();
  request.raw.pipe(check);
  request.raw.once('error', (error) => check.destroy(error));
  try {
    return await relayRoute(registry, request, reply, {
      ...options,
      body: { content: check, length: Number(length), ...(contentType && { contentType }) },
    });
  } catch (error) {
    if (check.refusal === null || error !== check.refusal) throw error;
    request.raw.unpipe(check);
    request.raw.resume();
    return refuse(check.refusal);
  }
}

/** Reads a small body whole (a scope must see it before it goes on); more than `maxBytes` is 413. */
export async function smallBody(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const isComment = (line: string) => /^[ \t]*;/.test(line);
/** Only a line feed ends a line: both firmwares drop CR in files, and a CR elsewhere is refused (docs/gcode.md). */
const isLineEnd = (byte: number) => byte === 0x0a;
const EMPTY = Buffer.alloc(0);

/** Bytes a plain move may hold after its G word: blanks, numbers and the words of axes, extrusion and feed. */
const MOVE_BYTES = new Uint8Array(256);
for (const character of ' \t0123456789.+-XYZEFIJRSxyzefijrs') MOVE_BYTES[character.charCodeAt(0)] = 1;
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;
const isPrintable = (byte: number) => byte === 0x09 || (byte >= 0x20 && byte <= 0x7e);

/**
 * Whether a line is plainly harmless without reading it as text: blank, only a comment, or a move (G0 to G3)
 * with nothing but axis, extrusion and feed words, then perhaps a comment, all in printable ASCII. Almost every
 * line of a sliced file is one of these; any other line is read by `customerGcodeLine`.
 */
function isPlainLine(data: Buffer, start: number, end: number): boolean {
  let index = start;
  while (index < end && (data[index] === 0x20 || data[index] === 0x09)) index++;
  if (index < end && data[index] !== 0x3b) {
    if (((data[index] as number) | 0x20) !== 0x67) return false; // G
    index++;
    if (data[index] === 0x30 && isDigit(data[index + 1])) index++; // G01
    const number = data[index];
    if (number === undefined || number < 0x30 || number > 0x33 || isDigit(data[index + 1])) return false;
    for (index++; index < end && data[index] !== 0x3b; index++) {
      if (!MOVE_BYTES[data[index] as number]) return false;
    }
  }
  for (; index < end; index++) if (!isPrintable(data[index] as number)) return false;
  return true;
}

/**
 * Passes an upload through line by line, each line checked as the customer path's console is
 * (`customerGcodeLine`): the board runs whatever file the customer may print or call as a macro. Bytes go on only
 * once their line has passed, so a refused line never reaches the board, which then drops the partial upload.
 * Bytes are read as Latin-1: every G-code keyword is ASCII, and no UTF-8 sequence turns into one.
 */
export class GcodeUploadCheck extends Transform {
  /** The error the check failed with, if it did. */
  refusal: AppError | null = null;
  #carry: Buffer = EMPTY;
  /** Inside a comment line longer than the limit: its bytes pass until its end. */
  #inComment = false;
  /** That comment's last byte was a CR, which only a line feed (or another CR) may follow. */
  #commentCr = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    done(this.#take(chunk));
  }

  override _flush(done: TransformCallback): void {
    const failure = this.#checkLines(this.#carry);
    if (!failure) this.push(this.#carry);
    done(failure);
  }

  /** Pushes the lines of `chunk` that are whole and pass; keeps the last, unfinished one. */
  #take(chunk: Buffer): AppError | null {
    let data = chunk;
    if (this.#inComment) {
      const end = data.findIndex(isLineEnd);
      const failure = this.#commentBytes(data.subarray(0, end < 0 ? data.length : end));
      if (failure) return failure;
      this.push(end < 0 ? data : data.subarray(0, end + 1));
      if (end < 0) return null;
      data = data.subarray(end + 1);
      this.#inComment = false;
      this.#commentCr = false;
    }
    if (this.#carry.length > 0) {
      // The line the last chunk left unfinished, completed by this one's start (only that line is copied).
      const end = data.findIndex(isLineEnd);
      if (end < 0) {
        this.#carry = Buffer.concat([this.#carry, data]);
        return this.#longLine();
      }
      const line = Buffer.concat([this.#carry, data.subarray(0, end + 1)]);
      this.#carry = EMPTY;
      const failure = this.#checkLines(line);
      if (failure) return failure;
      this.push(line);
      data = data.subarray(end + 1);
    }
    let last = data.length - 1;
    while (last >= 0 && !isLineEnd(data[last] as number)) last--;
    const complete = data.subarray(0, last + 1);
    this.#carry = data.subarray(last + 1);
    const failure = this.#checkLines(complete);
    if (failure) return failure;
    if (complete.length > 0) this.push(complete);
    return this.#longLine();
  }

  /** An unfinished line past the limit passes on only as a comment, whose end is then awaited. */
  #longLine(): AppError | null {
    if (this.#carry.length <= MAX_UPLOAD_LINE_BYTES) return null;
    if (!isComment(this.#carry.toString('latin1', 0, 64)))
      return this.#fail('A G-code line longer than 16 KiB');
    const failure = this.#commentBytes(this.#carry);
    if (failure) return failure;
    this.push(this.#carry);
    this.#carry = EMPTY;
    this.#inComment = true;
    return null;
  }

  /**
   * Checks every line of `data` (the last one may lack its end), without decoding the plain ones. Lines are
   * found by their line feed (a native search); a CR just before it is dropped, as the boards drop it, and any
   * other CR is left in the line for `customerGcodeLine` to refuse (`isPlainLine` refuses it).
   */
  #checkLines(data: Buffer): AppError | null {
    let start = 0;
    for (;;) {
      const lineFeed = data.indexOf(0x0a, start);
      const end = lineFeed < 0 ? data.length : lineFeed;
      let content = end;
      while (content > start && data[content - 1] === 0x0d) content--;
      if (content - start > MAX_UPLOAD_LINE_BYTES || !isPlainLine(data, start, content)) {
        const failure = this.#checkLine(data, start, end);
        if (failure) return failure;
      }
      if (lineFeed < 0) return null;
      start = lineFeed + 1;
    }
  }

  /** Bytes of an over-long comment pass unread, but not a control character nor a CR that does not end the line. */
  #commentBytes(data: Buffer): AppError | null {
    for (const byte of data) {
      if (this.#commentCr && byte !== 0x0d)
        return this.#fail('A carriage return not followed by a line feed');
      this.#commentCr = byte === 0x0d;
      if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0d) || byte === 0x7f)
        return this.#fail('A control character');
    }
    return null;
  }

  #checkLine(data: Buffer, start: number, end: number): AppError | null {
    const line = data.toString('latin1', start, end);
    if (line.length > MAX_UPLOAD_LINE_BYTES && !isComment(line)) {
      return this.#fail('A G-code line longer than 16 KiB');
    }
    const decision = customerGcodeLine(line);
    if (!decision.allowed) return this.#fail(`The file holds G-code for the admin path: ${decision.reason}`);
    return null;
  }

  #fail(reason: string): AppError {
    this.refusal = new AppError('ADMIN_PATH_ONLY', reason);
    return this.refusal;
  }
}
