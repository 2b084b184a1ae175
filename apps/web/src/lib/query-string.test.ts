import { describe, expect, it } from 'vitest';
import { queryString } from './query-string';

describe('queryString', () => {
  it('is empty when there is nothing to send', () => {
    expect(queryString({})).toBe('');
    expect(queryString({ q: undefined })).toBe('');
  });

  it('leaves out undefined values and writes the others as text', () => {
    expect(queryString({ page: 2, q: undefined, include_computer: true, sort: 'name' })).toBe(
      '?page=2&include_computer=true&sort=name',
    );
  });

  it('encodes what a filter may contain', () => {
    expect(queryString({ q: 'S.p.A. & co' })).toBe('?q=S.p.A.+%26+co');
  });
});
