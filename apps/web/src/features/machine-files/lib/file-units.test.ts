import { describe, expect, it } from 'vitest';
import { formatFilament, formatPrintTime } from './file-units';

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
