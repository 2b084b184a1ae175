import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvWriter } from './csv.ts';

const written = (rows: unknown[][]) => text(Readable.from(rows).pipe(csvWriter(['a', 'b'])));

describe('the CSV writer', () => {
  it('writes every text cell a spreadsheet would run as a formula after a single quote', async () => {
    const hostile = [
      '=HYPERLINK("https://evil.example","x")',
      '+1+2',
      '-2+3',
      '@SUM(1)',
      '\t=1',
      '\r=1',
      '\uFF1D1+1',
    ];
    const lines = (await written(hostile.map((cell) => [cell, 'plain']))).split('\n');
    expect(lines.slice(1, -1)).toEqual([
      `"'=HYPERLINK(""https://evil.example"",""x"")",plain`,
      "'+1+2,plain",
      "'-2+3,plain",
      "'@SUM(1),plain",
      "'\t=1,plain",
      `"'\r=1",plain`,
      "'\uFF1D1+1,plain",
    ]);
  });

  it('keeps numbers as numbers, negative ones included, and leaves other text alone', async () => {
    expect(
      await written([
        [-3.5, 'machine -3'],
        [0, true],
        [null, undefined],
      ]),
    ).toBe('a,b\n-3.5,machine -3\n0,true\n,\n');
  });
});
