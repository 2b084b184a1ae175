import { describe, expect, it } from 'vitest';
import { slicerUrlPathOf } from './token-url';

describe('slicerUrlPathOf', () => {
  it('builds the Duet URL of each known access level, by its number or its name', () => {
    for (const level of [0, 'upload']) {
      expect(slicerUrlPathOf(7, level, 'abc')).toBe('/customer/api/v1/duet/7/upload/abc/');
    }
    for (const level of [1, 'full_control']) {
      expect(slicerUrlPathOf(7, level, 'abc')).toBe('/customer/api/v1/duet/7/full_control/abc/');
    }
  });

  it('builds the URL of a library or queue token from its destination', () => {
    expect(slicerUrlPathOf(7, 'upload', 'abc', { kind: 'library', folder: 'x' })).toBe(
      '/customer/api/v1/duet/7/library/abc/',
    );
    expect(slicerUrlPathOf(7, 'upload', 'abc', { kind: 'queue', folder: '', target: 'machine' })).toBe(
      '/customer/api/v1/duet/7/queue/abc/',
    );
  });

  it('builds none for a level that is none of the known ones', () => {
    for (const level of [2, -1, '0', 'print_only', 'UPLOAD', '', null, undefined]) {
      expect(slicerUrlPathOf(7, level, 'abc'), String(level)).toBeNull();
    }
  });
});
