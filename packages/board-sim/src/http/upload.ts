import type { IncomingMessage } from 'node:http';
import { crc32 } from 'node:zlib';
import { BOARD_LIMITS, type UploadCrc } from '@portal/duet';
import type { SdCard } from '../sd/sd-card.ts';

export interface UploadTarget {
  readonly sd: SdCard;
  readonly path: string;
  /** Content-Length of the body; null for a chunked body (DSF accepts those). */
  readonly expectedLength: number | null;
  /**
   * What `crc32=` of rr_upload asked (`readUploadCrc`): null checks nothing, an unreadable one matches no body, as
   * RRF reads it as a number the body's CRC-32 all but never is.
   */
  readonly expectedCrc: UploadCrc;
  readonly modified: Date | undefined;
}

/** How an upload ended: stored, refused after the body (length or CRC), or cut off (no answer possible). */
export type UploadOutcome = 'stored' | 'mismatch' | 'aborted';

/** RRF accepts and throws away uploads to an empty name or one ending in `.dummy`. */
function isDiscarded(path: string): boolean {
  return /(^|\/)$/.test(path) || path.toLowerCase().endsWith('.dummy');
}

/** Creates the `.part` file an upload is written to; false when the path cannot take a file. */
export function beginUpload(target: UploadTarget): boolean {
  return isDiscarded(target.path) || target.sd.write(`${target.path}.part`, new Uint8Array());
}

/**
 * Receives the body into `<path>.part` and renames it over `<path>` when its length (and CRC, if given)
 * match; a mismatch deletes the partial file. An upload idle for 8 s is cancelled.
 */
export function receiveUpload(request: IncomingMessage, target: UploadTarget): Promise<UploadOutcome> {
  const partPath = `${target.path}.part`;
  const chunks: Buffer[] = [];
  let received = 0;
  return new Promise((resolve) => {
    const abort = () => {
      if (!isDiscarded(target.path)) target.sd.delete(partPath);
      resolve('aborted');
    };
    request.setTimeout(BOARD_LIMITS.uploadIdleTimeoutMs, () => {
      request.destroy();
    });
    request.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    });
    request.on('error', abort);
    request.on('aborted', abort);
    request.on('end', () => {
      request.setTimeout(0);
      if (isDiscarded(target.path)) {
        resolve('stored');
        return;
      }
      const data = Buffer.concat(chunks, received);
      const crcMatches = target.expectedCrc === null || crc32(data) >>> 0 === target.expectedCrc;
      const stored =
        (target.expectedLength === null || received === target.expectedLength) &&
        crcMatches &&
        target.sd.write(
          partPath,
          new Uint8Array(data.buffer, data.byteOffset, data.length),
          target.modified,
        ) &&
        target.sd.move(partPath, target.path, true);
      if (!stored) target.sd.delete(partPath);
      resolve(stored ? 'stored' : 'mismatch');
    });
    request.on('close', () => {
      if (!request.complete) abort();
    });
  });
}
