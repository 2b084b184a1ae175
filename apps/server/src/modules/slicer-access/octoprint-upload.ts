import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import { GcodeUploadCheck } from '../board-client/board-client.ts';

/** An OctoPrint upload as received: the file spooled to disk (never held in memory), and its form fields. */
export interface SpooledUpload {
  filename: string;
  file: string;
  size: number;
  fields: Map<string, string>;
  /** Deletes the spooled file and its folder. */
  discard(): Promise<void>;
}

export interface SpoolLimits {
  /** The largest request body taken; beyond it the answer is 413. */
  maxBytes: number;
  /** Where uploads are spooled. */
  dir: string;
}

/**
 * Room left on the spool's disk beyond the upload itself, so that a full spool never starves the database or
 * the logs sharing that disk.
 */
export const SPOOL_MARGIN_BYTES = 256 * 1024 * 1024;

/**
 * Both answers close the connection: the client may still be sending, and reading the rest of a body that is
 * refused anyway would only cost bandwidth and time.
 */
const CLOSE = { headers: { connection: 'close' } };
const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `An upload may be at most ${maxBytes} bytes`, CLOSE);
const noRoom = () => new AppError('INSUFFICIENT_STORAGE', undefined, CLOSE);

/** The request's declared length, when it declares one (a chunked body does not). */
function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  return header === undefined ? undefined : Number(header);
}

/** Passes at most `maxBytes` through, then fails with 413. */
function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
}

const isNoSpace = (error: unknown) =>
  (error as NodeJS.ErrnoException | null)?.code === 'ENOSPC' ||
  (error as NodeJS.ErrnoException | null)?.code === 'EDQUOT';

/**
 * Reads `POST /api/files/local` (multipart `file`, `select`, `print`, `path`). The board needs the file's length
 * before its bytes (RRF refuses chunked uploads) and a multipart part does not say it, so the file goes to a
 * temporary file first, streamed, and from there to the board. A body declared larger than `maxBytes` is refused
 * before a byte is read (413), one that grows past it while streaming is stopped and its spool deleted (413),
 * and one the spool's disk has no room for, with SPOOL_MARGIN_BYTES to spare, is refused too (507).
 */
export async function spoolUpload(request: FastifyRequest, limits: SpoolLimits): Promise<SpooledUpload> {
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'An OctoPrint upload is multipart/form-data');
  }
  const declared = declaredLength(request);
  if (declared !== undefined && declared > limits.maxBytes) throw tooLarge(limits.maxBytes);
  const disk = await statfs(limits.dir);
  if (disk.bavail * disk.bsize < (declared ?? 0) + SPOOL_MARGIN_BYTES) throw noRoom();

  const folder = await mkdtemp(join(limits.dir, 'portal-octoprint-'));
  const discard = () => rm(folder, { recursive: true, force: true });
  const file = join(folder, 'upload');
  const fields = new Map<string, string>();
  let filename: string | null = null;
  let written: Promise<void> | null = null;
  const source = request.raw;
  const limited = byteLimit(limits.maxBytes);
  // Piped by hand rather than through pipeline(): a failure must leave the client's socket open for the answer.
  const gone = () => {
    if (!source.complete) limited.destroy(new Error('The client went away'));
  };
  source.once('close', gone);
  try {
    const parser = Busboy({
      headers: { ...request.headers, 'content-type': contentType },
      limits: { files: 1, fields: 10, fieldSize: 4096 },
    });
    parser.on('field', (name, value) => fields.set(name, value));
    parser.on('file', (name, stream, originalName) => {
      if (name !== 'file' || filename !== null) {
        stream.resume();
        return;
      }
      filename = originalName;
      written = pipeline(stream, createWriteStream(file));
      // A full disk stops the whole upload, not only the file.
      written.catch((error: unknown) => limited.destroy(error as Error));
    });
    source.pipe(limited);
    await pipeline(limited, parser);
    await written;
  } catch (error) {
    await discard();
    if (error instanceof AppError) throw error;
    if (isNoSpace(error)) throw noRoom();
    throw new AppError('BAD_REQUEST', 'The upload could not be read');
  } finally {
    source.off('close', gone);
    source.unpipe(limited);
  }
  if (filename === null) {
    await discard();
    throw new AppError('BAD_REQUEST', 'The upload has no file');
  }
  return { filename, file, size: (await stat(file)).size, fields, discard };
}

/**
 * Reads a spooled upload whole through the customer path's line check (`GcodeUploadCheck`, docs/board-access.md),
 * before any of it goes to the board: the same token starts the file with M32, so its lines may do only what the
 * customer path allows. A refused line is 403 ADMIN_PATH_ONLY, naming the line's command.
 */
export async function checkSpooledGcode(upload: SpooledUpload): Promise<void> {
  const check = new GcodeUploadCheck();
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  try {
    await pipeline(createReadStream(upload.file), check, sink);
  } catch (error) {
    if (check.refusal !== null && error === check.refusal) throw check.refusal;
    throw error;
  }
}
