import { describe, expect, it } from 'vitest';
import { readUploadCrc } from './rr.ts';

describe('readUploadCrc', () => {
  it('reads 1 to 8 hex digits of either case as the CRC-32, and no crc32 as nothing to check', () => {
    expect(readUploadCrc('deadbeef')).toBe(0xdeadbeef);
    expect(readUploadCrc('DEADBEEF')).toBe(0xdeadbeef);
    expect(readUploadCrc('0000abcd')).toBe(0xabcd);
    expect(readUploadCrc('7')).toBe(7);
    expect(readUploadCrc('ffffffff')).toBe(0xffffffff);
    expect(readUploadCrc(undefined)).toBeNull();
  });

  it('finds unreadable what a board reads otherwise than as its digits: 0x, signs, spaces, overflow, empty', () => {
    for (const text of [
      '0x1a2b',
      '0X1A2B',
      '+1a2b',
      '-1',
      ' 1a2b',
      '1a2b ',
      '1a2bzz',
      '123456789',
      '',
      'crc',
    ]) {
      expect(readUploadCrc(text), text).toBe('unreadable');
    }
  });
});
