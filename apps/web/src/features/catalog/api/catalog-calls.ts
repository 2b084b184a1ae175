import type { Catalog, CatalogEntryBody } from '@portal/contract';
import { api } from '../../../lib/api/client';

/**
 * The calls of each catalogue (docs/product.md §7, "Machines and hardware" and "Types") on their routes, irregular
 * as they are: boards and computers delete under the singular `/board/{id}` and `/computer/{id}`.
 */
export const CATALOG_CALLS = {
  machines: {
    list: (signal: AbortSignal) => api.GET('/api/v1/machines', { signal }),
    create: (body: CatalogEntryBody) => api.POST('/api/v1/machines', { body }),
    update: (id: number, body: CatalogEntryBody) =>
      api.PUT('/api/v1/machines/{id}', { params: { path: { id } }, body }),
    remove: (id: number) => api.DELETE('/api/v1/machines/{id}', { params: { path: { id } } }),
  },
  boards: {
    list: (signal: AbortSignal) => api.GET('/api/v1/boards', { signal }),
    create: (body: CatalogEntryBody) => api.POST('/api/v1/boards', { body }),
    update: (id: number, body: CatalogEntryBody) =>
      api.PUT('/api/v1/boards/{id}', { params: { path: { id } }, body }),
    remove: (id: number) => api.DELETE('/api/v1/board/{id}', { params: { path: { id } } }),
  },
  computers: {
    list: (signal: AbortSignal) => api.GET('/api/v1/computers', { signal }),
    create: (body: CatalogEntryBody) => api.POST('/api/v1/computers', { body }),
    update: (id: number, body: CatalogEntryBody) =>
      api.PUT('/api/v1/computers/{id}', { params: { path: { id } }, body }),
    remove: (id: number) => api.DELETE('/api/v1/computer/{id}', { params: { path: { id } } }),
  },
} satisfies Record<Catalog, unknown>;

export const catalogQueryKey = (catalog: Catalog) => ['catalog', catalog] as const;
