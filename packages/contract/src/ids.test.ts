import { describe, expect, it } from 'vitest';
import { idParamsSchema, MAX_ID } from './ids.ts';

const parse = (id: string) => idParamsSchema.safeParse({ id });

describe('the id of a path', () => {
  it('accepts positive decimal integers up to the database limit', () => {
    expect(parse('1').data).toEqual({ id: 1 });
    expect(parse('2147483647').data).toEqual({ id: MAX_ID });
  });

  it('refuses every other spelling and range', () => {
    for (const bad of [
      '0',
      '-1',
      '+1',
      '01',
      '1.0',
      '1e3',
      '0x10',
      ' 1',
      '1 ',
      '2147483648',
      '99999999999',
      '',
      'abc',
    ]) {
      expect(parse(bad).success, bad).toBe(false);
    }
  });
});
