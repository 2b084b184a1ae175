import { type Actor, can, canIn } from '@portal/contract';

export { visibleMachineGroups } from '../machine-groups/machine-groups.policy.ts';

/** Fleet insight (the capability table's `fleetInsight`): administrators and managers; technicians and customers not. */
export const maySeeInsight = (viewer: Actor): boolean => can(viewer.role, 'fleetInsight');

/**
 * Whether the business filter may name `businessId`: any business for an administrator, a manager's own only (any
 * other answers 404, as another business's object does: docs/design.md §3).
 */
export const mayFilterBusiness = (viewer: Actor, businessId: number): boolean =>
  canIn(viewer, 'fleetInsight', businessId);
