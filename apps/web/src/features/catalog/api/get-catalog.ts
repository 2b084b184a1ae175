import { type Catalog, type CatalogEntry, catalogEntrySchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { answer } from '../../../lib/api/client';
import { CATALOG_CALLS, catalogQueryKey } from './catalog-calls';

// A catalogue holds a handful of types: the server answers it whole, and tables page it in the browser.
const catalogListSchema = z.array(catalogEntrySchema);

/** Every entry of one catalogue. */
export const getCatalog = (catalog: Catalog, signal: AbortSignal): Promise<CatalogEntry[]> =>
  answer(CATALOG_CALLS[catalog].list(signal), catalogListSchema);

export const getCatalogQueryOptions = (catalog: Catalog) =>
  queryOptions({
    queryKey: catalogQueryKey(catalog),
    queryFn: ({ signal }) => getCatalog(catalog, signal),
  });

/** Every entry of one catalogue; `enabled: false` for viewers who never need it. */
export function useCatalog(catalog: Catalog, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCatalogQueryOptions(catalog), enabled });
}
