import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { machineGroups } from '../../db/schema.ts';
import { ticketIdsOf } from '../machine-groups/machine-groups.repository.ts';
import { machineGroupUsers } from './users.schema.ts';

export type MachineGroupRow = typeof machineGroups.$inferSelect;

/** Which machine groups a user has been given access to (`machine_group_users`). */
export class UserMachinesRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The ticket ids of each group, by group id (a machine group's `issues`). */
  issuesOf(groupIds: readonly number[]): Promise<Map<number, number[]>> {
    return ticketIdsOf(this.#db, groupIds);
  }

  /** The user's machine groups within `scope` (what the viewer may see), by id. */
  async listAssigned(userId: number, scope: SQL | undefined): Promise<MachineGroupRow[]> {
    const rows = await this.#db
      .select({ group: machineGroups })
      .from(machineGroups)
      .innerJoin(machineGroupUsers, eq(machineGroupUsers.machineGroupId, machineGroups.id))
      .where(and(eq(machineGroupUsers.userId, userId), scope))
      .orderBy(asc(machineGroups.id));
    return rows.map((row) => row.group);
  }

  async findMachineGroup(id: number, scope: SQL | undefined): Promise<MachineGroupRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(machineGroups)
      .where(and(eq(machineGroups.id, id), scope));
    return row;
  }

  /** Whether the access is new (false when the user had it already). */
  async assign(userId: number, machineGroupId: number): Promise<boolean> {
    const added = await this.#db
      .insert(machineGroupUsers)
      .values({ userId, machineGroupId })
      .onConflictDoNothing()
      .returning({ userId: machineGroupUsers.userId });
    return added.length > 0;
  }

  /** Whether the user had that access. */
  async unassign(userId: number, machineGroupId: number): Promise<boolean> {
    const removed = await this.#db
      .delete(machineGroupUsers)
      .where(and(eq(machineGroupUsers.userId, userId), eq(machineGroupUsers.machineGroupId, machineGroupId)))
      .returning({ userId: machineGroupUsers.userId });
    return removed.length > 0;
  }
}
