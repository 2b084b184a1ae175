import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { machineGroups, users } from '../../db/schema.ts';
import { containsPattern, filteredTotal, rowsWithTotal } from '../../shared/list-page.ts';
import { activityChain, activityRecords } from './activity.schema.ts';
import { CHAIN_KEYED, type ChainedFields, entryHash } from './activity-chain.ts';
import type { ActivityKey } from './activity-key.ts';
import { objectNames } from './activity-names.ts';

export type ActivityRow = typeof activityRecords.$inferSelect;
/**
 * An entry as lists show it: with the names its machine and its actor have now (null without one, or once it is
 * gone).
 */
export type NamedActivityRow = ActivityRow & { machineName: string | null; actorName: string | null };
export type ChainHead = typeof activityChain.$inferSelect;

/** An entry as it is made, before the record adds who the actor was then, the machine's business and the chain. */
export interface PendingEntry {
  entryId: string;
  at: Date;
  actorUserId: number | null;
  controllerId: number | null;
  /** The business an action without a machine concerns (a user's, a licence's), when it names one. */
  businessId?: number | null;
  ticketId: number | null;
  kind: string;
  detail: Record<string, unknown>;
  address: string | null;
  outcome: number | null;
}

/** The entries a list asks for, already narrowed to what its reader may see (`scope`). */
export interface ActivityFilter {
  scope: SQL | undefined;
  user?: number | undefined;
  controller?: number | undefined;
  business?: number | undefined;
  ticket?: number | undefined;
  kind?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  q?: string | undefined;
}

/** What only the record itself writes: entries appended under the chain's lock, and the chain's head. */
export class ActivityRepository {
  readonly #db: Database;
  readonly #key: ActivityKey;

  constructor(db: Database, key: ActivityKey) {
    this.#db = db;
    this.#key = key;
  }

