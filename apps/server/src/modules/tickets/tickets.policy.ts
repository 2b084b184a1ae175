import { type Actor, can } from '@portal/contract';
import { eq, exists, or, type SQL, sql } from 'drizzle-orm';
import { machineGroups } from '../../db/schema.ts';
import {
  machineGroupReachOf,
  type Viewer,
  visibleMachineGroups,
} from '../machine-groups/machine-groups.policy.ts';
import { tickets } from './tickets.schema.ts';

/**
 * Which tickets a user sees (docs/design.md §3): administrators all; managers their business's (the
 * business the ticket was opened in, or the one its machine group now belongs to); everyone else those
 * they wrote and those about machine groups they see. The condition goes in the WHERE of every query over
 * `tickets`, so another business's tickets are never fetched.
 */
export function visibleTickets(viewer: Viewer): SQL | undefined {
  const reach = machineGroupReachOf(viewer);
  if (reach === 'all') return undefined;
  const onVisibleGroup = exists(
    sql`(select 1 from ${machineGroups} where ${eq(machineGroups.id, tickets.machineGroupId)} and ${visibleMachineGroups(viewer)})`,
  );
  return reach === 'business'
    ? or(eq(tickets.businessId, viewer.business), onVisibleGroup)
    : or(eq(tickets.authorId, viewer.id), onVisibleGroup);
}

/** Asking for a machine's licence renewal: everyone but administrators, who renew licences themselves. */
export const canRequestLicenceRenewal = (viewer: Actor): boolean => can(viewer.role, 'requestLicenceRenewal');

/** Deleting tickets: the capability table's "delete tickets" (administrators). */
export const canDeleteTickets = (viewer: Actor): boolean => can(viewer.role, 'deleteTickets');
