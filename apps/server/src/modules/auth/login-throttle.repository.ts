import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { loginFailures } from '../../db/schema.ts';
import {
  type FailureCount,
  type LoginCounts,
  type LoginKeys,
  type LoginWaits,
  retryAfterMs,
  THROTTLE,
  waitsOf,
  withOneMore,
} from './login-throttle.ts';

/** Where an admitted attempt was counted (so that it can be taken back), and the counts it made. */
export type CountedAttempt = Record<keyof LoginKeys, { key: string } & FailureCount>;

/** A refused attempt tells how long each limit holds the next one back. */
export type AttemptVerdict =
  | { admitted: true; counted: CountedAttempt }
  | { admitted: false; retryAfterMs: number; waits: LoginWaits };

class Refused extends Error {
  readonly retryAfterMs: number;
  readonly waits: LoginWaits;

  constructor(retryAfterMs: number, waits: LoginWaits) {
    super('login attempt refused');
    this.retryAfterMs = retryAfterMs;
    this.waits = waits;
  }
}

/** Counters are always locked in this order, so two attempts never wait for each other in a circle. */
const KINDS = ['pair', 'account', 'address'] as const;

/**
 * Login-attempt counters, kept in the database so that every portal instance sees the same counts.
 * An attempt is counted before its password is checked, and taken back when it proves to be right.
 */
export class LoginThrottleRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Counts one attempt under every key, or under none when the limits refuse it. The counters are
   * locked (created empty when missing) until the decision is stored, so concurrent attempts queue
   * here and each one sees the attempts counted before it. `waiveAddress`: the address may make this
   * attempt over its limit (LoginGate let it through); it is counted there all the same.
   */
  async countAttempt(keys: LoginKeys, now: Date, { waiveAddress = false } = {}): Promise<AttemptVerdict> {
    try {
      return await this.#db.transaction(async (tx) => {
        const rows = await tx
          .insert(loginFailures)
          .values(
            KINDS.map((kind) => ({ key: keys[kind], failures: 0, windowStartedAt: now, lastFailureAt: now })),
          )
          .onConflictDoUpdate({ target: loginFailures.key, set: { key: sql`excluded.key` } })
          .returning();
        const byKey = new Map(rows.map((row) => [row.key, row]));
        const counts: LoginCounts = Object.fromEntries(KINDS.map((kind) => [kind, byKey.get(keys[kind])]));
        const wait = retryAfterMs(counts, now, { waiveAddress });
        // Thrown to roll back: nothing of a refused attempt is kept, not even the counters made to lock.
        if (wait > 0) throw new Refused(wait, waitsOf(counts, now));
        const oneMore = (kind: keyof LoginKeys) => ({ key: keys[kind], ...withOneMore(counts[kind], now) });
        const counted = { pair: oneMore('pair'), account: oneMore('account'), address: oneMore('address') };
        await tx
          .insert(loginFailures)
          .values(KINDS.map((kind) => counted[kind]))
          .onConflictDoUpdate({
            target: loginFailures.key,
            set: {
              failures: sql`excluded.failures`,
              windowStartedAt: sql`excluded.window_started_at`,
              lastFailureAt: sql`excluded.last_failure_at`,
            },
          });
        return { admitted: true, counted } as const;
      });
    } catch (error) {
      if (error instanceof Refused) {
        return { admitted: false, retryAfterMs: error.retryAfterMs, waits: error.waits };
      }
      throw error;
    }
  }

  /**
   * The password was right: the pair's and the account's failures are forgiven, and the address gets
   * back the attempt it was charged (its other failures stay). One row per statement, so that these
   * never hold one counter while waiting for another, and cannot deadlock with `countAttempt`.
   */
  async succeeded(counted: CountedAttempt): Promise<void> {
    for (const key of [counted.pair.key, counted.account.key]) {
      await this.#db.delete(loginFailures).where(eq(loginFailures.key, key));
    }
    await this.#takeBack(counted.address);
  }

  /** The attempt was never judged (the server was busy): it is taken back everywhere. */
  async withdraw(counted: CountedAttempt): Promise<void> {
    for (const kind of KINDS) await this.#takeBack(counted[kind]);
  }

  /**
   * Deletes the counters whose window is over (housekeeping). Counters an attempt holds right now are skipped
   * (it is renewing them), so this never waits for a lock.
   */
  async pruneExpired(now: Date): Promise<void> {
    const expired = this.#db
      .select({ key: loginFailures.key })
      .from(loginFailures)
      .where(lte(loginFailures.windowStartedAt, new Date(now.getTime() - THROTTLE.windowMs)))
      .for('update', { skipLocked: true });
    await this.#db.delete(loginFailures).where(inArray(loginFailures.key, expired));
  }

  /** One attempt less, only in the window it was counted in: a window started since is not touched. */
  async #takeBack({ key, windowStartedAt }: { key: string; windowStartedAt: Date }): Promise<void> {
    await this.#db
      .update(loginFailures)
      .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
      .where(and(eq(loginFailures.key, key), eq(loginFailures.windowStartedAt, windowStartedAt)));
  }
}
