import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** A user as the login and the session checks need it: with the state of their business. */
export interface UserWithBusinessState extends UserRow {
  businessActive: boolean;
}

export class UsersRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.#db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findWithBusinessStateById(id: number): Promise<UserWithBusinessState | undefined> {
    return this.#findWithBusinessState(eq(users.id, id));
  }

  async findWithBusinessStateByEmail(email: string): Promise<UserWithBusinessState | undefined> {
    return this.#findWithBusinessState(eq(users.email, email.toLowerCase()));
  }

  async insert(user: NewUserRow): Promise<UserRow> {
    const [row] = await this.#db
      .insert(users)
      .values({ ...user, email: user.email.toLowerCase() })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async count(): Promise<number> {
    return this.#db.$count(users);
  }

  async #findWithBusinessState(where: ReturnType<typeof eq>): Promise<UserWithBusinessState | undefined> {
    const [row] = await this.#db
      .select({ user: users, businessActive: businesses.active })
      .from(users)
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(where);
    return row ? { ...row.user, businessActive: row.businessActive } : undefined;
  }
}
