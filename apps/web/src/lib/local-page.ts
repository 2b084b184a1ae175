import type { Page } from '@portal/contract';

/** What a page is asked for: the contract's page query, as the shared table keeps it. */
export interface LocalPageQuery<Sort extends string> {
  page: number;
  pageSize: number;
  sort: Sort;
  order: 'asc' | 'desc';
  q?: string | undefined;
}

/** How to sort and filter rows of a list the server answers whole. */
export interface LocalPageRules<Row, Sort extends string> {
  /** The value a sort key compares by. */
  sortValue: (row: Row, sort: Sort) => string | number;
  /** The texts the filter box searches (case-insensitive, anywhere in the text). */
  searchText: (row: Row) => readonly string[];
  /** Breaks ties so the order is stable whatever the sort. */
  id: (row: Row) => number;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * One page of a short list the server sends whole (the type catalogues), filtered, sorted and paged in
 * the browser with the same query the shared table asks a server-paged list for.
 */
export function pageLocally<Row, Sort extends string>(
  rows: readonly Row[],
  query: LocalPageQuery<Sort>,
  rules: LocalPageRules<Row, Sort>,
): Page<Row> {
  const needle = query.q?.trim().toLocaleLowerCase();
  const matching = needle
    ? rows.filter((row) => rules.searchText(row).some((text) => text.toLocaleLowerCase().includes(needle)))
    : [...rows];
  const direction = query.order === 'desc' ? -1 : 1;
  matching.sort(
    (a, b) =>
      direction * compare(rules.sortValue(a, query.sort), rules.sortValue(b, query.sort)) ||
      rules.id(a) - rules.id(b),
  );
  const pages = Math.max(1, Math.ceil(matching.length / query.pageSize));
  const page = Math.min(Math.max(1, query.page), pages);
  const start = (page - 1) * query.pageSize;
  return {
    items: matching.slice(start, start + query.pageSize),
    total: matching.length,
    page,
    pageSize: query.pageSize,
  };
}
