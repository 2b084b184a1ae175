import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { AppError } from '../../shared/app-error.ts';
import { GcodeUploadCheck } from '../board-client/board-client.ts';
import type { ContentStore } from './library-content-store.ts';
import { ContentCrcMismatch } from './library-files.ts';
import { type GcodeFileEnds, readStreamEnds } from './slicer-metadata.ts';

/** What was stored of a file: its key in the store, its size, its SHA-256 (hex) and its two ends, for its metadata. */
export interface StoredContent {
  key: string;
  size: number;
  sha256: string;
  ends: GcodeFileEnds;
}

/** The answer to a file past the library's limit; the connection closes, as the client may still be sending. */
export const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `A library file may be at most ${maxBytes} bytes`, {
    headers: { connection: 'close' },
  });

/**
 * Takes a file into a content store as it streams (docs/design.md §13): every line is checked as the customer
 * path checks an upload (`GcodeUploadCheck`: the file is printed by the customer path), the bytes are counted
 * against `maxBytes`, hashed, its CRC-32 computed as it passes for `crc32Sent` (what its sender gave, if any), and
 * its head and tail kept for the slicer's metadata (`readStreamEnds`, in bounded memory). A refused line (403
 * ADMIN_PATH_ONLY), a file past the limit (413), another CRC-32 (`ContentCrcMismatch`) or a source that fails
 * leaves nothing in the store: the store drops what it had written. The rest of a refused source is the caller's to
 * drain or close.
 */
export async function takeIn(
  store: ContentStore,
  source: Readable,
  maxBytes: number,
  crc32Sent: number | null = null,
): Promise<StoredContent> {
  const check = new GcodeUploadCheck();
  // Piped by hand rather than through pipeline(): a refusal must leave a request's socket open for the answer.
  const failed = (error: Error) => check.destroy(error);
  // A source closed before its end (a client gone) has failed too, even when it says no error.
  const closed = () => {
    if (!check.writableEnded) check.destroy(new Error('The file ended before its end'));
  };
  source.once('error', failed);
  source.once('close', closed);
  source.pipe(check);
  const hash = createHash('sha256');
  // The ends are read beside the store: a bounded copy, never the reason the upload waits.
  const endsFeed = new PassThrough();
  const reading = readStreamEnds(endsFeed);
  reading.catch(() => undefined);
  let size = 0;
  let crc = 0;
  async function* measured(): AsyncGenerator<Uint8Array> {
    for await (const chunk of check as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      hash.update(chunk);
      crc = crc32(chunk, crc);
      endsFeed.write(chunk);
      yield chunk;
    }
    // Thrown while the store still waits for the end, so that its write fails and drops what it wrote; a source
    // that did not end is refused below instead.
    if (crc32Sent !== null && check.readableEnded && crc !== crc32Sent) throw new ContentCrcMismatch();
  }
  // The check may fail before the store starts reading it; the failure is read from it below.
  check.on('error', () => undefined);
  try {
    const key = await store.write(measured());
    // A check that failed before it was read may end the reading as if the file had ended.
    if (check.errored || !check.readableEnded) {
      await store.remove(key);
      throw check.errored ?? new Error('The file ended before its end');
    }
    endsFeed.end();
    return { key, size, sha256: hash.digest('hex'), ends: await reading };
  } catch (error) {
    throw check.refusal ?? error;
  } finally {
    if (!endsFeed.writableEnded) endsFeed.destroy();
    source.off('error', failed);
    source.off('close', closed);
    source.unpipe(check);
    check.destroy();
  }
}
