import { LICENSE_YEAR_MS } from '@portal/contract';
import {
  boardTypes,
  businesses,
  computerControllers,
  computerTypes,
  licenses,
  machineTypes,
} from '../../db/schema.ts';
import { administrators, everyone } from './common-reach.ts';
import type { Fixtures, RoleCaller, Side } from './fixtures.ts';
import type { RouteAccess } from './route-access.ts';

type Roles = NonNullable<RouteAccess['roles']>;

const ownBusiness: Roles = { administrator: 'all', manager: 'own', technician: 'own', customer: 'own' };

let serial = 0;

/** A business nothing refers to, so that an administrator may delete it. */
async function newBusiness(f: Fixtures): Promise<number> {
  serial += 1;
  const [row] = await f.t.database.db
    .insert(businesses)
    .values({ name: `Matrix ${serial}` })
    .returning({ id: businesses.id });
  if (!row) throw new Error('fixture business not created');
  return row.id;
}

async function newLicense(f: Fixtures, side: Side): Promise<number> {
  const [row] = await f.t.database.db
    .insert(licenses)
    .values({ businessId: f.business[side], expiryMs: LICENSE_YEAR_MS })
    .returning({ id: licenses.id });
  if (!row) throw new Error('fixture licence not created');
  return row.id;
}

const CATALOG_TABLES = { machines: machineTypes, boards: boardTypes, computers: computerTypes } as const;

async function newEntry(f: Fixtures, catalog: keyof typeof CATALOG_TABLES): Promise<number> {
  const table = CATALOG_TABLES[catalog];
  const [row] = await f.t.database.db.insert(table).values({ name: 'Matrix' }).returning({ id: table.id });
  if (!row) throw new Error('fixture catalogue entry not created');
  return row.id;
}

async function newController(f: Fixtures, side: Side): Promise<number> {
  const [row] = await f.t.database.db
    .insert(computerControllers)
    .values({ name: 'Matrix', typeId: await newEntry(f, 'computers'), businessId: f.business[side] })
    .returning({ id: computerControllers.id });
  if (!row) throw new Error('fixture controller not created');
  return row.id;
}

type Request = (f: Fixtures, side: Side, caller: RoleCaller) => Promise<{ url: string; payload?: unknown }>;
const row = (roles: Roles, request: Request): RouteAccess => ({ roles, request });

/** One catalogue's five routes at its paths (the delete path of boards and computers is singular). */
function catalogRows(catalog: keyof typeof CATALOG_TABLES, singular: string): Record<string, RouteAccess> {
  const base = `/api/v1/${catalog}`;
  const entry = { name: 'Matrix', description: '' };
  return {
    [`GET ${base}`]: row(everyone, async () => ({ url: base })),
    [`POST ${base}`]: row(administrators, async () => ({ url: base, payload: entry })),
    [`GET ${base}/:id`]: row(everyone, async (f) => ({ url: `${base}/${await newEntry(f, catalog)}` })),
    [`PUT ${base}/:id`]: row(administrators, async (f) => ({
      url: `${base}/${await newEntry(f, catalog)}`,
      payload: entry,
    })),
    [`DELETE /api/v1/${singular}/:id`]: row(administrators, async (f) => ({
      url: `/api/v1/${singular}/${await newEntry(f, catalog)}`,
    })),
  };
}

/** Businesses, licences and the type catalogues. */
export const BUSINESS_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/business': row(everyone, async () => ({ url: '/api/v1/business' })),
  'POST /api/v1/business': row(administrators, async () => ({
    url: '/api/v1/business',
    payload: { name: 'Matrix' },
  })),
  'PUT /api/v1/business/:id': row(administrators, async (f, side) => ({
    url: `/api/v1/business/${f.business[side]}`,
    payload: { active: true },
  })),
  // A fresh business on both sides: the demo ones have users. A manager sees neither (404).
  'DELETE /api/v1/business/:id': row(administrators, async (f) => ({
    url: `/api/v1/business/${await newBusiness(f)}`,
  })),
  'GET /api/v1/licenses': row(everyone, async () => ({ url: '/api/v1/licenses?include_computer=true' })),
  'GET /api/v1/business/:id/licenses': row(ownBusiness, async (f, side) => ({
    url: `/api/v1/business/${f.business[side]}/licenses`,
  })),
  'GET /api/v1/licenses/:id': row(ownBusiness, async (f, side) => ({
    url: `/api/v1/licenses/${await newLicense(f, side)}`,
  })),
  'POST /api/v1/licenses': row(administrators, async (f, side) => ({
    url: '/api/v1/licenses',
    payload: { business: f.business[side], expiry: LICENSE_YEAR_MS },
  })),
  'PUT /api/v1/licenses/:id': row(administrators, async (f, side) => ({
    url: `/api/v1/licenses/${await newLicense(f, side)}`,
    payload: { business: f.business[side], expiry: LICENSE_YEAR_MS, activation: null },
  })),
  'DELETE /api/v1/licenses/:id': row(administrators, async (f, side) => ({
    url: `/api/v1/licenses/${await newLicense(f, side)}`,
  })),
  'PUT /api/v1/licenses/:id/activate': row(administrators, async (f, side) => ({
    url: `/api/v1/licenses/${await newLicense(f, side)}/activate`,
    payload: { computer: await newController(f, side) },
  })),
  ...catalogRows('machines', 'machines'),
  ...catalogRows('boards', 'board'),
  ...catalogRows('computers', 'computer'),
};
