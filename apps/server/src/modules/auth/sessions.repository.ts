import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses, sessions, users } from '../../db/schema.ts';

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

export class SessionsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async insert(session: NewSessionRow): Promise<void> {
    await this.#db.insert(sessions).values(session);
  }

  /** The session with its user's current state; undefined once the user is deleted (cascade). */
  async findForCheck(id: string): Promise<SessionCheckRow | undefined> {
    const [row] = await this.#db
      .select({
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
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(eq(sessions.id, id));
    return row;
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.#db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  /** Ends every open session of a user (disabled, password changed elsewhere). */
  async revokeAllOf(userId: number, at: Date): Promise<void> {
    await this.#db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** Forgets sessions whose tokens have expired: their tokens are refused by their own expiry anyway. */
  async deleteExpired(now: Date): Promise<number> {
    const deleted = await this.#db
      .delete(sessions)
      .where(lt(sessions.expiresAt, now))
      .returning({ id: sessions.id });
    return deleted.length;
  }
}
