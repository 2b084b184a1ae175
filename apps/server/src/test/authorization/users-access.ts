import { Role } from '@portal/contract';
import { addresses, contacts, machineGroupUsers } from '../../db/schema.ts';
import { usersApi } from '../../modules/users/users.test-support.ts';
import type { Fixtures, Side } from './fixtures.ts';
import type { Reach, RouteAccess } from './route-access.ts';

/** Administrators everywhere, managers in their business, everyone else on their own record only. */
const selfOrManaged: Record<'administrator' | 'manager' | 'technician' | 'customer', Reach> = {
  administrator: 'all',
  manager: 'own',
  technician: 'self',
  customer: 'self',
};
const managersOnly: typeof selfOrManaged = {
  administrator: 'all',
  manager: 'own',
  technician: 'none',
  customer: 'none',
};

let serial = 0;
const ADDRESS = { name: 'Matrix', country: 'Italia', city: 'Padova', street: 'Via 1', cap: 35100 };

/** A machine group of the side's business, fresh for each request. */
const machineGroupOf = async (f: Fixtures, side: Side) =>
  usersApi(f.t).insertMachineGroup(f.business[side], `Matrix group ${++serial}`);

/** The rows of the users module (modules/users): the user, their addresses, contacts, preferences, machines. */
export const USERS_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/users': {
    // A manager naming another business gets an empty page of their own business's list, not a refusal
    // (users.api.test.ts holds the content); the status is all this table can see.
    roles: { administrator: 'all', manager: 'all', technician: 'none', customer: 'none' },
    request: async (f, side) => ({ url: `/api/v1/users?business=${f.business[side]}` }),
  },
  'POST /api/v1/users': {
    roles: managersOnly,
    // Another business is refused with the 400 'Please select a valid business value' (docs/product.md §5).
    refusedWith: [400, 403],
    request: async (f, side) => ({
      url: '/api/v1/users',
      payload: {
        business: f.business[side],
        email: `matrix-created-${++serial}@users.test`,
        name: 'Matrix',
        password: 'Matrix-123',
        role: Role.Customer,
      },
    }),
  },
  'PUT /api/v1/users/:id': {
    roles: selfOrManaged,
    // An empty update changes nothing but passes every check of who may change the user.
    request: async (f, side) => ({ url: `/api/v1/users/${f.customer[side]}`, payload: {} }),
  },
  'DELETE /api/v1/users/:id': {
    roles: managersOnly,
    request: async (f, side) => ({ url: `/api/v1/users/${await f.newUser(side)}` }),
  },
  'GET /api/v1/users/:id/addresses': {
    roles: selfOrManaged,
    request: async (f, side) => ({ url: `/api/v1/users/${f.customer[side]}/addresses` }),
  },
  'POST /api/v1/users/:id/addresses': {
    roles: selfOrManaged,
    request: async (f, side) => ({ url: `/api/v1/users/${f.customer[side]}/addresses`, payload: ADDRESS }),
  },
  'DELETE /api/v1/users/:id/addresses/:addressId': {
    roles: selfOrManaged,
    request: async (f, side) => {
      const userId = f.customer[side];
      const [row] = await f.t.database.db
        .insert(addresses)
        .values({ ...ADDRESS, userId })
        .returning();
      return { url: `/api/v1/users/${userId}/addresses/${row?.id}` };
    },
  },
  'GET /api/v1/users/:id/contacts': {
    roles: selfOrManaged,
    request: async (f, side) => ({ url: `/api/v1/users/${f.customer[side]}/contacts` }),
  },
  'POST /api/v1/users/:id/contacts': {
    roles: selfOrManaged,
    request: async (f, side) => ({
      url: `/api/v1/users/${f.customer[side]}/contacts`,
      payload: { name: 'Matrix' },
    }),
  },
  'DELETE /api/v1/users/:id/contacts/:contactId': {
    roles: selfOrManaged,
    request: async (f, side) => {
      const userId = f.customer[side];
      const [row] = await f.t.database.db.insert(contacts).values({ userId, name: 'Matrix' }).returning();
      return { url: `/api/v1/users/${userId}/contacts/${row?.id}` };
    },
  },
  'GET /api/v1/users/:id/preferences': {
    roles: selfOrManaged,
    request: async (f, side) => ({ url: `/api/v1/users/${f.customer[side]}/preferences` }),
  },
  'PUT /api/v1/users/:id/preferences': {
    roles: selfOrManaged,
    request: async (f, side) => ({
      url: `/api/v1/users/${f.customer[side]}/preferences`,
      payload: { ticketNotifications: true, machineNotifications: true },
    }),
  },
  'GET /api/v1/users/:id/machines': {
    roles: selfOrManaged,
    request: async (f, side) => ({ url: `/api/v1/users/${f.customer[side]}/machines` }),
  },
  'POST /api/v1/users/:id/machines': {
    roles: managersOnly,
    request: async (f, side) => ({
      url: `/api/v1/users/${f.customer[side]}/machines`,
      payload: { machine: (await machineGroupOf(f, side)).id },
    }),
  },
  'DELETE /api/v1/users/:id/machines/:machineId': {
    roles: managersOnly,
    request: async (f, side) => {
      const userId = f.customer[side];
      const group = await machineGroupOf(f, side);
      await f.t.database.db.insert(machineGroupUsers).values({ userId, machineGroupId: group.id });
      return { url: `/api/v1/users/${userId}/machines/${group.id}` };
    },
  },
};
