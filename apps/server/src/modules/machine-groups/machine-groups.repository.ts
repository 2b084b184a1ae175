import { and, asc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { boardTypes, businesses, machineGroupUsers, machineTypes, tickets, users } from '../../db/schema.ts';
import {
  containsPattern,
  filteredTotal,
  idOfText,
  offsetOf,
  type PageQuery,
  pageOrder,
  rowsWithTotal,
} from '../../shared/list-page.ts';
import { computerControllers, machineGroups } from './machine-groups.schema.ts';

export type MachineGroupRow = typeof machineGroups.$inferSelect;
export type NewMachineGroupRow = typeof machineGroups.$inferInsert;
export type MachineGroupChanges = Partial<
  Pick<MachineGroupRow, 'name' | 'location' | 'description' | 'firmware' | 'machineTypeId'>
>;

/** Sort keys of the contract's list query and the columns they order by. */
const SORT_COLUMNS = {
  id: machineGroups.id,
  name: machineGroups.name,
  location: machineGroups.location,
  business: machineGroups.businessId,
} as const;

export interface MachineGroupListFilter extends Omit<PageQuery, 'sort' | 'q'> {
  sort: keyof typeof SORT_COLUMNS;
  q?: string | undefined;
  businessId?: number | undefined;
}

export interface MachineGroupUserRow {
  id: number;
  name: string;
  surname: string;
  business: number;
  businessName: string;
}

/** A transaction or the database: what the write paths run on. */
type Runner = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * The ids of the tickets about each of `groupIds` (a machine group's `issues`), by id. Whoever sees a
 * group sees every ticket about it (docs/design.md §3), so the list needs no viewer.
 */
export async function ticketIdsOf(db: Runner, groupIds: readonly number[]): Promise<Map<number, number[]>> {
  const byGroup = new Map<number, number[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select({ id: tickets.id, groupId: tickets.machineGroupId })
    .from(tickets)
    .where(inArray(tickets.machineGroupId, [...groupIds]))
    .orderBy(asc(tickets.id));
  for (const { id, groupId } of rows) {
    if (groupId !== null) byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), id]);
  }
  return byGroup;
}

export class MachineGroupsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** One page of the groups matching `visibility` (the policy's condition) and the filter. */
  async list(
    visibility: SQL | undefined,
    filter: MachineGroupListFilter,
  ): Promise<{ rows: MachineGroupRow[]; total: number }> {
    const where = and(visibility, ...this.#filters(filter));
    return rowsWithTotal(
      this.#db
        .select({ row: machineGroups, total: filteredTotal() })
        .from(machineGroups)
        .where(where)
        .orderBy(...pageOrder(SORT_COLUMNS[filter.sort], filter.order, machineGroups.id))
        .limit(filter.pageSize)
        .offset(offsetOf(filter)),
      filter,
      () => this.#db.$count(machineGroups, where),
    );
  }

  /** The group if it exists and `visibility` lets the viewer see it. */
  async findVisible(id: number, visibility: SQL | undefined): Promise<MachineGroupRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(machineGroups)
      .where(and(eq(machineGroups.id, id), visibility));
    return row;
  }

  async findByControllerId(controllerId: number, db: Runner = this.#db) {
    const [row] = await db
      .select()
      .from(machineGroups)
      .where(eq(machineGroups.computerControllerId, controllerId));
    return row;
  }

  /** The ticket ids of each group, by group id. */
  issuesOf(groupIds: readonly number[]): Promise<Map<number, number[]>> {
    return ticketIdsOf(this.#db, groupIds);
  }

  async machineTypeExists(id: number): Promise<boolean> {
    return (await this.#db.$count(machineTypes, eq(machineTypes.id, id))) > 0;
  }

  async boardTypeExists(id: number): Promise<boolean> {
    return (await this.#db.$count(boardTypes, eq(boardTypes.id, id))) > 0;
  }

  async businessExists(id: number): Promise<boolean> {
    return (await this.#db.$count(businesses, eq(businesses.id, id))) > 0;
  }

  async findController(id: number, db: Runner = this.#db) {
    const [row] = await db
      .select({ id: computerControllers.id, businessId: computerControllers.businessId })
      .from(computerControllers)
      .where(eq(computerControllers.id, id));
    return row;
  }

  /** Runs `work` in one transaction: a rule checked inside it cannot be broken by a concurrent write. */
  transaction<T>(work: (tx: Runner) => Promise<T>): Promise<T> {
    return this.#db.transaction(work);
  }

  async insert(group: NewMachineGroupRow, db: Runner = this.#db): Promise<MachineGroupRow> {
    const [row] = await db.insert(machineGroups).values(group).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async update(
    id: number,
    changes: MachineGroupChanges & { computerControllerId?: number; businessId?: number },
    db: Runner = this.#db,
  ): Promise<MachineGroupRow | undefined> {
    const [row] =
      Object.keys(changes).length === 0
        ? await db.select().from(machineGroups).where(eq(machineGroups.id, id))
        : await db.update(machineGroups).set(changes).where(eq(machineGroups.id, id)).returning();
    return row;
  }

  /**
   * Moves the group's controller to `businessId` with the group. The licence stays with the business
   * that holds it (licences belong to a business), so the controller loses it.
   */
  async moveController(controllerId: number, businessId: number, db: Runner): Promise<void> {
    await db
      .update(computerControllers)
      .set({ businessId, licenseId: null })
      .where(eq(computerControllers.id, controllerId));
  }

  /** Ends the access of every assigned user who does not belong to `businessId`. */
  async removeAssignmentsOutside(groupId: number, businessId: number, db: Runner): Promise<void> {
    const outsiders = db.select({ id: users.id }).from(users).where(ne(users.businessId, businessId));
    await db
      .delete(machineGroupUsers)
      .where(
        and(eq(machineGroupUsers.machineGroupId, groupId), inArray(machineGroupUsers.userId, outsiders)),
      );
  }

  /** Deletes the group; its assignments go with it (ON DELETE CASCADE). */
  async delete(id: number): Promise<boolean> {
    const deleted = await this.#db
      .delete(machineGroups)
      .where(eq(machineGroups.id, id))
      .returning({ id: machineGroups.id });
    return deleted.length > 0;
  }

  /** The users assigned to the group, with their business's name, by id. */
  async usersOf(groupId: number): Promise<MachineGroupUserRow[]> {
    return this.#db
      .select({
        id: users.id,
        name: users.name,
        surname: users.surname,
        business: users.businessId,
        businessName: businesses.name,
      })
      .from(machineGroupUsers)
      .innerJoin(users, eq(users.id, machineGroupUsers.userId))
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(eq(machineGroupUsers.machineGroupId, groupId))
      .orderBy(users.id);
  }

  /** Assigns users to a group (seeding; the users module owns the call that does it through the API). */
  async assign(groupId: number, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.#db
      .insert(machineGroupUsers)
      .values(userIds.map((userId) => ({ machineGroupId: groupId, userId })))
      .onConflictDoNothing();
  }

  #filters({ q, businessId }: MachineGroupListFilter): (SQL | undefined)[] {
    const id = q ? idOfText(q) : undefined;
    return [
      businessId === undefined ? undefined : eq(machineGroups.businessId, businessId),
      q
        ? or(
            ilike(machineGroups.name, containsPattern(q)),
            ilike(machineGroups.location, containsPattern(q)),
            id === undefined ? undefined : eq(machineGroups.id, id),
          )
        : undefined,
    ];
  }
}
