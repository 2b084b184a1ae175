import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeParts, formatFileSize } from './format';

describe('sizes in the page language', () => {
  it('writes bytes out with the plural of the language, decimal units with one decimal above', () => {
    expect(formatFileSize(62, 'en')).toBe('62 bytes');
    expect(formatFileSize(1, 'en')).toBe('1 byte');
    expect(formatFileSize(62, 'it')).toBe('62 byte');
    expect(formatFileSize(0, 'it')).toBe('0 byte');
    expect(formatFileSize(45_000, 'it')).toBe('45 kB');
    expect(formatFileSize(2_250_000, 'it')).toBe('2,3 MB');
    expect(formatFileSize(2_250_000, 'en')).toBe('2.3 MB');
    expect(formatFileSize(1_500_000_000, 'en')).toBe('1.5 GB');
  });

  it('moves to the next unit instead of rounding up to 1000', () => {
    expect(formatFileSize(999_960, 'en')).toBe('1 MB');
    expect(formatFileSize(999_940, 'en')).toBe('999.9 kB');
  });

  it('shows nothing for a value that is not a size', () => {
    expect(formatFileSize(Number.NaN, 'it')).toBe('');
    expect(formatFileSize(-1, 'it')).toBe('');
  });
});

describe('dates in the page language', () => {
  // Noon UTC: the same day in every time zone the tests run in.
  const at = '2026-11-28T12:05:00.000Z';

  it('writes a day the one way of each language, never ISO beside US', () => {
    expect(formatDate(at, 'en')).toBe('Nov 28, 2026');
    expect(formatDate(at, 'it')).toBe('28 nov 2026');
  });

  it('writes a moment as that day with its time', () => {
    expect(formatDateTime(at, 'en')).toMatch(/^Nov 28, 2026, \d{1,2}:05\s?[AP]M$/);
    expect(formatDateTime(at, 'it')).toMatch(/^28 nov 2026, \d{2}:05$/);
    expect(formatDateTime(new Date(at), 'it')).toBe(formatDateTime(at, 'it'));
  });

  it('cuts a moment after its day, the parts reading together as the whole', () => {
    for (const language of ['it', 'en']) {
      const parts = formatDateTimeParts(at, language);
      expect(`${parts?.day} ${parts?.time}`).toBe(formatDateTime(at, language));
    }
    expect(formatDateTimeParts(at, 'it')?.day).toBe('28 nov 2026,');
    expect(formatDateTimeParts(at, 'en')?.day).toBe('Nov 28, 2026,');
  });

  it('shows nothing for a value that is no date', () => {
    expect(formatDateTimeParts('not a date', 'it')).toBeNull();
    expect(formatDateTime('not a date', 'en')).toBe('');
    expect(formatDate(Number.NaN, 'it')).toBe('');
  });
});
