import type { Catalog } from '@portal/contract';

/** Where each call of one catalogue goes (docs/product.md §7, "Machines and hardware" and "Types"). */
export interface CatalogPaths {
  /** GET (list) and POST (create). */
  list: string;
  /** PUT of one entry. */
  update: (id: number) => string;
  /** DELETE of one entry. */
  remove: (id: number) => string;
}

/**
 * The paths are those of docs/product.md §7, irregular as they are: boards update under `/boards/{id}`, and
 * boards and computers delete under the singular `/board/{id}` and `/computer/{id}`.
 */
export const CATALOG_PATHS: Record<Catalog, CatalogPaths> = {
  machines: {
    list: '/api/v1/machines',
    update: (id) => `/api/v1/machines/${id}`,
    remove: (id) => `/api/v1/machines/${id}`,
  },
  boards: {
    list: '/api/v1/boards',
    update: (id) => `/api/v1/boards/${id}`,
    remove: (id) => `/api/v1/board/${id}`,
  },
  computers: {
    list: '/api/v1/computers',
    update: (id) => `/api/v1/computers/${id}`,
    remove: (id) => `/api/v1/computer/${id}`,
  },
};

export const catalogQueryKey = (catalog: Catalog) => ['catalog', catalog] as const;
