import type { Page, userListQuerySchema } from '@portal/contract';
import { and, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { businesses } from '../../db/schema.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../shared/db-errors.ts';
import {
  containsPattern,
  filteredTotal,
  offsetOf,
  pageOrder,
  rowsWithTotal,
} from '../../shared/list-page.ts';
import { users } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'name'
    | 'surname'
    | 'role'
    | 'enabled'
    | 'passwordHash'
    | 'lastPasswordChange'
    | 'staffSetAt'
    | 'ticketNotifications'
    | 'machineNotifications'
  >
>;

/** A user as lists show them: everything but the password hash, which a list never needs to read. */
export type ListedUserRow = Omit<UserRow, 'passwordHash'>;
const { passwordHash: _hash, ...listedColumns } = getTableColumns(users);

/** A user as the login and the session checks need it: with the state of their business. */
export interface UserWithBusinessState extends UserRow {
  businessActive: boolean;
}

/** One page of the users list: the caller's scope (SQL) and the query the person sent. */
export interface UserPageRequest {
  scope: SQL | undefined;
  query: z.output<typeof userListQuerySchema>;
}

/** Why a write was refused by the database rather than done. */
export type WriteRefusal = 'emailTaken' | 'inUse';

const SORT_COLUMNS = {
  id: users.id,
  email: users.email,
  name: users.name,
  surname: users.surname,
  role: users.role,
  business: users.businessId,
} as const;

/** Reads of one user by id, the most frequent of the API (every user page, the slicer's token check), prepared once. */
const prepareReads = (db: Database) => ({
  byId: db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_by_id'),
  withBusinessStateById: db
    .select({ user: users, businessActive: businesses.active })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_with_business_state_by_id'),
});

export class UsersRepository {
  readonly #db: Database;
  readonly #reads: ReturnType<typeof prepareReads>;

  constructor(db: Database) {
    this.#db = db;
    this.#reads = prepareReads(db);
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.#reads.byId.execute({ id });
    return row;
  }

  async findWithBusinessStateById(id: number): Promise<UserWithBusinessState | undefined> {
    const [row] = await this.#reads.withBusinessStateById.execute({ id });
    return row && { ...row.user, businessActive: row.businessActive };
  }

  async findWithBusinessStateByEmail(email: string): Promise<UserWithBusinessState | undefined> {
    return this.#findWithBusinessState(eq(users.email, email.toLowerCase()));
  }

  /** One page in a stable order (ties broken by id), filtered on email, name and surname. */
  async findPage({ scope, query }: UserPageRequest): Promise<Page<ListedUserRow>> {
    const pattern = query.q ? containsPattern(query.q) : undefined;
    const where = and(
      scope,
      query.business === undefined ? undefined : eq(users.businessId, query.business),
      pattern === undefined
        ? undefined
        : or(ilike(users.email, pattern), ilike(users.name, pattern), ilike(users.surname, pattern)),
    );
    const column = SORT_COLUMNS[query.sort];
    const { rows, total } = await rowsWithTotal(
      this.#db
        .select({ row: listedColumns, total: filteredTotal() })
        .from(users)
        .where(where)
        .orderBy(...pageOrder(column, query.order, users.id))
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      query,
      () => this.#db.$count(users, where),
    );
    return { items: rows, total, page: query.page, pageSize: query.pageSize };
  }

  async businessExists(id: number): Promise<boolean> {
    return (await this.#db.$count(businesses, eq(businesses.id, id))) > 0;
  }

  async emailTaken(email: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.#db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    return row !== undefined && row.id !== exceptId;
  }

  async insert(user: NewUserRow): Promise<UserRow> {
    const [row] = await this.#db
      .insert(users)
      .values({ ...user, email: user.email.toLowerCase() })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** Inserts a user unless the email is already taken (checked by the unique index, so races lose too). */
  async insertUnique(user: NewUserRow): Promise<UserRow | 'emailTaken'> {
    const [row] = await this.#db
      .insert(users)
      .values({ ...user, email: user.email.toLowerCase() })
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row ?? 'emailTaken';
  }

  /** Undefined when the user no longer exists. */
  async update(id: number, changes: UserChanges): Promise<UserRow | WriteRefusal | undefined> {
    const values = changes.email === undefined ? changes : { ...changes, email: changes.email.toLowerCase() };
    try {
      const [row] = await this.#db.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return 'emailTaken';
      throw error;
    }
  }

  /**
   * Deletes a user; addresses, contacts, machine assignments and sessions go with it (cascades). A row
   * elsewhere that must keep its user refuses the whole delete, which then changes nothing.
   */
  async delete(id: number): Promise<boolean | WriteRefusal> {
    try {
      const deleted = await this.#db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return deleted.length > 0;
    } catch (error) {
      if (isForeignKeyViolation(error)) return 'inUse';
      throw error;
    }
  }

  async count(): Promise<number> {
    return this.#db.$count(users);
  }

  async #findWithBusinessState(where: SQL): Promise<UserWithBusinessState | undefined> {
    const [row] = await this.#db
      .select({ user: users, businessActive: businesses.active })
      .from(users)
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(where);
    return row ? { ...row.user, businessActive: row.businessActive } : undefined;
  }
}
