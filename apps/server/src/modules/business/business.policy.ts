import { type Actor, can, canIn, reachOf } from '@portal/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { businesses } from './business.schema.ts';

/** Administrators see every business, everyone else only their own (the table's "business list"). */
export const canSeeBusiness = (viewer: Actor, businessId: number): boolean =>
  canIn(viewer, 'businessList', businessId);

/**
 * Creating, changing, suspending and deleting businesses is the administrators' work in /settings
 * (docs/product.md §1: administrators manage businesses); the table has no row of its own for it.
 */
export const canManageBusinesses = (viewer: Actor): boolean => can(viewer.role, 'settings');

/** The businesses a list may show the viewer, as SQL: undefined means every one. */
export function visibleBusinessesWhere(viewer: Actor): SQL | undefined {
  switch (reachOf(viewer.role, 'businessList')) {
    case 'all':
      return undefined;
    case 'own':
      return eq(businesses.id, viewer.business);
    default:
      return sql`false`;
  }
}
