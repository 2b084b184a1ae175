import { describe, expect, it } from 'vitest';
import { type BoardEntry, nextSort, sortEntries } from './file-sort';

const entries: BoardEntry[] = [
  { type: 'f', name: 'b10.gcode', size: 3, date: '2024-05-02T08:30:12' },
  { type: 'd', name: 'zeta', size: 0, date: '2024-01-01T00:00:00' },
  { type: 'f', name: 'B2.gcode', size: 1, date: '2024-06-01T10:00:00' },
  { type: 'f', name: 'a.gcode', size: 2 },
  { type: 'd', name: 'Alfa', size: 0, date: '2024-03-01T00:00:00' },
];
const names = (list: BoardEntry[]) => list.map((entry) => entry.name);

describe('the sort cycle of a column', () => {
  it('goes ascending, descending, then none', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ column: 'name', direction: 'asc' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort(second, 'name')).toBeNull();
  });

  it('starts ascending when switching column, whatever the other column was at', () => {
    expect(nextSort({ column: 'name', direction: 'desc' }, 'date')).toEqual({
      column: 'date',
      direction: 'asc',
    });
    expect(nextSort({ column: 'date', direction: 'asc' }, 'name')).toEqual({
      column: 'name',
      direction: 'asc',
    });
  });
});

describe('the order of the listing', () => {
  it("keeps the board's order within each group when unsorted, folders first", () => {
    expect(names(sortEntries(entries, null))).toEqual(['zeta', 'Alfa', 'b10.gcode', 'B2.gcode', 'a.gcode']);
  });

  it('sorts by name naturally and case-insensitively, folders still apart', () => {
    expect(names(sortEntries(entries, { column: 'name', direction: 'asc' }))).toEqual([
      'Alfa',
      'zeta',
      'a.gcode',
      'B2.gcode',
      'b10.gcode',
    ]);
    expect(names(sortEntries(entries, { column: 'name', direction: 'desc' }))).toEqual([
      'zeta',
      'Alfa',
      'b10.gcode',
      'B2.gcode',
      'a.gcode',
    ]);
  });

  it('sorts by date, an entry without a date counting as the oldest', () => {
    expect(names(sortEntries(entries, { column: 'date', direction: 'asc' }))).toEqual([
      'zeta',
      'Alfa',
      'a.gcode',
      'b10.gcode',
      'B2.gcode',
    ]);
    expect(names(sortEntries(entries, { column: 'date', direction: 'desc' }))).toEqual([
      'Alfa',
      'zeta',
      'B2.gcode',
      'b10.gcode',
      'a.gcode',
    ]);
  });

  it('leaves the given list untouched', () => {
    const copy = [...entries];
    sortEntries(entries, { column: 'name', direction: 'asc' });
    expect(entries).toEqual(copy);
  });
});
