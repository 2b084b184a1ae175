import { z } from 'zod';
import { storableText } from './validation.ts';

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 200;

/**
 * The query of a list a person browses: page (from 1), page size, a sort column of the list's own,
 * its direction, and a free-text filter. The server answers one page in a stable order (ties broken by id).
 */
export const pageQuerySchema = <const Sort extends readonly [string, ...string[]]>(sortColumns: Sort) =>
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    sort: z.enum(sortColumns).default(sortColumns[0]),
    order: z.enum(['asc', 'desc']).default('asc'),
    q: storableText().trim().max(200).optional(),
  });

/** One page of a list and the total number of rows matching the filter. */
export const pageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
export type Page<Item> = { items: Item[]; total: number; page: number; pageSize: number };
