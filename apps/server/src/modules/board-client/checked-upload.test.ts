import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerGcodeLine } from '../machine-access/board-scopes.ts';
import { GcodeUploadCheck, MAX_UPLOAD_LINE_BYTES } from './checked-upload.ts';

/** Streams `chunks` through the check: what passed, and whether it failed. */
async function run(chunks: string[]): Promise<{ passed: string; failed: boolean }> {
  const check = new GcodeUploadCheck();
  const parts: Buffer[] = [];
  check.on('data', (chunk: Buffer) => parts.push(chunk));
  const failed = await new Promise<boolean>((resolve) => {
    check.once('error', () => resolve(true));
    check.once('end', () => resolve(false));
    Readable.from(chunks.map((chunk) => Buffer.from(chunk, 'latin1'))).pipe(check);
  });
  return { passed: Buffer.concat(parts).toString('latin1'), failed };
}

describe('the line check of a customer upload', () => {
  it('passes a G-code file unchanged, comments and thumbnails included', async () => {
    const file =
      '; thumbnail begin 16x16 120\n; iVBORw0KGgoAAAANSUhEUgAAABAAAAAQ\nG28\r\nG1 X1 ;M552 S0\nG1 X1';
    const result = await run([file.slice(0, 20), file.slice(20)]);
    expect(result).toEqual({ passed: file, failed: false });
  });

  it('refuses a denied line wherever the chunks cut it, and never lets it through', async () => {
    const file = `${'G1 X1 Y1\n'.repeat(50)}M552 S0\n${'G1 X2\n'.repeat(50)}`;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: file.length - 1 }), { maxLength: 6 }),
        async (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), file.length];
          const chunks = points.slice(1).map((end, index) => file.slice(points[index], end));
          const result = await run(chunks);
          expect(result.failed).toBe(true);
          expect(result.passed).not.toContain('M552');
        },
      ),
    );
  });

  it('drops a CR before a line feed as the boards do, and refuses a bare CR or a NUL', async () => {
    const crlf = 'G28\r\nM117 "a"\r\r\n; done\r\nG1 X3\r';
    expect(await run([crlf])).toEqual({ passed: crlf, failed: false });
    expect(await run(['G28\r', '\nM117 "a"\r', '\n'])).toEqual({
      passed: 'G28\r\nM117 "a"\r\n',
      failed: false,
    });
    const longComment = `;${'x'.repeat(MAX_UPLOAD_LINE_BYTES * 2)}`;
    for (const chunks of [
      ['G1 X1\rM552 S0\nG1 X2\n'],
      ['M9\r97\n'],
      ['G28\nM9\r', '97\n'],
      ['G1 X1\u0000M997\n'],
      ['; note\rM500'],
      [longComment, '\r', 'M997\n'],
      [`${longComment}\u0000M997\n`],
    ]) {
      const result = await run(chunks);
      expect(result.failed, JSON.stringify(chunks).slice(0, 80)).toBe(true);
      expect(result.passed).not.toMatch(/M55|M9|M50/);
    }
  });

  it('checks a last line without a line end before it goes on', async () => {
    const result = await run(['G28\n', 'M99', '7']);
    expect(result).toEqual({ passed: 'G28\n', failed: true });
  });

  it('lets an over-long comment line through, but not an over-long line of code', async () => {
    const comment = `;${'x'.repeat(MAX_UPLOAD_LINE_BYTES * 2)}\nG28\n`;
    expect(await run([comment.slice(0, 5000), comment.slice(5000)])).toEqual({
      passed: comment,
      failed: false,
    });
    const code = `G1 ${'X1 '.repeat(MAX_UPLOAD_LINE_BYTES)}\n`;
    expect((await run([code])).failed).toBe(true);
  });
});

describe('plain moves, which the check passes without reading them as text', () => {
  it('judges every line exactly as the console would, whether or not it looks like a move', async () => {
    const lines = [
      'G1 X10.5 Y-3 E0.02 F1800',
      'g0 x1 y2',
      'G01 X1',
      'G3 X1 Y1 I2 J3 ; arc',
      '  ; only a comment',
      '',
      'G1 X10 M552 S0',
      'G1 X1 m997',
      'G10 P0 S200',
      'G1 X1\u0001',
      'G2\tX1 E1 M500',
      'G1 X1 ; M552 in a comment',
      'G1 X1 (") M997 (")',
      'G1 X1 (;) M997',
    ];
    for (const line of lines) {
      const refused = !customerGcodeLine(line).allowed;
      expect(await run([`${line}\n`]), line).toEqual({ passed: refused ? '' : `${line}\n`, failed: refused });
    }
  });
});
