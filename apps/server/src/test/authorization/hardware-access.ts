import { eq } from 'drizzle-orm';
import { computerControllers, machineGroups } from '../../db/schema.ts';
import { administrators, everyone } from './common-reach.ts';
import type { Fixtures, RoleCaller, Side } from './fixtures.ts';
import type { Reach, RouteAccess } from './route-access.ts';

/** Machine groups (and their controllers): a manager's business, the groups assigned to technicians and customers. */
export const groupViewers: Record<RoleCaller, Reach> = {
  administrator: 'all',
  manager: 'own',
  technician: 'own',
  customer: 'own',
};

/** A demo group of each side: in A the one assigned to tech@ and customer@, in B one of customer2@. */
const DEMO_GROUP: Record<Side, string> = { own: 'Prusa linea 1', other: 'RatRig produzione' };

export const groupOf = async (f: Fixtures, side: Side) => {
  const [row] = await f.t.database.db
    .select()
    .from(machineGroups)
    .where(eq(machineGroups.name, DEMO_GROUP[side]));
  if (!row) throw new Error(`no demo group ${DEMO_GROUP[side]}`);
  return row;
};

export const controllerOf = async (f: Fixtures, side: Side) => {
  const group = await groupOf(f, side);
  const [row] = await f.t.database.db
    .select()
    .from(computerControllers)
    .where(eq(computerControllers.id, group.computerControllerId));
  if (!row) throw new Error('no demo controller');
  return row;
};

let serial = 0;

/** A controller nobody uses, of the side's business, for a row that uses one up. */
const freshController = async (f: Fixtures, side: Side) => {
  serial += 1;
  const [row] = await f.t.database.db
    .insert(computerControllers)
    .values({ name: `Matrix gateway ${serial}`, typeId: 1, businessId: f.business[side] })
    .returning({ id: computerControllers.id });
  if (!row) throw new Error('fixture controller not created');
  return row.id;
};

/** A group assigned to nobody, of the side's business, for a row that deletes it. */
const freshGroup = async (f: Fixtures, side: Side) => {
  const [row] = await f.t.database.db
    .insert(machineGroups)
    .values({
      name: `Matrix group ${serial + 1}`,
      machineTypeId: 1,
      boardTypeId: 1,
      businessId: f.business[side],
      computerControllerId: await freshController(f, side),
    })
    .returning({ id: machineGroups.id });
  if (!row) throw new Error('fixture group not created');
  return row.id;
};

/** Who may call the machine-group and computer-controller routes (docs/design.md §3). */
export const HARDWARE_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/machinegroup': {
    roles: everyone,
    request: async (f, side) => ({ url: `/api/v1/machinegroup?business_id=${f.business[side]}` }),
  },
  'POST /api/v1/machinegroup': {
    roles: administrators,
    request: async (f, side) => ({
      url: '/api/v1/machinegroup',
      payload: {
        name: 'Matrix',
        machine: 1,
        board: 1,
        business: f.business[side],
        computer: await freshController(f, side),
      },
    }),
  },
  'GET /api/v1/machinegroup/:id': {
    roles: groupViewers,
    request: async (f, side) => ({ url: `/api/v1/machinegroup/${(await groupOf(f, side)).id}` }),
  },
  'PUT /api/v1/machinegroup/:id': {
    roles: groupViewers,
    request: async (f, side) => {
      const group = await groupOf(f, side);
      return { url: `/api/v1/machinegroup/${group.id}`, payload: { description: group.description } };
    },
  },
  'PUT /api/v1/machinegroup/:id/composition': {
    roles: administrators,
    request: async (f, side) => {
      const group = await groupOf(f, side);
      return {
        url: `/api/v1/machinegroup/${group.id}/composition`,
        payload: { machine: group.machineTypeId, computerController: group.computerControllerId },
      };
    },
  },
  'GET /api/v1/machinegroup/:id/users': {
    roles: groupViewers,
    request: async (f, side) => ({ url: `/api/v1/machinegroup/${(await groupOf(f, side)).id}/users` }),
  },
  'DELETE /api/v1/machinegroup/:id': {
    roles: administrators,
    request: async (f, side) => ({ url: `/api/v1/machinegroup/${await freshGroup(f, side)}` }),
  },
  'GET /api/v1/controller/computer': {
    roles: everyone,
    request: async (f, side) => ({ url: `/api/v1/controller/computer?business=${f.business[side]}` }),
  },
  'POST /api/v1/controller/computer': {
    roles: administrators,
    request: async (f, side) => ({
      url: '/api/v1/controller/computer',
      payload: { name: 'Matrix gateway', type: 1, business: f.business[side] },
    }),
  },
  'GET /api/v1/controller/computer/:id': {
    roles: groupViewers,
    request: async (f, side) => ({ url: `/api/v1/controller/computer/${(await controllerOf(f, side)).id}` }),
  },
  'PUT /api/v1/controller/computer/:id': {
    roles: administrators,
    request: async (f, side) => {
      const controller = await controllerOf(f, side);
      return {
        url: `/api/v1/controller/computer/${controller.id}`,
        payload: { name: controller.name, license: controller.licenseId },
      };
    },
  },
  'DELETE /api/v1/controller/computer/:id': {
    roles: administrators,
    request: async (f, side) => ({ url: `/api/v1/controller/computer/${await freshController(f, side)}` }),
  },
  'POST /api/v1/controller/computer/:id/key': {
    roles: administrators,
    request: async (f, side) => ({
      url: `/api/v1/controller/computer/${await freshController(f, side)}/key`,
    }),
  },
};
