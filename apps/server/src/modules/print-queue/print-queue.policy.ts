import { canIn } from '@portal/contract';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';

export { type Viewer, visibleMachineGroups } from '../machine-groups/machine-groups.policy.ts';

/**
 * Reading and changing a business's queue (the capability table's `printQueue`): administrators and technicians any
 * business's, managers and customers their own. Machines are further the ones the viewer sees, and a start on one
 * goes through machine access (licence, consent).
 */
export const mayUseQueueOf = (viewer: Viewer, businessId: number): boolean =>
  canIn(viewer, 'printQueue', businessId);

/** Switching the business's automatic start: its managers, and administrators. */
export const mayChangeAutoStart = (viewer: Viewer, businessId: number): boolean =>
  canIn(viewer, 'printQueueAutoStart', businessId);
