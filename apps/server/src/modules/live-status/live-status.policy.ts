import { type Actor, canIn } from '@portal/contract';
import type { SQL } from 'drizzle-orm';
import { type Viewer, visibleMachineGroups } from '../machine-groups/machine-groups.policy.ts';

/**
 * A machine's live status is seen by exactly whoever sees its machine group: administrators all,
 * managers their business's, technicians and customers those assigned to them. The condition goes in
 * the SQL, so another business's machines are never fetched.
 */
export const visibleLiveStatuses = (viewer: Viewer): SQL | undefined => visibleMachineGroups(viewer);

/**
 * A stream tells of a business's print-queue changes whoever may use that queue (the capability table's
 * `printQueue`, as the print queue's own policy reads it): managers and customers their business's, administrators
 * and technicians every business's. The event names the business only.
 */
export const hearsQueueOf = (viewer: Actor, businessId: number): boolean =>
  canIn(viewer, 'printQueue', businessId);
