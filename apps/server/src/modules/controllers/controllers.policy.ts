import { type Actor, can } from '@portal/contract';
import { and, eq, exists, type SQL, sql } from 'drizzle-orm';
import { computerControllers, machineGroups } from '../../db/schema.ts';
import {
  machineGroupReachOf,
  type Viewer,
  visibleMachineGroups,
} from '../machine-groups/machine-groups.policy.ts';

/**
 * The SQL condition on `computer_controllers` selecting those `viewer` sees: administrators all,
 * managers their business's (spares included), technicians and customers those serving a machine group
 * they see. Undefined means every controller.
 */
export function visibleControllers(viewer: Viewer): SQL | undefined {
  switch (machineGroupReachOf(viewer)) {
    case 'all':
      return undefined;
    case 'business':
      return eq(computerControllers.businessId, viewer.business);
    case 'assigned':
      return exists(
        sql`(select 1 from ${machineGroups} where ${and(
          eq(machineGroups.computerControllerId, computerControllers.id),
          visibleMachineGroups(viewer),
        )})`,
      );
  }
}

/**
 * Creating, changing and deleting controllers and their gateway keys: administrators, who run them from
 * the computer-controllers tab of /settings (the table's "/settings" row).
 */
export const canManageControllers = (viewer: Actor): boolean => can(viewer.role, 'settings');
