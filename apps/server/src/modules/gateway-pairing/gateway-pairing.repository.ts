import { and, count, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../shared/db-errors.ts';
import { type WindowCount, WindowCounter } from '../../shared/window-counter.ts';
import { gatewayPairingLimits, gatewayPairings } from './gateway-pairing.schema.ts';
import { PAIRING_LIMITS } from './pairing-rules.ts';

export type PairingRow = typeof gatewayPairings.$inferSelect;

export class GatewayPairingRepository {
  readonly #db: Database;
  readonly #limits: WindowCounter;

  constructor(db: Database) {
    this.#db = db;
    this.#limits = new WindowCounter(db, gatewayPairingLimits, PAIRING_LIMITS.windowMs);
  }

  /** Counts one pairing request or claim under `key`, in its fixed window. */
  count(key: string, now: Date): Promise<WindowCount> {
    return this.#limits.count(key, now);
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
    await this.#limits.pruneOver(now);
  }
}
