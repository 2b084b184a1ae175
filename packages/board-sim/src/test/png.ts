import { PNG } from 'pngjs';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's dimensions once it has decoded completely (checksums and compressed data included); throws otherwise. */
export function decodedPngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG signature');
  const { width, height } = PNG.sync.read(bytes, { checkCRC: true });
  return { width, height };
}
