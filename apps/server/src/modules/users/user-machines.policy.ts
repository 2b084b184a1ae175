import { type Actor, canIn, Role } from '@portal/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { machineGroups, machineGroupUsers } from '../../db/schema.ts';

/**
 * The machine groups a viewer sees, as SQL (DESIGN.md section 3): administrators all, managers their
 * business's, technicians and customers those assigned to them. Undefined means no restriction.
 * The machine-groups module holds the same rule for its own lists.
 */
export function machineGroupsVisibleTo(viewer: Actor & { id: number }): SQL | undefined {
  if (viewer.role === Role.Administrator) return undefined;
  if (viewer.role === Role.Manager) return eq(machineGroups.businessId, viewer.business);
  return sql`exists (select 1 from ${machineGroupUsers} where ${machineGroupUsers.machineGroupId} = ${machineGroups.id} and ${machineGroupUsers.userId} = ${viewer.id})`;
}

/**
 * Who gives or removes a user's access to machine groups: administrators for anyone, managers for the
 * users of their own business (and, through `machineGroupsVisibleTo`, only its machine groups).
 */
export const canAssignMachinesTo = (actor: Actor, user: { businessId: number }): boolean =>
  canIn(actor, 'manageUsers', user.businessId);