  /**
   * Appends entries in their order, each chained to the one before with the record's key. The chain's head row is locked for the
   * transaction, so appends of several instances queue there and never fork the chain. An entry already written
   * (its `entryId`: a journal replayed after it was written) is left out.
   */
  async append(entries: readonly PendingEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.#db.transaction(async (tx) => {
      const [head] = await tx.select().from(activityChain).where(eq(activityChain.id, 1)).for('update');
      if (!head) throw new Error('the activity chain has no head (migration 0012 makes it)');
      const written = new Set(
        (
          await tx
            .select({ entryId: activityRecords.entryId })
            .from(activityRecords)
            .where(
              inArray(
                activityRecords.entryId,
                entries.map((entry) => entry.entryId),
              ),
            )
        ).map((row) => row.entryId),
      );
      const fresh = entries.filter((entry) => !written.has(entry.entryId));
      if (fresh.length === 0) return;
      const actors = await this.#actors(tx, fresh);
      const businesses = await this.#machineBusinesses(tx, fresh);
      let seq = head.lastSeq;
      let prevHash = head.lastHash;
      const rows = fresh.map((entry) => {
        const actor = entry.actorUserId === null ? undefined : actors.get(entry.actorUserId);
        const { businessId: _given, ...rest } = entry;
        const fields: ChainedFields = {
          ...rest,
          seq: ++seq,
          actorEmail: actor?.email ?? null,
          actorRole: actor?.role ?? null,
          actorBusinessId: actor?.businessId ?? null,
          businessId:
            entry.controllerId === null
              ? (entry.businessId ?? null)
              : (businesses.get(entry.controllerId) ?? null),
        };
        const hash = entryHash(CHAIN_KEYED, prevHash, fields, this.#key);
        const row = { ...fields, prevHash, hash, chain: CHAIN_KEYED };
        prevHash = hash;
        return row;
      });
      await tx.insert(activityRecords).values(rows);
      await tx.update(activityChain).set({ lastSeq: seq, lastHash: prevHash }).where(eq(activityChain.id, 1));
    });
  }

  async #actors(tx: Runner, entries: readonly PendingEntry[]) {
    const ids = [
      ...new Set(entries.flatMap((entry) => (entry.actorUserId === null ? [] : [entry.actorUserId]))),
    ];
    if (ids.length === 0) return new Map<number, { email: string; role: number; businessId: number }>();
    const rows = await tx
      .select({ id: users.id, email: users.email, role: users.role, businessId: users.businessId })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((row) => [row.id, row]));
  }

  async #machineBusinesses(tx: Runner, entries: readonly PendingEntry[]) {
    const ids = [
      ...new Set(entries.flatMap((entry) => (entry.controllerId === null ? [] : [entry.controllerId]))),
    ];
    if (ids.length === 0) return new Map<number, number>();
    const rows = await tx
      .select({ controllerId: machineGroups.computerControllerId, businessId: machineGroups.businessId })
      .from(machineGroups)
      .where(inArray(machineGroups.computerControllerId, ids));
    return new Map(
      rows.flatMap((row) => (row.controllerId === null ? [] : [[row.controllerId, row.businessId]])),
    );
  }

  /** One page, newest first, with the number of entries the filter finds. */
  async page(
    filter: ActivityFilter,
    page: number,
    pageSize: number,
  ): Promise<{ rows: NamedActivityRow[]; total: number }> {
    const where = whereOf(filter);
    return rowsWithTotal(
      this.#named({ total: filteredTotal() })
        .where(where)
        .orderBy(desc(activityRecords.seq))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      { page, pageSize, sort: 'seq', order: 'desc' },
      () => this.#db.$count(activityRecords, where),
    );
  }

  /** Entries after `afterSeq` the filter finds, oldest first, `limit` at a time, named (the CSV export). */
  async namedInOrder(afterSeq: number, limit: number, filter: ActivityFilter): Promise<NamedActivityRow[]> {
    const rows = await this.#named({})
      .where(and(gt(activityRecords.seq, afterSeq), whereOf(filter)))
      .orderBy(asc(activityRecords.seq))
      .limit(limit);
    return rows.map((entry) => entry.row);
  }

  /** Entries with their machine's and their actor's names of now, joined on its controller and the actor's id. */
  #named<Extra extends Record<string, SQL.Aliased>>(extra: Extra) {
    return this.#db
      .select({
        row: {
          ...getTableColumns(activityRecords),
          machineName: machineGroups.name,
          actorName: sql<string | null>`nullif(trim(${users.name} || ' ' || ${users.surname}), '')`,
        },
        ...extra,
      })
      .from(activityRecords)
      .leftJoin(machineGroups, eq(machineGroups.computerControllerId, activityRecords.controllerId))
      .leftJoin(users, eq(users.id, activityRecords.actorUserId));
  }

  /** The names of now of the objects the entries' details name by id (`objectNames`). */
  objectNames(rows: readonly ActivityRow[]): Promise<Record<string, string>[]> {
    return objectNames(this.#db, rows);
  }

  /**
   * Entries after `afterSeq` up to `lastSeq` in the chain's order, `limit` at a time (the check reads the whole
   * record so, up to the head it read first, whatever is appended meanwhile).
   */
  inOrder(afterSeq: number, lastSeq: number, limit: number): Promise<ActivityRow[]> {
    return this.#db
      .select()
      .from(activityRecords)
      .where(and(gt(activityRecords.seq, afterSeq), lte(activityRecords.seq, lastSeq)))
      .orderBy(asc(activityRecords.seq))
      .limit(limit);
  }

  /** When entry `seq` was made; null when there is no such entry. */
  async entryAt(seq: number): Promise<Date | null> {
    const [row] = await this.#db
      .select({ at: activityRecords.at })
      .from(activityRecords)
      .where(eq(activityRecords.seq, seq));
    return row?.at ?? null;
  }

  async head(): Promise<ChainHead> {
    const [head] = await this.#db.select().from(activityChain).where(eq(activityChain.id, 1));
    if (!head) throw new Error('the activity chain has no head (migration 0012 makes it)');
    return head;
  }

  async setRetention(days: number): Promise<void> {
    await this.#db.update(activityChain).set({ retentionDays: days }).where(eq(activityChain.id, 1));
  }

  /**
   * Removes the entries older than the retention from the oldest on, up to the first entry that is not (entries'
   * times follow their order only roughly across instances), and moves the chain's anchor to the last one removed.
   * How many were removed.
   */
  async prune(): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const [head] = await tx.select().from(activityChain).where(eq(activityChain.id, 1)).for('update');
      if (!head) return 0;
      const cutoff = sql`now() - make_interval(days => ${head.retentionDays})`;
      const [kept] = await tx
        .select({ seq: sql<number | null>`min(${activityRecords.seq})`.mapWith(Number) })
        .from(activityRecords)
        .where(gte(activityRecords.at, cutoff));
      const lastPruned = kept?.seq ? kept.seq - 1 : head.lastSeq;
      if (lastPruned <= head.anchorSeq) return 0;
      const [anchor] = await tx
        .select({ hash: activityRecords.hash })
        .from(activityRecords)
        .where(eq(activityRecords.seq, lastPruned));
      if (!anchor) return 0;
      const removed = await tx
        .delete(activityRecords)
        .where(lte(activityRecords.seq, lastPruned))
        .returning({ seq: activityRecords.seq });
      await tx
        .update(activityChain)
        .set({ anchorSeq: lastPruned, anchorHash: anchor.hash })
        .where(eq(activityChain.id, 1));
      return removed.length;
    });
  }
}

type Runner = Parameters<Parameters<Database['transaction']>[0]>[0];

function whereOf(filter: ActivityFilter): SQL | undefined {
  return and(
    filter.scope,
    filter.user === undefined ? undefined : eq(activityRecords.actorUserId, filter.user),
    filter.controller === undefined ? undefined : eq(activityRecords.controllerId, filter.controller),
    filter.business === undefined
      ? undefined
      : or(
          eq(activityRecords.businessId, filter.business),
          eq(activityRecords.actorBusinessId, filter.business),
        ),
    filter.ticket === undefined ? undefined : eq(activityRecords.ticketId, filter.ticket),
    filter.kind === undefined ? undefined : eq(activityRecords.kind, filter.kind),
    filter.from === undefined ? undefined : gte(activityRecords.at, filter.from),
    filter.to === undefined ? undefined : lte(activityRecords.at, filter.to),
    filter.q === undefined
      ? undefined
      : or(
          ilike(activityRecords.actorEmail, containsPattern(filter.q)),
          ilike(sql`${activityRecords.detail}::text`, containsPattern(filter.q)),
        ),
  );
}
