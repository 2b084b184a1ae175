import { SESSION_MAX_HOURS } from '@portal/contract';
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { portalSettings, twoFactorRecoveryCodes, twoFactors } from './auth.schema.ts';

export interface TwoFactorRow {
  secret: string;
  enabledAt: Date | null;
}

/** Users' second factors, their recovery codes, and the portal's requirement (docs/design.md §10). */
export class TwoFactorRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async find(userId: number): Promise<TwoFactorRow | undefined> {
    const [row] = await this.#db
      .select({ secret: twoFactors.secret, enabledAt: twoFactors.enabledAt })
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId));
    return row;
  }

  /** A set-up in progress replaces the one before; a second factor already on stays (false then). */
  async startSetup(userId: number, secret: string): Promise<boolean> {
    const rows = await this.#db
      .insert(twoFactors)
      .values({ userId, secret })
      .onConflictDoUpdate({
        target: twoFactors.userId,
        set: { secret, lastStep: null },
        setWhere: isNull(twoFactors.enabledAt),
      })
      .returning({ userId: twoFactors.userId });
    return rows.length > 0;
  }

  /**
   * Takes the time step of an accepted code, once: false when that step (or a later one) was taken already, so a
   * code seen over a shoulder or replayed is refused within its window.
   */
  async takeStep(userId: number, step: number): Promise<boolean> {
    const rows = await this.#db
      .update(twoFactors)
      .set({ lastStep: step })
      .where(
        and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastStep), lt(twoFactors.lastStep, step))),
      )
      .returning({ userId: twoFactors.userId });
    return rows.length > 0;
  }

  /** Turns a pending set-up on with its recovery codes (hashed), in one transaction. */
  async enable(userId: number, codeHashes: string[], now: Date): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const rows = await tx
        .update(twoFactors)
        .set({ enabledAt: now })
        .where(and(eq(twoFactors.userId, userId), isNull(twoFactors.enabledAt)))
        .returning({ userId: twoFactors.userId });
      if (rows.length === 0) return false;
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      return true;
    });
  }

  /** Uses up a recovery code: true once, when it was one of the user's (a second use finds it gone). */
  async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    const rows = await this.#db
      .delete(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash)))
      .returning({ userId: twoFactorRecoveryCodes.userId });
    return rows.length > 0;
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, userId));
    return row?.n ?? 0;
  }

  /** Removes the second factor (on or pending) and its recovery codes; whether one was on. */
  async remove(userId: number): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      const rows = await tx
        .delete(twoFactors)
        .where(eq(twoFactors.userId, userId))
        .returning({ enabledAt: twoFactors.enabledAt });
      return rows.some((row) => row.enabledAt !== null);
    });
  }

  /** Whether the user has a second factor on. */
  async isEnabled(userId: number): Promise<boolean> {
    const [row] = await this.#db
      .select({ userId: twoFactors.userId })
      .from(twoFactors)
      .where(and(eq(twoFactors.userId, userId), isNotNull(twoFactors.enabledAt)));
    return row !== undefined;
  }

  async required(): Promise<boolean> {
    const [row] = await this.#db.select({ required: portalSettings.twoFactorRequired }).from(portalSettings);
    return row?.required ?? false;
  }

  async saveRequired(required: boolean): Promise<void> {
    await this.#db
      .insert(portalSettings)
      .values({ id: 1, sessionMaxHours: SESSION_MAX_HOURS.default, twoFactorRequired: required })
      .onConflictDoUpdate({ target: portalSettings.id, set: { twoFactorRequired: required } });
  }
}
