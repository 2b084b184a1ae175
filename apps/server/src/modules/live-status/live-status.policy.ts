import type { SQL } from 'drizzle-orm';
import { type Viewer, visibleMachineGroups } from '../machine-groups/machine-groups.policy.ts';

/**
 * A machine's live status is seen by exactly whoever sees its machine group: administrators all,
 * managers their business's, technicians and customers those assigned to them. The condition goes in
 * the SQL, so another business's machines are never fetched.
 */
export const visibleLiveStatuses = (viewer: Viewer): SQL | undefined => visibleMachineGroups(viewer);
