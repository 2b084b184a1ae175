import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { optionalText, requiredText } from './validation.ts';

/** The three catalogues of docs/product.md §3 "Type entries". */
export const CATALOGS = ['machines', 'boards', 'computers'] as const;
export type Catalog = (typeof CATALOGS)[number];

/** Machine types shown with the pallet load/unload icon; every other type is a 3D printer. */
export const PALLET_MACHINE_TYPES: readonly number[] = [2];

export const catalogEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

export const catalogEntryBodySchema = z.object({
  name: requiredText(LIMITS.nameMax),
  description: optionalText(LIMITS.descriptionMax),
});
export type CatalogEntryBody = z.input<typeof catalogEntryBodySchema>;
