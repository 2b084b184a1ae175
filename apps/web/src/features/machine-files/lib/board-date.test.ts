import { describe, expect, it } from 'vitest';
import { backupName, parseBoardDate, toBoardTime } from './board-date';

describe('board dates', () => {
  it("writes a time in the board's zone-less local format", () => {
    expect(toBoardTime(new Date(2024, 4, 2, 8, 3, 9))).toBe('2024-05-02T08:03:09');
  });

  it('reads a listed date as local time, and nothing from a missing or broken one', () => {
    expect(parseBoardDate('2024-05-02T08:30:12')).toEqual(new Date(2024, 4, 2, 8, 30, 12));
    expect(parseBoardDate(undefined)).toBeNull();
    expect(parseBoardDate('not a date')).toBeNull();
  });

  it('keeps a replaced file under its name with .bck appended', () => {
    expect(backupName('0:/gcodes/cube.gcode')).toBe('0:/gcodes/cube.gcode.bck');
  });
});
