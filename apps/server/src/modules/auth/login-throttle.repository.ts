import { and, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { loginFailures } from './auth.schema.ts';
import {
  type Admission,
  admissionOf,
  deviceAdmissionOf,
  type FailureCount,
  type LoginCounts,
  type LoginKeys,
  THROTTLE,
  withOneMoreInFlight,
} from './login-throttle.ts';

/** A refused attempt tells how long to wait, what the confirmed failures decide, and whether it met the cap in flight. */
export type AttemptVerdict = { admitted: true } | Exclude<Admission, { admitted: true }>;

class Refused extends Error {
  readonly verdict: AttemptVerdict;

  constructor(verdict: AttemptVerdict) {
    super('login attempt refused');
    this.verdict = verdict;
  }
}

/** Counters are always locked in this order, so two attempts never wait for each other in a circle. */
const KINDS = ['pair', 'account', 'address'] as const;

const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;
const oneLess = sql`greatest(${loginFailures.inFlight} - 1, 0)`;

/**
 * Login-attempt counters, kept in the database so that every portal instance sees the same counts. An admitted
 * attempt is counted in flight (not as a failure) under its three keys until its password is checked: then it
 * leaves the count in flight, as a failure when the password was wrong.
 */
export class LoginThrottleRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Admits one attempt, counted in flight under every key, or refuses it, counting nothing. The counters are
   * locked (created empty when missing) until the decision is stored, so concurrent attempts queue here and
   * each one sees the attempts admitted before it. `waiveAddress`: the address may make this attempt over its
   * limit (LoginGate let it through); it is counted in flight there all the same. `knownPair`: the account has
   * logged in from this address (LoginGate), so the address's bound on attempts in flight does not apply.
   */
  async countAttempt(
    keys: LoginKeys,
    now: Date,
    { waiveAddress = false, knownPair = false } = {},
  ): Promise<AttemptVerdict> {
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
        const admission = admissionOf(counts, now, { waiveAddress, knownPair });
        // Thrown to roll back: nothing of a refused attempt is kept, not even the counters made to lock.
        if (!admission.admitted) throw new Refused(admission);
        await tx
          .insert(loginFailures)
          .values(
            KINDS.map((kind) => {
              const count = counts[kind] as FailureCount;
              return { key: keys[kind], ...count, ...withOneMoreInFlight(count, now) };
            }),
          )
          .onConflictDoUpdate({
            target: loginFailures.key,
            set: { inFlight: sql`excluded.in_flight`, inFlightUntil: sql`excluded.in_flight_until` },
          });
        return { admitted: true } as const;
      });
    } catch (error) {
      if (error instanceof Refused) return error.verdict;
      throw error;
    }
  }

  /**
   * The password was wrong: the attempt leaves the count in flight and is a failure under every key (a window
   * that is over starts again). One row per statement, so that this never holds one counter while waiting for
   * another and cannot deadlock with `countAttempt`. Answers the counts, for the gate to remember what they refuse.
   */
  async failed(keys: LoginKeys, now: Date): Promise<LoginCounts> {
    const counts: LoginCounts = {};
    for (const kind of KINDS) counts[kind] = await this.#fail(keys[kind], now);
    return counts;
  }

  /**
   * Admits one attempt of a known device under its own budget (`deviceKey`), counted in flight there alone, or
   * refuses it, counting nothing; `spentForMs` > 0: the device's failures have spent its budget for that long.
   */
  async countDeviceAttempt(
    deviceKey: string,
    now: Date,
  ): Promise<{ admitted: true } | { admitted: false; spentForMs: number }> {
    return this.#db.transaction(async (tx) => {
      const [row] = await tx
        .insert(loginFailures)
        .values({ key: deviceKey, failures: 0, windowStartedAt: now, lastFailureAt: now })
        .onConflictDoUpdate({ target: loginFailures.key, set: { key: sql`excluded.key` } })
        .returning();
      const admission = deviceAdmissionOf(row, now);
      if (!admission.admitted) return admission;
      await tx
        .update(loginFailures)
        .set(withOneMoreInFlight(row, now))
        .where(eq(loginFailures.key, deviceKey));
      return admission;
    });
  }

  /** A known device's password or code was wrong: a failure of the device alone. Answers its count. */
  deviceFailed(deviceKey: string, now: Date): Promise<FailureCount | undefined> {
    return this.#fail(deviceKey, now);
  }

  /** A known device's sign-in was right: its own failures are forgiven (the account's are not: the flood's stay). */
  async deviceSucceeded(deviceKey: string, now: Date): Promise<void> {
    await this.#db
      .update(loginFailures)
      .set({ failures: 0, windowStartedAt: now, lastFailureAt: now, inFlight: oneLess })
      .where(eq(loginFailures.key, deviceKey));
  }

  /** A known device's attempt was never judged, or needs a second step: it only leaves the count in flight. */
  async deviceWithdraw(deviceKey: string): Promise<void> {
    await this.#leave(deviceKey);
  }

  /** One more failure under `key`, and one attempt less in flight (a window that is over starts again). */
  async #fail(key: string, now: Date): Promise<FailureCount | undefined> {
    const live = sql`${loginFailures.windowStartedAt} > ${at(new Date(now.getTime() - THROTTLE.windowMs))}`;
    const [row] = await this.#db
      .insert(loginFailures)
      .values({ key, failures: 1, windowStartedAt: now, lastFailureAt: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${live} then ${loginFailures.failures} + 1 else 1 end`,
          windowStartedAt: sql`case when ${live} then ${loginFailures.windowStartedAt} else ${at(now)} end`,
          lastFailureAt: now,
          inFlight: oneLess,
        },
      })
      .returning();
    return row;
  }

  /**
   * The password was right: the attempt leaves the count in flight, the pair's and the account's failures are
   * forgiven, the address's stay. One transaction (one commit: this is every sign-in's path) that locks the rows
   * in `countAttempt`'s order, so the two cannot wait for each other in a circle. Answers the address's count.
   */
  async succeeded(keys: LoginKeys, now: Date): Promise<FailureCount | undefined> {
    return this.#db.transaction(async (tx) => {
      for (const key of [keys.pair, keys.account]) {
        await tx
          .update(loginFailures)
          .set({ failures: 0, windowStartedAt: now, lastFailureAt: now, inFlight: oneLess })
          .where(eq(loginFailures.key, key));
      }
      const [address] = await tx
        .update(loginFailures)
        .set({ inFlight: oneLess })
        .where(eq(loginFailures.key, keys.address))
        .returning();
      return address;
    });
  }

  /** The attempt was never judged (the server was busy, or failed): it only leaves the count in flight. */
  async withdraw(keys: LoginKeys): Promise<void> {
    for (const kind of KINDS) await this.#leave(keys[kind]);
  }

  /**
   * Deletes the counters whose window is over and that hold no attempt in flight (housekeeping). Counters an
   * attempt holds right now are skipped (it is renewing them), so this never waits for a lock.
   */
  async pruneExpired(now: Date): Promise<void> {
    const expired = this.#db
      .select({ key: loginFailures.key })
      .from(loginFailures)
      .where(
        and(
          lte(loginFailures.windowStartedAt, new Date(now.getTime() - THROTTLE.windowMs)),
          or(
            eq(loginFailures.inFlight, 0),
            isNull(loginFailures.inFlightUntil),
            lte(loginFailures.inFlightUntil, now),
          ),
        ),
      )
      .for('update', { skipLocked: true });
    await this.#db.delete(loginFailures).where(inArray(loginFailures.key, expired));
  }

  /** One attempt less in flight under `key`. */
  async #leave(key: string): Promise<FailureCount | undefined> {
    const [row] = await this.#db
      .update(loginFailures)
      .set({ inFlight: oneLess })
      .where(eq(loginFailures.key, key))
      .returning();
    return row;
  }
}
