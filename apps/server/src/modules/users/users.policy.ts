import { type Actor, assignableRoles, can, canIn, Role } from '@portal/contract';
import { eq, type SQL } from 'drizzle-orm';
import { users } from './users.schema.ts';

type Viewer = Actor & { id: number };
type Target = { id: number; businessId: number; role: number };

/**
 * Who may see a user, and their addresses, contacts and preferences: everybody themselves, and whoever
 * manages users of the user's business.
 */
export function canSeeUser(viewer: Viewer, target: { id: number; businessId: number }): boolean {
  return viewer.id === target.id || canIn(viewer, 'manageUsers', target.businessId);
}

/** Whether the viewer may browse the users list at all (administrators and managers). */
export const canListUsers = (viewer: Actor): boolean => can(viewer.role, 'manageUsers');

/** Whether the actor may create users somewhere (administrators and managers). */
export const canCreateUsers = (actor: Actor): boolean => can(actor.role, 'createUsers');

/** Whether the actor may delete users somewhere (administrators and managers). */
export const canDeleteUsers = (actor: Actor): boolean => can(actor.role, 'manageUsers');

/**
 * The rows of the users list the viewer may see, as SQL: administrators every business, managers their
 * own. Undefined means no restriction. Call only for viewers `canListUsers` admits.
 */
export function usersListScope(viewer: Actor): SQL | undefined {
  return viewer.role === Role.Administrator ? undefined : eq(users.businessId, viewer.business);
}

/**
 * Whether the actor may change another user's role, enabled state, profile or password, or delete them:
 * administrators anyone, managers only users of their own business ranked below them. Nobody acts on
 * themselves through this rule (see the self rules of the service).
 */
export function canManageUser(actor: Viewer, target: Target): boolean {
  if (actor.id === target.id || !canIn(actor, 'manageUsers', target.businessId)) return false;
  return actor.role === Role.Administrator || target.role > actor.role;
}

/** Whether the actor may give `role`: strictly below their own rank (docs/product.md §5). */
export const canAssignRole = (actor: Actor, role: Role): boolean =>
  assignableRoles(actor.role).includes(role);

/** Whether the actor may create users in `businessId`: administrators any, managers their own. */
export const canCreateUserIn = (actor: Actor, businessId: number): boolean =>
  canIn(actor, 'createUsers', businessId);

/**
 * Whether the actor acts on a user of `businessId` from outside it: the operator's staff on a customer's account.
 * What they create, make a manager or give an email or password is theirs until its owner recovers it
 * (docs/design.md §11: such an account does not change its business's consent).
 */
export const actsFromOutside = (actor: Actor, businessId: number): boolean => actor.business !== businessId;
