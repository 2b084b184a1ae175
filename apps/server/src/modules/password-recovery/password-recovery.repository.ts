import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { type WindowCount, WindowCounter } from '../../shared/window-counter.ts';
import { passwordRecovery, passwordRecoveryLimits } from './password-recovery.schema.ts';
import { RECOVERY_LIMITS, type RecoveryKeys } from './recovery-rules.ts';

export type RecoveryRow = typeof passwordRecovery.$inferSelect;

/** A recovery link found by its token, with the address of its user now. */
export interface RecoveryWithEmail extends RecoveryRow {
  email: string;
}

export class PasswordRecoveryRepository {
  readonly #db: Database;
  readonly #limits: WindowCounter;

  constructor(db: Database) {
    this.#db = db;
    this.#limits = new WindowCounter(db, passwordRecoveryLimits, RECOVERY_LIMITS.windowMs);
  }

  /** Counts one request under each of its keys, in their fixed windows. */
  async countRequest(keys: RecoveryKeys, now: Date): Promise<Record<keyof RecoveryKeys, WindowCount>> {
    return {
      email: await this.#limits.count(keys.email, now),
      client: await this.#limits.count(keys.client, now),
    };
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
    await this.#db.delete(passwordRecovery).where(lte(passwordRecovery.expiresAt, now));
    await this.#limits.pruneOver(now);
  }
}
