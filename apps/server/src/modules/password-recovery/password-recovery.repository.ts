import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { passwordRecovery, passwordRecoveryLimits } from './password-recovery.schema.ts';
import { RECOVERY_LIMITS, type RecoveryKeys, type RequestCount } from './recovery-rules.ts';

export type RecoveryRow = typeof passwordRecovery.$inferSelect;

/** A recovery link found by its token, with the address of its user now. */
export interface RecoveryWithEmail extends RecoveryRow {
  email: string;
}

const WINDOW = sql.raw(`interval '${RECOVERY_LIMITS.windowMs / 1000} seconds'`);

export class PasswordRecoveryRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Counts one request under each key, in one statement per key so that concurrent requests each see the
   * ones before them; a window that is over starts again at this request.
   */
  async countRequest(keys: RecoveryKeys, now: Date): Promise<Record<keyof RecoveryKeys, RequestCount>> {
    const count = async (key: string): Promise<RequestCount> => {
      const current = passwordRecoveryLimits;
      const windowOver = sql`${current.windowStartedAt} <= excluded.window_started_at - ${WINDOW}`;
      const [row] = await this.#db
        .insert(current)
        .values({ key, requests: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: current.key,
          set: {
            requests: sql`case when ${windowOver} then 1 else ${current.requests} + 1 end`,
            windowStartedAt: sql`case when ${windowOver} then excluded.window_started_at else ${current.windowStartedAt} end`,
          },
        })
        .returning({ requests: current.requests, windowStartedAt: current.windowStartedAt });
      if (!row) throw new Error('counting a recovery request returned no row');
      return row;
    };
    return { email: await count(keys.email), client: await count(keys.client) };
  }

  /** A new link for a user, replacing every earlier link of theirs (used or not). */
  async replaceFor(userId: number, tokenHash: string, createdAt: Date, expiresAt: Date): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx.delete(passwordRecovery).where(eq(passwordRecovery.userId, userId));
      await tx.insert(passwordRecovery).values({ userId, tokenHash, createdAt, expiresAt });
    });
  }

  async findByTokenHash(tokenHash: string): Promise<RecoveryWithEmail | undefined> {
    const [row] = await this.#db
      .select({ recovery: passwordRecovery, email: users.email })
      .from(passwordRecovery)
      .innerJoin(users, eq(users.id, passwordRecovery.userId))
      .where(eq(passwordRecovery.tokenHash, tokenHash));
    return row ? { ...row.recovery, email: row.email } : undefined;
  }

  /** Marks a link used unless it already is: true for the one request that gets to use it. */
  async markUsed(id: number, at: Date): Promise<boolean> {
    const used = await this.#db
      .update(passwordRecovery)
      .set({ usedAt: at })
      .where(and(eq(passwordRecovery.id, id), isNull(passwordRecovery.usedAt)))
      .returning({ id: passwordRecovery.id });
    return used.length > 0;
  }

  /** Deletes expired links and counters whose window is over (housekeeping). */
  async pruneExpired(now: Date): Promise<void> {
    const windowStart = new Date(now.getTime() - RECOVERY_LIMITS.windowMs);
    await this.#db.delete(passwordRecovery).where(lte(passwordRecovery.expiresAt, now));
    const over = this.#db
      .select({ key: passwordRecoveryLimits.key })
      .from(passwordRecoveryLimits)
      .where(lte(passwordRecoveryLimits.windowStartedAt, windowStart))
      .for('update', { skipLocked: true });
    await this.#db.delete(passwordRecoveryLimits).where(inArray(passwordRecoveryLimits.key, over));
  }
}
