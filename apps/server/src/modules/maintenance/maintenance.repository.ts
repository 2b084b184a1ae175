import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { machineGroups, machineTypes, users } from '../../db/schema.ts';
import {
  maintenanceDone,
  maintenanceOverrides,
  maintenanceReminders,
  maintenanceTasks,
} from './maintenance.schema.ts';

export type TaskRow = typeof maintenanceTasks.$inferSelect;
export type TaskValues = Omit<typeof maintenanceTasks.$inferInsert, 'id'>;
export type OverrideRow = typeof maintenanceOverrides.$inferSelect;
export type DoneValues = Omit<typeof maintenanceDone.$inferInsert, 'id'>;

/** A done record with its author's name (null once the user is gone). */
export type DoneRow = typeof maintenanceDone.$inferSelect & {
  byName: string | null;
  bySurname: string | null;
};

/** The parts of a machine group the maintenance rules read. */
export interface GroupRow {
  id: number;
  name: string;
  location: string;
  businessId: number;
  machineTypeId: number;
  computerControllerId: number;
  createdAt: Date;
}

/** The columns of a `GroupRow`, selected here and by the counters (maintenance-counters.repository.ts). */
export const groupColumns = {
  id: machineGroups.id,
  name: machineGroups.name,
  location: machineGroups.location,
  businessId: machineGroups.businessId,
  machineTypeId: machineGroups.machineTypeId,
  computerControllerId: machineGroups.computerControllerId,
  createdAt: machineGroups.createdAt,
};

/** A reminder to send once: a task's cycle on a machine group, and what it was when claimed. */
export interface ReminderClaim {
  taskId: number;
  machineGroupId: number;
  cycle: number;
  state: 'dueSoon' | 'overdue';
  sentAt: Date;
}

/** A reminder's identity: its task, machine group and cycle. */
export const reminderKey = (claim: Pick<ReminderClaim, 'taskId' | 'machineGroupId' | 'cycle'>): string =>
  `${claim.taskId}:${claim.machineGroupId}:${claim.cycle}`;

