import { describe, expect, it } from 'vitest';
import { parseFlag } from './use-stored-flag';

describe('stored flags', () => {
  it("reads 'true' and 'false', and falls back on anything else", () => {
    expect([parseFlag('true', false), parseFlag('false', true)]).toEqual([true, false]);
    expect([parseFlag(null, true), parseFlag('yes', false), parseFlag('', true)]).toEqual([
      true,
      false,
      true,
    ]);
  });
});
