import type { CatalogEntry } from '@portal/contract';
import type { CatalogRow } from './catalog.repository.ts';

export const toCatalogEntryResponse = (row: CatalogRow): CatalogEntry => ({
  id: row.id,
  name: row.name,
  description: row.description,
});
