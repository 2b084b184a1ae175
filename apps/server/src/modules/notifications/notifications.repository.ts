import { type Language, Role } from '@portal/contract';
import { and, desc, eq, gte, inArray, isNotNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  businesses,
  licenses,
  machineGroups,
  machineGroupUsers,
  serviceSessions,
  tickets,
  users,
} from '../../db/schema.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import { isTicketAuthor } from '../tickets/ticket-authors.ts';
import { visibleTickets } from '../tickets/tickets.policy.ts';
import type { Candidate } from './notifications.policy.ts';
import { pushSubscriptions, pushVapidKeys } from './notifications.schema.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Where a push message goes: the subscription's endpoint and keys, and the language it is written in. */
export interface PushTarget {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: Language;
}

export interface NewSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: Language;
  createdAt: Date;
}

/** The most subscriptions one user keeps (browsers and devices); older ones give way to newer ones. */
export const SUBSCRIPTIONS_PER_USER = 20;

/**
 * Who a notification could go to, and where its mail goes. `wants` is true: each user's channels per kind decide
 * (`notification-centre.ts`; the older ticket and machine switches are the push defaults there).
 */
const candidateColumns = () => ({
  id: users.id,
  role: sql<Role>`${users.role}`,
  business: users.businessId,
  enabled: users.enabled,
  businessActive: businesses.active,
  wants: sql<boolean>`true`,
  email: users.email,
  name: users.name,
});

/** Someone a service session's notice may go to, with where its mail goes. */
export type ServiceRecipient = Candidate & { email: string; name: string };

/** What a service session's notices tell and whom they concern. */
export interface ServiceNoticeRow {
  id: number;
  ticketId: number | null;
  businessId: number;
  requesterId: number;
  requesterName: string | null;
  machineName: string | null;
  reason: string;
  hours: number;
  comment: string | null;
  ticketAuthorId: number | null;
}

/** An activated licence nearing its end, and its business. */
export interface ExpiringLicence {
  id: number;
  businessId: number;
  businessName: string;
  end: Date;
}

/** A consent change's mail: the business, who changed it (null once gone) and its managers. */
export interface ConsentNotice {
  businessName: string;
  actorName: string | null;
  managers: { id: number; email: string; name: string }[];
}

