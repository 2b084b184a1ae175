import {
  defaultPreferences,
  type Language,
  NOTIFICATION_KINDS,
  type NotificationPreferences,
  notificationPreferencesSchema,
} from '@portal/contract';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { notificationPreferences, notifications, pushSubscriptions } from './notifications.schema.ts';

/** One user's notification of an event, as the centre stores it. */
export interface NewNotification {
  userId: number;
  eventKey: string;
  event: string;
  ticketId: number | null;
  machineId: number | null;
  licenceId: number | null;
  businessId: number | null;
  subject: string;
  detail: string | null;
  shown: boolean;
  createdAt: Date;
}

export type NotificationRow = typeof notifications.$inferSelect;

/** A user's channels per kind, with the language their mails are written in (null: not known). */
export interface UserPreferences {
  preferences: NotificationPreferences;
  language: Language | null;
}

const partialChoices = notificationPreferencesSchema.partial();

/** The stored choices, those that still read well (a kind dropped since is ignored). */
function storedChoices(value: unknown): Partial<NotificationPreferences> {
  if (typeof value !== 'object' || value === null) return {};
  const known = Object.fromEntries(
    Object.entries(value).filter(([kind]) => (NOTIFICATION_KINDS as readonly string[]).includes(kind)),
  );
  const parsed = partialChoices.safeParse(known);
  return parsed.success ? parsed.data : {};
}

const languageOf = (value: string | null | undefined): Language | null =>
  value === 'en' || value === 'it' ? value : null;

/** The notification centre's tables: the users' notifications and their channel choices. */
export class NotificationCentreRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Stores each user's notification unless one with the same event key exists for that user (another instance,
   * or an earlier sight of the same event, stored it). The answer: the users whose row this call inserted.
   */
  async claim(rows: readonly NewNotification[]): Promise<Set<number>> {
    if (rows.length === 0) return new Set();
    const inserted = await this.#db
      .insert(notifications)
      .values([...rows])
      .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
      .returning({ userId: notifications.userId });
    return new Set(inserted.map((row) => row.userId));
  }

  /** The users' channels (their stored choices over the defaults) and mail language. */
  async preferencesOf(userIds: readonly number[]): Promise<Map<number, UserPreferences>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.#db
      .select({
        id: users.id,
        ticketNotifications: users.ticketNotifications,
        machineNotifications: users.machineNotifications,
        choices: notificationPreferences.choices,
        language: notificationPreferences.language,
      })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(inArray(users.id, [...userIds]));
    const languages = await this.#pushLanguages(userIds);
    return new Map(
      rows.map((row) => [
        row.id,
        {
          preferences: { ...defaultPreferences(row), ...storedChoices(row.choices) },
          language: languageOf(row.language) ?? languages.get(row.id) ?? null,
        },
      ]),
    );
  }

  /** Merges `changes` into the user's stored choices; a language given replaces the stored one. */
  async savePreferences(
    userId: number,
    changes: Partial<NotificationPreferences>,
    language: Language | undefined,
    at: Date,
  ): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const [stored] = await tx
        .select({ choices: notificationPreferences.choices, language: notificationPreferences.language })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId))
        .for('update');
      const choices = { ...storedChoices(stored?.choices), ...changes };
      const row = { choices, language: language ?? stored?.language ?? null, updatedAt: at };
      await tx
        .insert(notificationPreferences)
        .values({ userId, ...row })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: row });
    });
  }

  /** The user's newest shown notifications and how many shown ones are unread. */
  async list(userId: number, limit: number): Promise<{ rows: NotificationRow[]; unread: number }> {
    const mine = and(eq(notifications.userId, userId), eq(notifications.shown, true));
    const rows = await this.#db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
    const [unread] = await this.#db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt)));
    return { rows, unread: unread?.n ?? 0 };
  }

  /** Marks one of the user's notifications read; false when the user has none with that id. */
  async markRead(userId: number, id: number, at: Date): Promise<boolean> {
    const mine = and(
      eq(notifications.id, id),
      eq(notifications.userId, userId),
      eq(notifications.shown, true),
    );
    const [row] = await this.#db.select({ readAt: notifications.readAt }).from(notifications).where(mine);
    if (!row) return false;
    if (row.readAt === null) await this.#db.update(notifications).set({ readAt: at }).where(mine);
    return true;
  }

  /** Marks every unread notification of the user read. */
  async markAllRead(userId: number, at: Date): Promise<void> {
    await this.#db
      .update(notifications)
      .set({ readAt: at })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  }

  /** Each user's language as their newest push subscription says. */
  async #pushLanguages(userIds: readonly number[]): Promise<Map<number, Language>> {
    const rows = await this.#db
      .select({ userId: pushSubscriptions.userId, language: pushSubscriptions.language })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [...userIds]))
      .orderBy(pushSubscriptions.id);
    const languages = new Map<number, Language>();
    for (const row of rows) {
      const language = languageOf(row.language);
      if (language) languages.set(row.userId, language);
    }
    return languages;
  }
}
