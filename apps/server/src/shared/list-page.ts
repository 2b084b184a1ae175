import type { Page } from '@portal/contract';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';

/** A parsed page query of the contract (`pageQuerySchema`): defaults already applied. */
export interface PageQuery<Sort extends string = string> {
  page: number;
  pageSize: number;
  sort: Sort;
  order: 'asc' | 'desc';
  q?: string | undefined;
}

/** The rows to skip before the requested page. */
export const offsetOf = (query: PageQuery): number => (query.page - 1) * query.pageSize;

/**
 * The ORDER BY of a page: the chosen column in the chosen direction, ties broken by the id in the same
 * direction, so that paging never shows a row twice or skips one (and sorting by id is just the id).
 */
export function pageOrder(column: AnyColumn | SQL, order: 'asc' | 'desc', id: AnyColumn): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  return column === id ? [direction(id)] : [direction(column), direction(id)];
}

/** A LIKE pattern that finds `text` anywhere, with LIKE's own wildcards in it taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The answer of a paged list. */
export const pageOf = <Item>(items: Item[], total: number, query: PageQuery): Page<Item> => ({
  items,
  total,
  page: query.page,
  pageSize: query.pageSize,
});

/** The free-text filter as an id, when it is one (so that "12" finds row 12 as well as names with 12). */
export const idOfText = (text: string): number | undefined =>
  /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined;

/** In a page's select: how many rows the page's filter finds in all, read with the page's own rows. */
export const filteredTotal = (): SQL.Aliased<number> =>
  sql<number>`count(*) over ()`.mapWith(Number).as('filtered_total');

/**
 * The rows of a page and its total from one query whose rows carry `filteredTotal()`: one round trip where a
 * count beside the page took two. Only a page past the end, which has no row to carry the total, is counted
 * apart (`countAll`).
 */
export async function rowsWithTotal<Row>(
  page: PromiseLike<{ row: Row; total: number }[]>,
  query: PageQuery,
  countAll: () => PromiseLike<number>,
): Promise<{ rows: Row[]; total: number }> {
  const found = await page;
  const rows = found.map((entry) => entry.row);
  if (found[0]) return { rows, total: found[0].total };
  return { rows, total: query.page > 1 ? await countAll() : 0 };
}
