import { type Actor, can, canIn, reachOf } from '@portal/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { licenses } from './licenses.schema.ts';

/** A licence is seen with its business: administrators see all, everyone else their own business's. */
export const canSeeLicense = (viewer: Actor, businessId: number): boolean =>
  canIn(viewer, 'businessList', businessId);

/** Creating, changing, deleting and activating licences: the table's "Create machine groups, licenses". */
export const canManageLicenses = (viewer: Actor): boolean => can(viewer.role, 'createMachineGroups');

/** The licences a list may show the viewer, as SQL: undefined means every one. */
export function visibleLicensesWhere(viewer: Actor): SQL | undefined {
  switch (reachOf(viewer.role, 'businessList')) {
    case 'all':
      return undefined;
    case 'own':
      return eq(licenses.businessId, viewer.business);
    default:
      return sql`false`;
  }
}
