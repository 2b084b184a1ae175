import { and, asc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { computerControllers, licenses, machineGroups, users } from '../../db/schema.ts';
import {
  containsPattern,
  filteredTotal,
  idOfText,
  offsetOf,
  type PageQuery,
  pageOrder,
  rowsWithTotal,
} from '../../shared/list-page.ts';
import { isTicketAuthor } from './ticket-authors.ts';
import { ticketAnswers, tickets } from './tickets.schema.ts';

/** A ticket with its machine group's name and location (null once the group is gone). */
export type TicketRow = typeof tickets.$inferSelect & {
  machineName: string | null;
  machineLocation: string | null;
};
export type TicketAnswerRow = typeof ticketAnswers.$inferSelect;
export type NewTicketRow = typeof tickets.$inferInsert;

/**
 * Sort keys of the contract's list query. "status" puts open tickets first (docs/product.md §2):
 * `not is_open` is false for them, so ascending order lists them before the closed ones.
 */
const SORT_COLUMNS = {
  status: sql`not ${tickets.isOpen}`,
  id: tickets.id,
  title: tickets.title,
} as const;

export interface TicketListFilter extends Omit<PageQuery, 'sort' | 'q'> {
  sort: keyof typeof SORT_COLUMNS;
  q?: string | undefined;
  machineGroupId?: number | undefined;
  isOpen?: boolean | undefined;
}

const ticketColumns = {
  ...getTableColumns(tickets),
  machineName: machineGroups.name,
  machineLocation: machineGroups.location,
};

export class TicketsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** One page of the tickets matching `visibility` (the policy's condition) and the filter. */
  async list(
    visibility: SQL | undefined,
    filter: TicketListFilter,
  ): Promise<{ rows: TicketRow[]; total: number }> {
    const where = and(visibility, ...this.#filters(filter));
    return rowsWithTotal(
      this.#db
        .select({ row: ticketColumns, total: filteredTotal() })
        .from(tickets)
        .leftJoin(machineGroups, eq(machineGroups.id, tickets.machineGroupId))
        .where(where)
        .orderBy(...pageOrder(SORT_COLUMNS[filter.sort], filter.order, tickets.id))
        .limit(filter.pageSize)
        .offset(offsetOf(filter)),
      filter,
      () => this.#db.$count(tickets, where),
    );
  }

  /** The ticket if it exists and `visibility` lets the viewer see it. */
  async findVisible(id: number, visibility: SQL | undefined): Promise<TicketRow | undefined> {
    const [row] = await this.#db
      .select(ticketColumns)
      .from(tickets)
      .leftJoin(machineGroups, eq(machineGroups.id, tickets.machineGroupId))
      .where(and(eq(tickets.id, id), visibility));
    return row;
  }

  async insert(ticket: NewTicketRow): Promise<number> {
    const [row] = await this.#db.insert(tickets).values(ticket).returning({ id: tickets.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  async setOpen(id: number, isOpen: boolean): Promise<void> {
    await this.#db.update(tickets).set({ isOpen }).where(eq(tickets.id, id));
  }

  /** Deletes the ticket; its answers go with it (ON DELETE CASCADE). */
  async delete(id: number): Promise<boolean> {
    const deleted = await this.#db.delete(tickets).where(eq(tickets.id, id)).returning({ id: tickets.id });
    return deleted.length > 0;
  }

  /** The thread, oldest first. */
  async answersOf(ticketId: number): Promise<TicketAnswerRow[]> {
    return this.#db
      .select()
      .from(ticketAnswers)
      .where(eq(ticketAnswers.ticketId, ticketId))
      .orderBy(asc(ticketAnswers.createdAt), asc(ticketAnswers.id));
  }

  async insertAnswer(answer: typeof ticketAnswers.$inferInsert): Promise<void> {
    await this.#db.insert(ticketAnswers).values(answer);
  }

  /** The users who wrote the ticket or one of its answers and still exist, by id. */
  async authorsOf(ticketId: number): Promise<{ id: number; name: string; surname: string }[]> {
    return this.#db
      .select({ id: users.id, name: users.name, surname: users.surname })
      .from(users)
      .where(isTicketAuthor(this.#db, ticketId))
      .orderBy(users.id);
  }

  /** A machine group the viewer sees (`visibility` on machine_groups), with its controller and licence. */
  async findRenewalFacts(id: number, visibility: SQL | undefined) {
    const [row] = await this.#db
      .select({
        businessId: machineGroups.businessId,
        machineName: machineGroups.name,
        location: machineGroups.location,
        controllerName: computerControllers.name,
        licenseId: licenses.id,
        activation: licenses.activation,
        expiry: licenses.expiryMs,
      })
      .from(machineGroups)
      .innerJoin(computerControllers, eq(computerControllers.id, machineGroups.computerControllerId))
      .leftJoin(licenses, eq(licenses.id, computerControllers.licenseId))
      .where(and(eq(machineGroups.id, id), visibility));
    return row;
  }

  /** The open ticket about the machine group with one of `titles` that `visibility` lets the viewer see. */
  async findOpenTitled(
    machineGroupId: number,
    titles: readonly string[],
    visibility: SQL | undefined,
  ): Promise<number | undefined> {
    const [row] = await this.#db
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.machineGroupId, machineGroupId),
          eq(tickets.isOpen, true),
          inArray(tickets.title, [...titles]),
          visibility,
        ),
      )
      .orderBy(asc(tickets.id))
      .limit(1);
    return row?.id;
  }

  /** The machine group a new ticket is about, if the viewer sees it (`visibility` on machine_groups). */
  async findGroup(id: number, visibility: SQL | undefined) {
    const [row] = await this.#db
      .select({ id: machineGroups.id, businessId: machineGroups.businessId })
      .from(machineGroups)
      .where(and(eq(machineGroups.id, id), visibility));
    return row;
  }

  #filters({ q, machineGroupId, isOpen }: TicketListFilter): (SQL | undefined)[] {
    const id = q ? idOfText(q) : undefined;
    return [
      machineGroupId === undefined ? undefined : eq(tickets.machineGroupId, machineGroupId),
      isOpen === undefined ? undefined : eq(tickets.isOpen, isOpen),
      q
        ? or(ilike(tickets.title, containsPattern(q)), id === undefined ? undefined : eq(tickets.id, id))
        : undefined,
    ];
  }
}
