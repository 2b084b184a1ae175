import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses, users } from '../../db/schema.ts';
import { apiTokenGenerations, apiTokenRevocations } from './slicer-access.schema.ts';

/** What checking a token at use needs, read in one query: its user now, and the token state of user and controller. */
export interface TokenStateRow {
  role: number;
  businessId: number;
  enabled: boolean;
  businessActive: boolean;
  generation: number | null;
  revokedBefore: Date | null;
}

export class SlicerAccessRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Starts a new generation for the user and controller (1 the first time) and returns it. */
  async nextGeneration(userId: number, controllerId: number): Promise<number> {
    const [row] = await this.#db
      .insert(apiTokenGenerations)
      .values({ userId, computerControllerId: controllerId, generation: 1 })
      .onConflictDoUpdate({
        target: [apiTokenGenerations.userId, apiTokenGenerations.computerControllerId],
        set: { generation: sql`${apiTokenGenerations.generation} + 1` },
      })
      .returning({ generation: apiTokenGenerations.generation });
    if (!row) throw new Error('the token generation was not written');
    return row.generation;
  }

  /** Revoke-all: every token of the user issued before `at` stops, and every generation moves on. */
  async revokeAll(userId: number, at: Date): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx
        .insert(apiTokenRevocations)
        .values({ userId, revokedBefore: at })
        .onConflictDoUpdate({ target: apiTokenRevocations.userId, set: { revokedBefore: at } });
      await tx
        .update(apiTokenGenerations)
        .set({ generation: sql`${apiTokenGenerations.generation} + 1` })
        .where(eq(apiTokenGenerations.userId, userId));
    });
  }

  /** The user with their business state and token state for the controller; undefined when the user is gone. */
  async findTokenState(userId: number, controllerId: number): Promise<TokenStateRow | undefined> {
    const [row] = await this.#db
      .select({
        role: users.role,
        businessId: users.businessId,
        enabled: users.enabled,
        businessActive: businesses.active,
        generation: apiTokenGenerations.generation,
        revokedBefore: apiTokenRevocations.revokedBefore,
      })
      .from(users)
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .leftJoin(
        apiTokenGenerations,
        and(
          eq(apiTokenGenerations.userId, users.id),
          eq(apiTokenGenerations.computerControllerId, controllerId),
        ),
      )
      .leftJoin(apiTokenRevocations, eq(apiTokenRevocations.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  }
}
