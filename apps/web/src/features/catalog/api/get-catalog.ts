import { type Catalog, type CatalogEntry, catalogEntrySchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { CATALOG_PATHS, catalogQueryKey } from './catalog-paths';

// A catalogue holds a handful of types: the server answers it whole, and tables page it in the browser.
const catalogListSchema = z.array(catalogEntrySchema);

/** GET /api/v1/machines, /api/v1/boards or /api/v1/computers. */
export const getCatalog = (catalog: Catalog, signal?: AbortSignal): Promise<CatalogEntry[]> =>
  apiRequest(CATALOG_PATHS[catalog].list, catalogListSchema, { signal });

export const getCatalogQueryOptions = (catalog: Catalog) =>
  queryOptions({
    queryKey: catalogQueryKey(catalog),
    queryFn: ({ signal }) => getCatalog(catalog, signal),
  });

/** Every entry of one catalogue; `enabled: false` for viewers who never need it. */
export function useCatalog(catalog: Catalog, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCatalogQueryOptions(catalog), enabled });
}
