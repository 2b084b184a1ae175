import { type Actor, can, reachOf } from '@portal/contract';
import { eq, or, type SQL } from 'drizzle-orm';
import { activityRecords } from './activity.schema.ts';

/**
 * The entries `viewer` may read (docs/design.md §9): an administrator all; anyone else those about the machines of
 * their own business, and their own actions wherever they were.
 */
export function activityScope(viewer: Actor & { id: number }): SQL | undefined {
  if (reachOf(viewer.role, 'activityRecord') === 'all') return undefined;
  return or(eq(activityRecords.businessId, viewer.business), eq(activityRecords.actorUserId, viewer.id));
}

/** Checking the chain reads every entry: an administrator's task. */
export const canCheckActivity = (viewer: Actor): boolean => can(viewer.role, 'activityCheck');
