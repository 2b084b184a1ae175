import { type Actor, canIn } from '@portal/contract';

/** Who may see a user: everybody themselves, and whoever manages users of the user's business. */
export function canSeeUser(
  viewer: Actor & { id: number },
  target: { id: number; businessId: number },
): boolean {
  return viewer.id === target.id || canIn(viewer, 'manageUsers', target.businessId);
}
