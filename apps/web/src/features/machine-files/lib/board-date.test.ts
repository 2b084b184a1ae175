import { describe, expect, it } from 'vitest';
import { backupName, formatBoardDate, toBoardTime } from './board-date';

describe('board dates', () => {
  it("writes a time in the board's zone-less local format", () => {
    expect(toBoardTime(new Date(2024, 4, 2, 8, 3, 9))).toBe('2024-05-02T08:03:09');
  });

  it('shows a listed date to the minute, and nothing for a missing or broken one', () => {
    expect(formatBoardDate('2024-05-02T08:30:12')).toBe('2024-05-02 08:30');
    expect(formatBoardDate(undefined)).toBe('');
    expect(formatBoardDate('not a date')).toBe('');
  });

  it('keeps a replaced file under its name with .bck appended', () => {
    expect(backupName('0:/gcodes/cube.gcode')).toBe('0:/gcodes/cube.gcode.bck');
  });
});
