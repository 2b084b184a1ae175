import { describe, expect, it } from 'vitest';
import { formatFilament, formatFileSize, formatPrintTime } from './file-units';

describe('file sizes in the page language', () => {
  it('uses decimal units with one decimal, and whole bytes below a kilobyte', () => {
    expect(formatFileSize(0, 'it')).toBe('0 byte');
    expect(formatFileSize(999, 'en')).toBe('999 byte');
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

describe('estimated print times', () => {
  it('reads hours and minutes, minutes alone under an hour, seconds under a minute', () => {
    expect(formatPrintTime(34_925, 'it')).toBe('9 h 42 min');
    expect(formatPrintTime(34_925, 'en')).toBe('9 hr 42 min');
    expect(formatPrintTime(1520, 'it')).toBe('25 min');
    expect(formatPrintTime(7200, 'it')).toBe('2 h');
    expect(formatPrintTime(3599, 'it')).toBe('1 h');
    expect(formatPrintTime(40, 'en')).toBe('40 sec');
  });
});

describe('filament lengths', () => {
  it('turns millimetres into metres with at most two decimals', () => {
    expect(formatFilament([2140.5], 'it')).toBe('2,14 m');
    expect(formatFilament([2140.5], 'en')).toBe('2.14 m');
    expect(formatFilament([61_033.4], 'en')).toBe('61.03 m');
  });

  it('lists every extruder of a multi-material job', () => {
    expect(formatFilament([1500, 250], 'it')).toBe('1,5 m e 0,25 m');
    expect(formatFilament([1500, 250], 'en')).toBe('1.5 m, 0.25 m');
  });
});
