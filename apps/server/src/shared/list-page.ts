import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/** The paging part of a list query, as the contract's `pageQuerySchema` parses it. */
export interface PageRequest {
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
}

export const offsetOf = ({ page, pageSize }: PageRequest): number => (page - 1) * pageSize;

/**
 * A stable order: the chosen column in the chosen direction, ties broken by the id, so that paging never
 * shows a row twice or skips one.
 */
export function stableOrder(column: AnyColumn | SQL, id: AnyColumn, order: PageRequest['order']): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  return column === id ? [direction(id)] : [direction(column), direction(id)];
}

/** A case-insensitive "contains" pattern for ILIKE, with the pattern characters of `text` escaped. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The free-text filter as an id, when it is one (so that "12" finds row 12 as well as names with 12). */
export const idOfText = (text: string): number | undefined =>
  /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined;
