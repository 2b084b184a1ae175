import { describe, expect, it } from 'vitest';
import { type LocalPageQuery, type LocalPageRules, pageLocally } from './local-page';

interface Entry {
  id: number;
  name: string;
  description: string;
}

const rows: Entry[] = [
  { id: 1, name: 'Stampante FFF', description: 'Filamento' },
  { id: 2, name: 'Pallet', description: 'Carico e scarico' },
  { id: 3, name: 'stampante resina', description: '' },
  { id: 4, name: 'Pallet', description: 'Seconda unità' },
  { id: 10, name: 'Fresa 10', description: 'Asse Z' },
  { id: 9, name: 'Fresa 9', description: 'Asse Z' },
];

const rules: LocalPageRules<Entry, 'id' | 'name'> = {
  sortValue: (row, sort) => row[sort],
  searchText: (row) => [row.name, row.description],
  id: (row) => row.id,
};

const query = (over: Partial<LocalPageQuery<'id' | 'name'>> = {}): LocalPageQuery<'id' | 'name'> => ({
  page: 1,
  pageSize: 25,
  sort: 'id',
  order: 'asc',
  ...over,
});

const ids = (page: { items: Entry[] }) => page.items.map((row) => row.id);

describe('pageLocally', () => {
  it('sorts numbers as numbers and reverses on descending order', () => {
    expect(ids(pageLocally(rows, query(), rules))).toEqual([1, 2, 3, 4, 9, 10]);
    expect(ids(pageLocally(rows, query({ order: 'desc' }), rules))).toEqual([10, 9, 4, 3, 2, 1]);
  });

  it('sorts names ignoring case, numbers inside names by value, and ties by id', () => {
    expect(ids(pageLocally(rows, query({ sort: 'name' }), rules))).toEqual([9, 10, 2, 4, 1, 3]);
    // Ties keep the id order whichever way the names go.
    expect(ids(pageLocally(rows, query({ sort: 'name', order: 'desc' }), rules))).toEqual([
      3, 1, 2, 4, 10, 9,
    ]);
  });

  it('filters on any searched text, case-insensitively, and counts only the matches', () => {
    const page = pageLocally(rows, query({ q: '  ASSE ' }), rules);
    expect(ids(page)).toEqual([9, 10]);
    expect(page.total).toBe(2);
    expect(pageLocally(rows, query({ q: 'stampante' }), rules).total).toBe(2);
    expect(pageLocally(rows, query({ q: 'nothing like it' }), rules).items).toEqual([]);
  });

  it('cuts pages and keeps a page past the end on the last one', () => {
    expect(ids(pageLocally(rows, query({ pageSize: 4, page: 2 }), rules))).toEqual([9, 10]);
    const past = pageLocally(rows, query({ pageSize: 4, page: 7 }), rules);
    expect(past.page).toBe(2);
    expect(past.total).toBe(6);
    expect(pageLocally([], query({ page: 3 }), rules)).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 25,
    });
  });

  it('leaves the rows it was given untouched', () => {
    const copy = rows.map((row) => row.id);
    pageLocally(rows, query({ sort: 'name', order: 'desc' }), rules);
    expect(rows.map((row) => row.id)).toEqual(copy);
  });
});
