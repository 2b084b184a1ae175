import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import {
  boardTypes,
  businesses,
  computerControllers,
  computerTypes,
  machineGroups,
  machineTypes,
  maintenanceTasks,
  users,
} from '../../db/schema.ts';

/** What of an entry says which objects it names. */
type ActivityRow = { kind: string; detail: Record<string, unknown> };

/** The tables an entry's detail names objects of, by id. */
type Named =
  | 'user'
  | 'business'
  | 'group'
  | 'controller'
  | 'task'
  | 'machineType'
  | 'boardType'
  | 'computerType';

/** Which catalogue a catalogue action's route is about. */
const CATALOG_OF_ROUTE: [RegExp, Named][] = [
  [/\/machines\b/, 'machineType'],
  [/\/boards?\b/, 'boardType'],
  [/\/computers?\b/, 'computerType'],
];

/**
 * What each field of an action's detail names, by kind: `id` (the route's object), `created` (the one a creation
 * answered with) and the body's references. Kinds not here name nothing beyond the machine and the ticket the entry
 * carries (board changes, settings, service sessions, licences, which have no name).
 */
const NAMED_FIELDS: Record<string, Record<string, Named>> = {
  'user.create': { created: 'user', business: 'business' },
  'user.update': { id: 'user' },
  'user.delete': { id: 'user' },
  'user.machines.assign': { id: 'user', machine: 'group' },
  'user.machines.unassign': { id: 'user', machineId: 'group' },
  'twoFactor.reset': { id: 'user' },
  'business.create': { created: 'business' },
  'business.update': { id: 'business' },
  'business.delete': { id: 'business' },
  'business.serviceConsent': { id: 'business' },
  'license.create': { business: 'business' },
  'license.update': { business: 'business' },
  'license.activate': { computer: 'controller' },
  'machineGroup.create': { created: 'group', business: 'business' },
  'machineGroup.update': { id: 'group', business: 'business' },
  'machineGroup.delete': { id: 'group' },
  'controller.create': { created: 'controller', business: 'business' },
  'controller.update': { id: 'controller' },
  'controller.delete': { id: 'controller' },
  'gatewayKey.create': { id: 'controller' },
  'slicerToken.create': { id: 'controller' },
  'maintenance.task.create': { created: 'task' },
  'maintenance.task.update': { id: 'task' },
  'maintenance.task.delete': { id: 'task' },
  'maintenance.override.set': { id: 'group', task: 'task' },
  'maintenance.override.remove': { id: 'group', task: 'task' },
  'maintenance.done': { id: 'group', task: 'task' },
};

function fieldsOf(row: Pick<ActivityRow, 'kind' | 'detail'>): Record<string, Named> {
  if (row.kind.startsWith('catalog.')) {
    const route = typeof row.detail.route === 'string' ? row.detail.route : '';
    const table = CATALOG_OF_ROUTE.find(([pattern]) => pattern.test(route))?.[1];
    return table ? { id: table, created: table } : {};
  }
  return NAMED_FIELDS[row.kind] ?? {};
}

/** The ids each table is asked for, from the entries' details. */
function wanted(rows: readonly Pick<ActivityRow, 'kind' | 'detail'>[]): Map<Named, Set<number>> {
  const ids = new Map<Named, Set<number>>();
  for (const row of rows) {
    for (const [field, table] of Object.entries(fieldsOf(row))) {
      const id = row.detail[field];
      if (typeof id !== 'number' || !Number.isSafeInteger(id)) continue;
      ids.set(table, (ids.get(table) ?? new Set()).add(id));
    }
  }
  return ids;
}

/** Where each table's names are: its id and the name shown for a row (a user's, with the surname). */
const NAME_SOURCES: Record<Named, { table: PgTable; id: PgColumn; name: SQL<string> | PgColumn }> = {
  user: { table: users, id: users.id, name: sql<string>`${users.name} || ' ' || ${users.surname}` },
  business: { table: businesses, id: businesses.id, name: businesses.name },
  group: { table: machineGroups, id: machineGroups.id, name: machineGroups.name },
  controller: { table: computerControllers, id: computerControllers.id, name: computerControllers.name },
  task: { table: maintenanceTasks, id: maintenanceTasks.id, name: maintenanceTasks.name },
  machineType: { table: machineTypes, id: machineTypes.id, name: machineTypes.name },
  boardType: { table: boardTypes, id: boardTypes.id, name: boardTypes.name },
  computerType: { table: computerTypes, id: computerTypes.id, name: computerTypes.name },
};

async function namesIn(db: Database, table: Named, ids: number[]): Promise<Map<number, string>> {
  const source = NAME_SOURCES[table];
  const rows = await db
    .select({ id: source.id, name: source.name })
    .from(source.table)
    .where(inArray(source.id, ids));
  // A user without a surname has no trailing blank.
  return new Map(rows.map((row) => [row.id as number, String(row.name).trim()]));
}

/**
 * The names of now of the objects a page of entries names by id (a user, business, machine group, controller,
 * maintenance task or catalogue type), per entry by detail field; an object gone since has none. One query per
 * table the page needs.
 */
export async function objectNames(
  db: Database,
  rows: readonly Pick<ActivityRow, 'kind' | 'detail'>[],
): Promise<Record<string, string>[]> {
  const found = new Map<Named, Map<number, string>>();
  for (const [table, ids] of wanted(rows)) found.set(table, await namesIn(db, table, [...ids]));
  return rows.map((row) => {
    const names: Record<string, string> = {};
    for (const [field, table] of Object.entries(fieldsOf(row))) {
      const id = row.detail[field];
      const name = typeof id === 'number' ? found.get(table)?.get(id) : undefined;
      if (name) names[field] = name;
    }
    return names;
  });
}
