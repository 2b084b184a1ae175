import { Transform, type TransformCallback } from 'node:stream';

/** mjpg-streamer's boundary (docs/duet-http.md §5): viewers and cameras both use it. */
export const MJPEG_BOUNDARY = 'boundarydonotcross';

/** The head of a stream answer, as mjpg-streamer sends it (no space after the `;`). */
export const MJPEG_STREAM_HEADERS = {
  'content-type': `multipart/x-mixed-replace;boundary=${MJPEG_BOUNDARY}`,
  'cache-control': 'no-store, no-cache, must-revalidate, pre-check=0, post-check=0, max-age=0',
  pragma: 'no-cache',
  expires: 'Mon, 3 Jan 2000 12:34:56 GMT',
} as const;

/** One frame as a part of a viewer's multipart answer. */
export function framePart(jpeg: Buffer): Buffer[] {
  return [
    Buffer.from(`--${MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`),
    jpeg,
    Buffer.from('\r\n'),
  ];
}

const HEAD_END = Buffer.from('\r\n\r\n');
/** A frame larger than this is not a webcam frame: the camera's stream is dropped rather than buffered. */
const MAX_FRAME_BYTES = 8 * 1024 * 1024;

/**
 * Splits a camera's multipart/x-mixed-replace stream into whole JPEG frames, so the relay can drop whole
 * frames for slow viewers. Parts are read by their Content-Length (mjpg-streamer always sends it); a part
 * without one ends at the next boundary. Written here because no maintained npm package parses MJPEG
 * streams incrementally.
 */
export class MjpegFrameSplitter extends Transform {
  #buffer: Buffer = Buffer.alloc(0);
  readonly #delimiter = Buffer.from(`--${MJPEG_BOUNDARY}`);

  constructor() {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
    try {
      this.#drain();
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  #drain(): void {
    for (;;) {
      const start = this.#buffer.indexOf(this.#delimiter);
      if (start < 0) break;
      const headEnd = this.#buffer.indexOf(HEAD_END, start);
      if (headEnd < 0) break;
      const head = this.#buffer.subarray(start + this.#delimiter.length, headEnd).toString('latin1');
      const bodyStart = headEnd + HEAD_END.length;
      const length = /content-length:\s*(\d+)/i.exec(head)?.[1];
      let bodyEnd: number;
      if (length !== undefined) {
        bodyEnd = bodyStart + Number(length);
        if (Number(length) > MAX_FRAME_BYTES) throw new Error('webcam frame too large');
        if (this.#buffer.length < bodyEnd) break;
      } else {
        bodyEnd = this.#buffer.indexOf(this.#delimiter, bodyStart);
        if (bodyEnd < 0) break;
        bodyEnd -= 2; // the CRLF before the boundary
      }
      this.push(Buffer.from(this.#buffer.subarray(bodyStart, bodyEnd)));
      this.#buffer = this.#buffer.subarray(bodyEnd);
    }
    if (this.#buffer.length > MAX_FRAME_BYTES) throw new Error('webcam stream without frames');
  }
}
