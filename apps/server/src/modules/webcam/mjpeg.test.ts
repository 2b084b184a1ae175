import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { framePart, MJPEG_BOUNDARY, MjpegFrameSplitter } from './mjpeg.ts';

const frames = [Buffer.from('first frame'), Buffer.alloc(70_000, 7), Buffer.from('third')];

async function split(chunks: Buffer[]): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const frame of Readable.from(chunks).pipe(new MjpegFrameSplitter())) out.push(frame as Buffer);
  return out;
}

/** Cuts a byte stream into pieces of `size`, as TCP may deliver it. */
const cut = (bytes: Buffer, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

describe('MjpegFrameSplitter', () => {
  const stream = Buffer.concat(frames.flatMap(framePart));

  it.each([7, 1000, stream.length])('finds every frame whatever the chunk size (%i)', async (size) => {
    expect(await split(cut(stream, size))).toEqual(frames);
  });

  it('reads parts without Content-Length up to the next boundary', async () => {
    const parts = frames.map((frame) =>
      Buffer.concat([
        Buffer.from(`--${MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\n\r\n`),
        frame,
        Buffer.from('\r\n'),
      ]),
    );
    const body = Buffer.concat([...parts, Buffer.from(`--${MJPEG_BOUNDARY}\r\n`)]);
    expect(await split(cut(body, 100))).toEqual(frames);
  });

  it('gives up on a stream that announces an absurd frame', async () => {
    const head = Buffer.from(`--${MJPEG_BOUNDARY}\r\nContent-Length: 999999999\r\n\r\n`);
    await expect(split([head])).rejects.toThrow(/too large/);
  });
});
