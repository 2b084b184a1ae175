import { type Actor, can, Role } from '@portal/contract';
import { and, eq, exists, type SQL, sql } from 'drizzle-orm';
import { machineGroupUsers } from '../../db/schema.ts';
import { machineGroups } from './machine-groups.schema.ts';

/** Who is looking: the session's role and business, and the user (assignments are per user). */
export interface Viewer extends Actor {
  id: number;
}

/**
 * Which machine groups a role sees (docs/design.md §3). The capability table of docs/product.md
 * §6 has no row for it, so the decision is written here, once, for every module that lists
 * machine groups or what hangs off them (controllers, a user's machines tab, live status, tickets).
 */
const GROUP_REACH = {
  [Role.Administrator]: 'all',
  [Role.Manager]: 'business',
  [Role.Technician]: 'assigned',
  [Role.Customer]: 'assigned',
} as const satisfies Record<Role, MachineGroupReach>;

/** All groups, those of the viewer's business, or those assigned to the viewer. */
export type MachineGroupReach = 'all' | 'business' | 'assigned';

export const machineGroupReachOf = (viewer: Actor): MachineGroupReach => GROUP_REACH[viewer.role];

/**
 * The SQL condition on `machine_groups` selecting the groups `viewer` sees: undefined for everything.
 * Use it in the WHERE of any query over `machine_groups`, so another business's rows are never fetched.
 */
export function visibleMachineGroups(viewer: Viewer): SQL | undefined {
  switch (machineGroupReachOf(viewer)) {
    case 'all':
      return undefined;
    case 'business':
      return eq(machineGroups.businessId, viewer.business);
    case 'assigned':
      return exists(
        sql`(select 1 from ${machineGroupUsers} where ${and(
          eq(machineGroupUsers.machineGroupId, machineGroups.id),
          eq(machineGroupUsers.userId, viewer.id),
        )})`,
      );
  }
}

/** Creating and deleting machine groups: administrators (the table's "create machine groups"). */
export const canCreateMachineGroups = (viewer: Actor): boolean => can(viewer.role, 'createMachineGroups');

/** Firmware, composition and business of a machine group: administrators only. */
export const canMakeAdminEdits = (viewer: Actor): boolean => can(viewer.role, 'machineGroupAdminEdits');
