import { inArray } from 'drizzle-orm';
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

async function namesIn(db: Database, table: Named, ids: number[]): Promise<Map<number, string>> {
  const rows = await (() => {
    switch (table) {
      case 'user':
        return db
          .select({ id: users.id, name: users.name, surname: users.surname })
          .from(users)
          .where(inArray(users.id, ids))
          .then((found) =>
            found.map((user) => ({ id: user.id, name: `${user.name} ${user.surname}`.trim() })),
          );
      case 'business':
        return db
          .select({ id: businesses.id, name: businesses.name })
          .from(businesses)
          .where(inArray(businesses.id, ids));
      case 'group':
        return db
          .select({ id: machineGroups.id, name: machineGroups.name })
          .from(machineGroups)
          .where(inArray(machineGroups.id, ids));
      case 'controller':
        return db
          .select({ id: computerControllers.id, name: computerControllers.name })
          .from(computerControllers)
          .where(inArray(computerControllers.id, ids));
      case 'task':
        return db
          .select({ id: maintenanceTasks.id, name: maintenanceTasks.name })
          .from(maintenanceTasks)
          .where(inArray(maintenanceTasks.id, ids));
      case 'machineType':
        return db
          .select({ id: machineTypes.id, name: machineTypes.name })
          .from(machineTypes)
          .where(inArray(machineTypes.id, ids));
      case 'boardType':
        return db
          .select({ id: boardTypes.id, name: boardTypes.name })
          .from(boardTypes)
          .where(inArray(boardTypes.id, ids));
      case 'computerType':
        return db
          .select({ id: computerTypes.id, name: computerTypes.name })
          .from(computerTypes)
          .where(inArray(computerTypes.id, ids));
    }
  })();
  return new Map(rows.map((row) => [row.id, row.name]));
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
