/** One entry of a board folder, as rr_filelist lists it. */
export interface BoardEntry {
  type: 'd' | 'f';
  name: string;
  size: number;
  /** The board's local time `YYYY-MM-DDTHH:MM:SS`; absent when the board's clock was not set. */
  date?: string | undefined;
}

export type SortColumn = 'name' | 'date';
export type SortDirection = 'asc' | 'desc';
/** The listing's order: a column and a direction, or none (the board's own order). */
export type FileSort = { column: SortColumn; direction: SortDirection } | null;

/**
 * A click on a column header: ascending, then descending, then none; another column starts ascending
 * (docs/product.md §2 and §4).
 */
export function nextSort(current: FileSort, clicked: SortColumn): FileSort {
  if (current === null || current.column !== clicked) return { column: clicked, direction: 'asc' };
  return current.direction === 'asc' ? { column: clicked, direction: 'desc' } : null;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const byName = (a: BoardEntry, b: BoardEntry) => collator.compare(a.name, b.name);

/** Board dates share one fixed-width format, so they order as text; an entry without a date is the oldest. */
const byDate = (a: BoardEntry, b: BoardEntry) => {
  const left = a.date ?? '';
  const right = b.date ?? '';
  return left < right ? -1 : left > right ? 1 : byName(a, b);
};

/**
 * The listing in display order: folders always before files, each group ordered by `sort` (ties by name), or
 * kept in the board's order when there is no sort.
 */
export function sortEntries(entries: readonly BoardEntry[], sort: FileSort): BoardEntry[] {
  const compare = sort === null ? null : sort.column === 'name' ? byName : byDate;
  const ordered = (group: BoardEntry[]) => {
    if (!compare || !sort) return group;
    const sign = sort.direction === 'asc' ? 1 : -1;
    return group.sort((a, b) => sign * compare(a, b));
  };
  return [
    ...ordered(entries.filter((entry) => entry.type === 'd')),
    ...ordered(entries.filter((entry) => entry.type === 'f')),
  ];
}