/** Maintenance plans, machine groups' overrides, the done log and the reminders claimed (docs/design.md §12). */
export class MaintenanceRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  listTasks(machineTypeId?: number): Promise<TaskRow[]> {
    return this.#db
      .select()
      .from(maintenanceTasks)
      .where(machineTypeId === undefined ? undefined : eq(maintenanceTasks.machineTypeId, machineTypeId))
      .orderBy(asc(maintenanceTasks.machineTypeId), asc(maintenanceTasks.name), asc(maintenanceTasks.id));
  }

  async task(id: number): Promise<TaskRow | undefined> {
    const [row] = await this.#db.select().from(maintenanceTasks).where(eq(maintenanceTasks.id, id));
    return row;
  }

  async machineTypeExists(id: number): Promise<boolean> {
    const [row] = await this.#db
      .select({ id: machineTypes.id })
      .from(machineTypes)
      .where(eq(machineTypes.id, id));
    return row !== undefined;
  }

  async insertTask(values: TaskValues): Promise<TaskRow> {
    const [row] = await this.#db.insert(maintenanceTasks).values(values).returning();
    if (!row) throw new Error('maintenance task not inserted');
    return row;
  }

  async updateTask(id: number, values: TaskValues): Promise<TaskRow | undefined> {
    const [row] = await this.#db
      .update(maintenanceTasks)
      .set(values)
      .where(eq(maintenanceTasks.id, id))
      .returning();
    return row;
  }

  async deleteTask(id: number): Promise<boolean> {
    const rows = await this.#db
      .delete(maintenanceTasks)
      .where(eq(maintenanceTasks.id, id))
      .returning({ id: maintenanceTasks.id });
    return rows.length > 0;
  }

  /** A machine group the viewer sees (`visibility` from machine-groups.policy.ts). */
  async group(id: number, visibility: SQL | undefined): Promise<GroupRow | undefined> {
    const [row] = await this.#db
      .select(groupColumns)
      .from(machineGroups)
      .where(and(eq(machineGroups.id, id), visibility));
    return row;
  }

  async upsertOverride(values: OverrideRow): Promise<OverrideRow> {
    const { machineGroupId, taskId, ...intervals } = values;
    const [row] = await this.#db
      .insert(maintenanceOverrides)
      .values(values)
      .onConflictDoUpdate({
        target: [maintenanceOverrides.machineGroupId, maintenanceOverrides.taskId],
        set: intervals,
      })
      .returning();
    if (!row) throw new Error(`override of task ${taskId} on group ${machineGroupId} not stored`);
    return row;
  }

  async deleteOverride(machineGroupId: number, taskId: number): Promise<boolean> {
    const rows = await this.#db
      .delete(maintenanceOverrides)
      .where(
        and(eq(maintenanceOverrides.machineGroupId, machineGroupId), eq(maintenanceOverrides.taskId, taskId)),
      )
      .returning({ taskId: maintenanceOverrides.taskId });
    return rows.length > 0;
  }

  async deleteOverridesOf(taskId: number): Promise<void> {
    await this.#db.delete(maintenanceOverrides).where(eq(maintenanceOverrides.taskId, taskId));
  }

  async insertDone(values: DoneValues): Promise<number> {
    const [row] = await this.#db.insert(maintenanceDone).values(values).returning({ id: maintenanceDone.id });
    if (!row) throw new Error('maintenance done record not inserted');
    return row.id;
  }

  doneRecords(ids: number[]): Promise<DoneRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.#db
      .select({ ...DONE_COLUMNS, byName: users.name, bySurname: users.surname })
      .from(maintenanceDone)
      .leftJoin(users, eq(users.id, maintenanceDone.doneBy))
      .where(inArray(maintenanceDone.id, ids));
  }

  /** The reminders claimed already, of one machine group or of all, as `task:group:cycle`. */
  async claimedReminders(machineGroupId?: number): Promise<Set<string>> {
    const rows = await this.#db
      .select({
        taskId: maintenanceReminders.taskId,
        machineGroupId: maintenanceReminders.machineGroupId,
        cycle: maintenanceReminders.cycle,
      })
      .from(maintenanceReminders)
      .where(
        machineGroupId === undefined ? undefined : eq(maintenanceReminders.machineGroupId, machineGroupId),
      );
    return new Set(rows.map((row) => reminderKey(row)));
  }

  /** Claims a reminder: true for the one caller whose row went in, false once it is claimed (by any instance). */
  async claimReminder(claim: ReminderClaim): Promise<boolean> {
    const rows = await this.#db
      .insert(maintenanceReminders)
      .values(claim)
      .onConflictDoNothing()
      .returning({ taskId: maintenanceReminders.taskId });
    return rows.length > 0;
  }

  /** The newest done records of a group (for the log beside the board's own). */
  doneLog(machineGroupId: number, limit: number): Promise<DoneRow[]> {
    return this.#db
      .select({ ...DONE_COLUMNS, byName: users.name, bySurname: users.surname })
      .from(maintenanceDone)
      .leftJoin(users, eq(users.id, maintenanceDone.doneBy))
      .where(eq(maintenanceDone.machineGroupId, machineGroupId))
      .orderBy(desc(maintenanceDone.doneAt), desc(maintenanceDone.id))
      .limit(limit);
  }
}

const DONE_COLUMNS = {
  id: maintenanceDone.id,
  taskId: maintenanceDone.taskId,
  machineGroupId: maintenanceDone.machineGroupId,
  doneAt: maintenanceDone.doneAt,
  doneBy: maintenanceDone.doneBy,
  note: maintenanceDone.note,
  parts: maintenanceDone.parts,
  recordedAt: maintenanceDone.recordedAt,
};
