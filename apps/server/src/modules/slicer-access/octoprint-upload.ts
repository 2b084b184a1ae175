import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.ts';

/** An OctoPrint upload as received: the file spooled to disk (never held in memory), and its form fields. */
export interface SpooledUpload {
  filename: string;
  file: string;
  size: number;
  fields: Map<string, string>;
  /** Deletes the spooled file and its folder. */
  discard(): Promise<void>;
}

/**
 * Reads `POST /api/files/local` (multipart `file`, `select`, `print`, `path`). The board needs the file's length
 * before its bytes (RRF refuses chunked uploads) and a multipart part does not say it, so the file goes to a
 * temporary file first, streamed, and from there to the board.
 */
export async function spoolUpload(request: FastifyRequest): Promise<SpooledUpload> {
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'An OctoPrint upload is multipart/form-data');
  }
  const folder = await mkdtemp(join(tmpdir(), 'portal-octoprint-'));
  const discard = () => rm(folder, { recursive: true, force: true });
  const file = join(folder, 'upload');
  const fields = new Map<string, string>();
  let filename: string | null = null;
  let written: Promise<void> | null = null;
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
    });
    await pipeline(request.raw, parser);
    await written;
  } catch (error) {
    await discard();
    throw error instanceof AppError ? error : new AppError('BAD_REQUEST', 'The upload could not be read');
  }
  if (filename === null) {
    await discard();
    throw new AppError('BAD_REQUEST', 'The upload has no file');
  }
  return { filename, file, size: (await stat(file)).size, fields, discard };
}
