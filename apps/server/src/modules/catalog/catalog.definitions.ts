import type { Catalog } from '@portal/contract';
import type { AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { computerControllers, machineGroups } from '../../db/schema.ts';
import { boardTypes, computerTypes, machineTypes } from './catalog.schema.ts';

/** The three catalogue tables share their columns (`catalogColumns` in the schema). */
export type CatalogTable = typeof machineTypes | typeof boardTypes | typeof computerTypes;

/** Rows of another table that use an entry, and keep it from being deleted. */
export interface CatalogUsage {
  table: PgTable;
  column: AnyColumn;
  noun: readonly [one: string, many: string];
}

/** One catalogue: its table, its paths (docs/product.md §7, as the client calls them) and its users. */
export interface CatalogDefinition {
  catalog: Catalog;
  table: CatalogTable;
  /** "Machine type": in messages and OpenAPI. */
  label: string;
  /** List and create. */
  listPath: string;
  /** Read and update. */
  itemPath: string;
  /** Delete: the web app deletes boards and computers at a singular path (docs/product.md §7). */
  deletePath: string;
  usages: readonly CatalogUsage[];
  /** Said in the OpenAPI summary of the update. */
  updateNote?: string;
}

export const CATALOG_DEFINITIONS: Record<Catalog, CatalogDefinition> = {
  machines: {
    catalog: 'machines',
    table: machineTypes,
    label: 'Machine type',
    listPath: '/api/v1/machines',
    itemPath: '/api/v1/machines/:id',
    deletePath: '/api/v1/machines/:id',
    usages: [
      {
        table: machineGroups,
        column: machineGroups.machineTypeId,
        noun: ['machine group', 'machine groups'],
      },
    ],
  },
  boards: {
    catalog: 'boards',
    table: boardTypes,
    label: 'Board type',
    listPath: '/api/v1/boards',
    itemPath: '/api/v1/boards/:id',
    deletePath: '/api/v1/board/:id',
    usages: [
      { table: machineGroups, column: machineGroups.boardTypeId, noun: ['machine group', 'machine groups'] },
    ],
    updateNote:
      'The original client sent board updates to PUT /api/v1/computers/{id}, which changes a computer ' +
      'type: board types are updated here, at their own path.',
  },
  computers: {
    catalog: 'computers',
    table: computerTypes,
    label: 'Computer type',
    listPath: '/api/v1/computers',
    itemPath: '/api/v1/computers/:id',
    deletePath: '/api/v1/computer/:id',
    usages: [
      {
        table: computerControllers,
        column: computerControllers.typeId,
        noun: ['computer controller', 'computer controllers'],
      },
    ],
  },
};
