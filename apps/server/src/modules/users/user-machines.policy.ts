import { type Actor, canIn } from '@portal/contract';

/**
 * Who gives or removes a user's access to machine groups (docs/design.md §3): administrators for
 * anyone, managers for the users of their own business, and only among the machine groups they see
 * (`visibleMachineGroups` of the machine-groups module: their own business's).
 */
export const canAssignMachinesTo = (actor: Actor, user: { businessId: number }): boolean =>
  canIn(actor, 'manageUsers', user.businessId);
