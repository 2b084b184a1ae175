import { canIn } from '@portal/contract';
import type { SQL } from 'drizzle-orm';
import { type Viewer, visibleMachineGroups } from '../machine-groups/machine-groups.policy.ts';

/**
 * A machine's live status is seen by exactly whoever sees its machine group: administrators all,
 * managers their business's, technicians and customers those assigned to them. The condition goes in
 * the SQL, so another business's machines are never fetched.
 */
export const visibleLiveStatuses = (viewer: Viewer): SQL | undefined => visibleMachineGroups(viewer);

/**
 * A machine's readiness for the print queue ("bed clear") is seen by whoever may use its business's queue (the
 * capability table's `printQueue`, as `print-queue.policy.ts` reads it): administrators and technicians any
 * business's, managers and customers their own. Others see the status without it.
 */
export const maySeeReadiness = (viewer: Viewer, businessId: number): boolean =>
  canIn(viewer, 'printQueue', businessId);
