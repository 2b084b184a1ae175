import { can, canIn, Role } from '@portal/contract';
import { and, eq, or, type SQL } from 'drizzle-orm';
import { tickets } from '../../db/schema.ts';
import {
  machineGroupReachOf,
  type Viewer,
  visibleMachineGroups,
} from '../machine-groups/machine-groups.policy.ts';
import { serviceSessions } from './service-sessions.schema.ts';

/**
 * Who sees which service session (docs/design.md §11): administrators all; anyone else those they asked for, those
 * about machines they see, and every one of their own business (whose consent it is). Goes in the WHERE of every
 * query.
 */
export function visibleServiceSessions(viewer: Viewer): SQL | undefined {
  if (machineGroupReachOf(viewer) === 'all') return undefined;
  return or(
    eq(serviceSessions.requesterId, viewer.id),
    eq(serviceSessions.businessId, viewer.business),
    visibleMachineGroups(viewer),
  );
}

/** Asking for a session: staff who may (the capability table), on a machine of a business not their own. */
export const mayRequest = (viewer: Viewer, machineBusinessId: number): boolean =>
  can(viewer.role, 'requestServiceSession') && viewer.business !== machineBusinessId;

/** What a session needs to be decided or ended by someone. */
export interface SessionParties {
  businessId: number;
  requesterId: number;
  ticketAuthorId: number | null;
}

/** Accepting or rejecting: the business's managers, and the customer of the business who wrote the ticket. */
export const mayDecide = (viewer: Viewer, session: SessionParties): boolean =>
  canIn(viewer, 'decideServiceSession', session.businessId) &&
  (viewer.role === Role.Manager || session.ticketAuthorId === viewer.id);

/**
 * The requests a viewer may decide, as a condition over sessions and their tickets (false: none). The same rule
 * as `mayDecide`, for the in-app notice's list.
 */
export function decidableBy(viewer: Viewer): SQL | false {
  if (!can(viewer.role, 'decideServiceSession')) return false;
  const ofBusiness = eq(serviceSessions.businessId, viewer.business);
  return viewer.role === Role.Manager
    ? ofBusiness
    : (and(ofBusiness, eq(tickets.authorId, viewer.id)) as SQL);
}

/** Ending early (or withdrawing a request): whoever asked, and anyone of the business. */
export const mayEnd = (viewer: Viewer, session: SessionParties): boolean =>
  session.requesterId === viewer.id || canIn(viewer, 'endServiceSession', session.businessId);

/** Reading a business's consent setting: whoever may see the business (the table's business list). */
export const mayReadConsent = (viewer: Viewer, businessId: number): boolean =>
  canIn(viewer, 'businessList', businessId);

/** Changing it: the business's managers (the capability table's `serviceConsent`). */
export const maySetConsent = (viewer: Viewer, businessId: number): boolean =>
  canIn(viewer, 'serviceConsent', businessId);
