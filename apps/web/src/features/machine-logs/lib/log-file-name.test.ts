import { describe, expect, it } from 'vitest';
import { logFileName } from './log-file-name';

describe('logFileName', () => {
  it('names the statistics and maintenance downloads after the machine id and name', () => {
    expect(logFileName('statistics', 4, 'Voron')).toBe('statistics-of-4-Voron.csv');
    expect(logFileName('maintenance', 12, 'Cella2')).toBe('maintenance-of-12-Cella2.csv');
  });

  it('replaces every character of the name that is not a letter or a digit with an underscore', () => {
    expect(logFileName('statistics', 1, 'Prusa linea 1')).toBe('statistics-of-1-Prusa_linea_1.csv');
    expect(logFileName('maintenance', 7, 'Città/ß-2.0 (A)')).toBe('maintenance-of-7-Citt____2_0__A_.csv');
    expect(logFileName('statistics', 3, '')).toBe('statistics-of-3-.csv');
  });
});