export class NotificationsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async vapidKeys(): Promise<VapidKeys | undefined> {
    const [row] = await this.#db
      .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
      .from(pushVapidKeys)
      .where(eq(pushVapidKeys.id, 1));
    return row;
  }

  /** Stores the key pair unless another process stored one first; either way the stored pair is the answer. */
  async keepVapidKeys(keys: VapidKeys, createdAt: Date): Promise<VapidKeys> {
    await this.#db
      .insert(pushVapidKeys)
      .values({ id: 1, ...keys, createdAt })
      .onConflictDoNothing({ target: pushVapidKeys.id });
    const stored = await this.vapidKeys();
    if (!stored) throw new Error('the VAPID keys were not stored');
    return stored;
  }

  /**
   * Saves a subscription for its user. An endpoint already known takes the new owner, keys and language when it is
   * the same user's, or when it comes with the keys it was stored with (the same browser, another user signing
   * in); otherwise nothing changes and the answer is false. The user's oldest subscriptions beyond the limit go.
   */
  async upsert(subscription: NewSubscription): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const saved = await tx
        .insert(pushSubscriptions)
        .values(subscription)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: subscription.userId,
            p256dh: subscription.p256dh,
            auth: subscription.auth,
            language: subscription.language,
            createdAt: subscription.createdAt,
          },
          setWhere: or(
            eq(pushSubscriptions.userId, subscription.userId),
            and(
              eq(pushSubscriptions.p256dh, subscription.p256dh),
              eq(pushSubscriptions.auth, subscription.auth),
            ),
          ),
        })
        .returning({ id: pushSubscriptions.id });
      if (saved.length === 0) return false;
      const kept = tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, subscription.userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(SUBSCRIPTIONS_PER_USER);
      await tx
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.userId, subscription.userId), notInArray(pushSubscriptions.id, kept)),
        );
      return true;
    });
  }

  /** Deletes the user's own subscription with that endpoint; false when the user has none such. */
  async deleteOwn(userId: number, endpoint: string): Promise<boolean> {
    const deleted = await this.#db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return deleted.length > 0;
  }

  /** Forgets an endpoint the push service says is gone, whoever it belonged to. */
  async deleteEndpoint(endpoint: string): Promise<void> {
    await this.#db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  }

  async subscriptionsOf(userIds: readonly number[]): Promise<PushTarget[]> {
    if (userIds.length === 0) return [];
    const rows = await this.#db
      .select({
        userId: pushSubscriptions.userId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        language: pushSubscriptions.language,
      })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [...userIds]))
      .orderBy(pushSubscriptions.id);
    return rows.map((row) => ({ ...row, language: row.language === 'en' ? 'en' : 'it' }));
  }

  /** The ticket's title, if it still exists. */
  async ticketTitle(ticketId: number): Promise<string | undefined> {
    const [row] = await this.#db
      .select({ title: tickets.title })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    return row?.title;
  }

  /** The people of a ticket's thread (its author and whoever answered). */
  async threadPeople(ticketId: number): Promise<ServiceRecipient[]> {
    return this.#db
      .select(candidateColumns())
      .from(users)
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(isTicketAuthor(this.#db, ticketId))
      .orderBy(users.id);
  }

  /** The operator's administrators and technicians, who handle tickets (each still checked to see the ticket). */
  async ticketStaff(): Promise<ServiceRecipient[]> {
    return this.#db
      .select(candidateColumns())
      .from(users)
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(and(eq(businesses.operator, true), inArray(users.role, [Role.Administrator, Role.Technician])))
      .orderBy(users.id);
  }

  /** The controller serving a machine group (whose camera a machine event's mail shows), if any. */
  async controllerOf(machineGroupId: number): Promise<number | null> {
    const [row] = await this.#db
      .select({ controllerId: machineGroups.computerControllerId })
      .from(machineGroups)
      .where(eq(machineGroups.id, machineGroupId));
    return row?.controllerId ?? null;
  }

  /** Whether `viewer` still sees the ticket (an answerer may since have lost the machine group). */
  async seesTicket(ticketId: number, viewer: Viewer): Promise<boolean> {
    const [row] = await this.#db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), visibleTickets(viewer)));
    return row !== undefined;
  }

  /** The machine group's name, if it still exists. */
  async machineName(machineGroupId: number): Promise<string | undefined> {
    const [row] = await this.#db
      .select({ name: machineGroups.name })
      .from(machineGroups)
      .where(eq(machineGroups.id, machineGroupId));
    return row?.name;
  }

  /** The users assigned to a machine group. */
  async groupPeople(machineGroupId: number): Promise<ServiceRecipient[]> {
    return this.#db
      .select(candidateColumns())
      .from(machineGroupUsers)
      .innerJoin(users, eq(users.id, machineGroupUsers.userId))
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(eq(machineGroupUsers.machineGroupId, machineGroupId))
      .orderBy(users.id);
  }

  /**
   * Who hears of a machine group's queued copies (docs/design.md §14): its assigned users, as for the machine's own
   * events, and the managers of its business, who see all its machines and run its queue.
   */
  async queuePeople(machineGroupId: number): Promise<ServiceRecipient[]> {
    const assigned = await this.groupPeople(machineGroupId);
    const managers = await this.#db
      .select(candidateColumns())
      .from(machineGroups)
      .innerJoin(users, eq(users.businessId, machineGroups.businessId))
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(and(eq(machineGroups.id, machineGroupId), eq(users.role, Role.Manager)))
      .orderBy(users.id);
    return [...assigned, ...managers];
  }

  async serviceSession(id: number): Promise<ServiceNoticeRow | undefined> {
    const [row] = await this.#db
      .select({
        id: serviceSessions.id,
        ticketId: serviceSessions.ticketId,
        businessId: serviceSessions.businessId,
        requesterId: serviceSessions.requesterId,
        requesterName: sql<string | null>`trim(${users.name} || ' ' || ${users.surname})`,
        machineName: machineGroups.name,
        reason: serviceSessions.reason,
        hours: serviceSessions.hours,
        comment: serviceSessions.comment,
        ticketAuthorId: tickets.authorId,
      })
      .from(serviceSessions)
      .leftJoin(users, eq(users.id, serviceSessions.requesterId))
      .leftJoin(machineGroups, eq(machineGroups.computerControllerId, serviceSessions.controllerId))
      .leftJoin(tickets, eq(tickets.id, serviceSessions.ticketId))
      .where(eq(serviceSessions.id, id));
    return row;
  }

  /**
   * Who decides a business's requests (docs/design.md §11): its managers, and the ticket's author when they belong
   * to it; `userIds` adds people by id (the requester, told of the decision).
   */
  async serviceRecipients(
    of: { businessId: number; ticketAuthorId: number | null } | { userIds: number[] },
  ): Promise<ServiceRecipient[]> {
    const who =
      'userIds' in of
        ? inArray(users.id, of.userIds)
        : and(
            eq(users.businessId, of.businessId),
            or(
              eq(users.role, Role.Manager),
              of.ticketAuthorId === null ? undefined : eq(users.id, of.ticketAuthorId),
            ),
          );
    return this.#db
      .select(candidateColumns())
      .from(users)
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(who)
      .orderBy(users.id);
  }

  /**
   * Who a machine group's maintenance reminders go to (docs/design.md §12): its assigned users and the technicians
   * of the operator's business (who service every business's machines).
   */
  async reminderRecipients(machineGroupId: number): Promise<ServiceRecipient[]> {
    const assigned = await this.#db
      .select(candidateColumns())
      .from(machineGroupUsers)
      .innerJoin(users, eq(users.id, machineGroupUsers.userId))
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(eq(machineGroupUsers.machineGroupId, machineGroupId))
      .orderBy(users.id);
    const technicians = await this.#db
      .select(candidateColumns())
      .from(users)
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(and(eq(businesses.operator, true), eq(users.role, Role.Technician)))
      .orderBy(users.id);
    return [...assigned, ...technicians];
  }

  /**
   * What a consent change's mail names (the business, who changed it) and whom it goes to: every manager of the
   * business, enabled or not (only the operator's staff disable a manager, and the mail is how the business
   * learns of a change it did not make). Undefined once the business is gone.
   */
  async consentNotice(businessId: number, actorId: number): Promise<ConsentNotice | undefined> {
    const [business] = await this.#db
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    if (!business) return undefined;
    const [actor] = await this.#db
      .select({ name: sql<string>`trim(${users.name} || ' ' || ${users.surname})` })
      .from(users)
      .where(eq(users.id, actorId));
    const managers = await this.#db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.businessId, businessId), eq(users.role, Role.Manager)))
      .orderBy(users.id);
    return { businessName: business.name, actorName: actor?.name ?? null, managers };
  }

  /** The activated licences whose end falls in [from, to), with their business. */
  async expiringLicences(from: Date, to: Date): Promise<ExpiringLicence[]> {
    const end = sql<Date>`(${licenses.activation} + ${licenses.expiryMs} * interval '1 millisecond')`;
    const rows = await this.#db
      .select({
        id: licenses.id,
        businessId: licenses.businessId,
        businessName: businesses.name,
        end: sql<string>`${end}`,
      })
      .from(licenses)
      .innerJoin(businesses, eq(businesses.id, licenses.businessId))
      .where(and(isNotNull(licenses.activation), gte(end, from), lt(end, to)))
      .orderBy(licenses.id);
    return rows.map((row) => ({ ...row, end: new Date(row.end) }));
  }

  /** Who hears of a business's licences ending: its managers and the operator's administrators. */
  async licenceRecipients(businessId: number): Promise<ServiceRecipient[]> {
    return this.#db
      .select(candidateColumns())
      .from(users)
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(
        or(
          and(eq(users.businessId, businessId), eq(users.role, Role.Manager)),
          and(eq(businesses.operator, true), eq(users.role, Role.Administrator)),
        ),
      )
      .orderBy(users.id);
  }

  /** Each user's language as their newest push subscription says (the portal's default without one). */
  async languagesOf(userIds: readonly number[]): Promise<Map<number, Language>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.#db
      .select({ userId: pushSubscriptions.userId, language: pushSubscriptions.language })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [...userIds]))
      .orderBy(pushSubscriptions.id);
    // Ordered oldest first: the newest of each user is written last.
    return new Map(rows.map((row) => [row.userId, row.language === 'en' ? 'en' : 'it']));
  }
}
