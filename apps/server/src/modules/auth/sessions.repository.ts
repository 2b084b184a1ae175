import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses, users } from '../../db/schema.ts';
import { sessions } from './auth.schema.ts';

export type NewSessionRow = typeof sessions.$inferInsert;

/** What the session check needs, read in one round trip: the session, its user and the business state. */
export interface SessionCheckRow {
  revokedAt: Date | null;
  expiresAt: Date;
  sessionRole: number;
  sessionBusinessId: number;
  createdAt: Date;
  userId: number;
  role: number;
  businessId: number;
  enabled: boolean;
  lastPasswordChange: Date | null;
  businessActive: boolean;
}

/** The check's row with what a renewal also needs. */
export interface SessionRenewalRow extends SessionCheckRow {
  absoluteExpiresAt: Date | null;
  renewalHash: string | null;
  previousRenewalHash: string | null;
  renewedAt: Date | null;
}

export interface Renewal {
  renewalHash: string;
  expiresAt: Date;
  renewedAt: Date;
}

/** What every check of a session reads: the session's own state and its user's and business's current one. */
const CHECK_COLUMNS = {
  revokedAt: sessions.revokedAt,
  expiresAt: sessions.expiresAt,
  sessionRole: sessions.role,
  sessionBusinessId: sessions.businessId,
  createdAt: sessions.createdAt,
  userId: users.id,
  role: users.role,
  businessId: users.businessId,
  enabled: users.enabled,
  lastPasswordChange: users.lastPasswordChange,
  businessActive: businesses.active,
};

/** The session check of every request that misses the session cache, prepared once. */
const prepareCheck = (db: Database) =>
  db
    .select(CHECK_COLUMNS)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('sessions_check');

export class SessionsRepository {
  readonly #db: Database;
  readonly #check: ReturnType<typeof prepareCheck>;

  constructor(db: Database) {
    this.#db = db;
    this.#check = prepareCheck(db);
  }

  async insert(session: NewSessionRow): Promise<void> {
    await this.#db.insert(sessions).values(session);
  }

  /** The session with its user's current state; undefined once the user is deleted (cascade). */
  async findForCheck(id: string): Promise<SessionCheckRow | undefined> {
    const [row] = await this.#check.execute({ id });
    return row;
  }

  async findForRenewal(id: string): Promise<SessionRenewalRow | undefined> {
    const [row] = await this.#db
      .select({
        ...CHECK_COLUMNS,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        renewalHash: sessions.renewalHash,
        previousRenewalHash: sessions.previousRenewalHash,
        renewedAt: sessions.renewedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(eq(sessions.id, id));
    return row;
  }

  /**
   * Moves the session on to a new renewal token, only if `presentedHash` is still its current one: of two
   * renewals racing (two tabs, two instances), one rotates and the other learns it came second (false).
   */
  async rotate(id: string, presentedHash: string, renewal: Renewal): Promise<boolean> {
    const updated = await this.#db
      .update(sessions)
      .set({ ...renewal, previousRenewalHash: presentedHash })
      .where(and(eq(sessions.id, id), eq(sessions.renewalHash, presentedHash), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return updated.length > 0;
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.#db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  /** Ends every open session of a user (disabled, password changed elsewhere), but `except` if given. */
  async revokeAllOf(userId: number, at: Date, except?: string): Promise<void> {
    await this.#db
      .update(sessions)
      .set({ revokedAt: at })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          except === undefined ? undefined : ne(sessions.id, except),
        ),
      );
  }

  /** Forgets sessions whose tokens have expired and can no longer be renewed. */
  async deleteExpired(now: Date): Promise<number> {
    const deleted = await this.#db
      .delete(sessions)
      .where(lt(sessions.expiresAt, now))
      .returning({ id: sessions.id });
    return deleted.length;
  }
}
