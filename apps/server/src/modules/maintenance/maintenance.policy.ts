import { can } from '@portal/contract';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';

export { visibleMachineGroups } from '../machine-groups/machine-groups.policy.ts';

/** Writing the plans and a machine group's overrides: administrators (the capability table's `maintenancePlans`). */
export const mayEditPlans = (viewer: Viewer): boolean => can(viewer.role, 'maintenancePlans');

/**
 * Marking a task done (`maintenanceDone`): administrators on every group; managers and technicians on the groups
 * they see (their business's, or those assigned to them), which the caller checks by finding the group through
 * `visibleMachineGroups`; customers never.
 */
export const mayMarkDone = (viewer: Viewer): boolean => can(viewer.role, 'maintenanceDone');
