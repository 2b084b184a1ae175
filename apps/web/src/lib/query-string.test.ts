import { describe, expect, it } from 'vitest';
import { toSearch } from './query-string';

describe('toSearch', () => {
  it('keeps only the values given, in order', () => {
    expect(toSearch({ page: 2, q: undefined, unused: true, business: 4 })).toBe(
      '?page=2&unused=true&business=4',
    );
  });

  it('is empty when nothing is given', () => {
    expect(toSearch({ q: '', sort: undefined })).toBe('');
  });

  it('escapes what a filter may contain', () => {
    expect(toSearch({ q: 'a&b c' })).toBe('?q=a%26b+c');
  });
});
