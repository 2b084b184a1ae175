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
 * Whoever may use a business's print queue (the capability table's `printQueue`, as `print-queue.policy.ts` reads
 * it: administrators and technicians any business's, managers and customers their own) sees its machines'
 * readiness ("bed clear") in their statuses and hears the stream's `queue` event when that queue changes (it names
 * the business only). Others see the statuses without readiness and hear no queue events.
 */
export const usesQueueOf = (viewer: Actor, businessId: number): boolean =>
  canIn(viewer, 'printQueue', businessId);
