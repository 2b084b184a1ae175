import { and, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../shared/db-errors.ts';
import { gatewayPairingLimits, gatewayPairings } from './gateway-pairing.schema.ts';
import { PAIRING_LIMITS, type PairingCount } from './pairing-rules.ts';

export type PairingRow = typeof gatewayPairings.$inferSelect;

const WINDOW = sql.raw(`interval '${PAIRING_LIMITS.windowMs / 1000} seconds'`);

export class GatewayPairingRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Counts one request under `key`, in one statement so that concurrent requests each see the ones before them;
   * a window that is over starts again at this request.
   */
  async count(key: string, now: Date): Promise<PairingCount> {
    const current = gatewayPairingLimits;
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
    if (!row) throw new Error('counting a pairing request returned no row');
    return row;
  }

  /** Codes that may still be claimed now. */
  async liveCodes(now: Date): Promise<number> {
    const [row] = await this.#db
      .select({ live: count() })
      .from(gatewayPairings)
      .where(and(isNull(gatewayPairings.claimedAt), gt(gatewayPairings.expiresAt, now)));
    return row?.live ?? 0;
  }

  /** Stores a new code; false when the code is taken (the caller draws another). */
  async insert(values: typeof gatewayPairings.$inferInsert): Promise<boolean> {
    try {
      await this.#db.insert(gatewayPairings).values(values);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async findByCode(code: string): Promise<PairingRow | undefined> {
    const [row] = await this.#db.select().from(gatewayPairings).where(eq(gatewayPairings.code, code));
    return row;
  }

  /**
   * Claims a live, unclaimed code for a controller in one statement, so that of two claims at once one wins:
   * the key hash the gateway sent, or undefined when the code is unknown, expired or already used.
   */
  async claim(
    code: string,
    claim: { controllerId: number; board: string; webcam: string | null },
    now: Date,
  ): Promise<string | undefined> {
    const [row] = await this.#db
      .update(gatewayPairings)
      .set({ ...claim, claimedAt: now })
      .where(
        and(
          eq(gatewayPairings.code, code),
          isNull(gatewayPairings.claimedAt),
          gt(gatewayPairings.expiresAt, now),
        ),
      )
      .returning({ keyHash: gatewayPairings.keyHash });
    return row?.keyHash;
  }

  /** Deletes codes past their expiry (claimed ones a grace later) and counters whose window is over. */
  async pruneExpired(now: Date): Promise<void> {
    const graceStart = new Date(now.getTime() - PAIRING_LIMITS.claimedGraceMs);
    await this.#db.delete(gatewayPairings).where(lte(gatewayPairings.expiresAt, graceStart));
    await this.#db
      .delete(gatewayPairings)
      .where(and(isNull(gatewayPairings.claimedAt), lte(gatewayPairings.expiresAt, now)));
    const windowStart = new Date(now.getTime() - PAIRING_LIMITS.windowMs);
    const over = this.#db
      .select({ key: gatewayPairingLimits.key })
      .from(gatewayPairingLimits)
      .where(lte(gatewayPairingLimits.windowStartedAt, windowStart))
      .for('update', { skipLocked: true });
    await this.#db.delete(gatewayPairingLimits).where(inArray(gatewayPairingLimits.key, over));
  }
}
