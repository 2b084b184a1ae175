import { describe, expect, it } from 'vitest';
import { parseId } from './route-params';

describe('parseId', () => {
  it('reads a positive integer', () => {
    expect(parseId('42')).toBe(42);
  });

  it('refuses what cannot be an id', () => {
    expect(parseId(undefined)).toBeNull();
    expect(parseId('')).toBeNull();
    expect(parseId('0')).toBeNull();
    expect(parseId('-3')).toBeNull();
    expect(parseId('1.5')).toBeNull();
    expect(parseId('abc')).toBeNull();
  });
});
