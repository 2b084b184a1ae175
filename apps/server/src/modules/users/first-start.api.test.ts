import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { DEMO_USERS, seedDemoFleet } from '../../demo/demo-fleet.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { PasswordHasher } from '../auth/password-hasher.ts';
import { BusinessRepository } from '../business/business.repository.ts';
import { ensureFirstAdministrator } from './first-administrator.ts';
import { UsersRepository } from './users.repository.ts';

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function emptyDatabase() {
  database = await openTestDatabase();
  const deps = {
    users: new UsersRepository(database.db),
    businesses: new BusinessRepository(database.db),
    hasher: new PasswordHasher(),
  };
  return deps;
}

describe('first start', () => {
  it('creates the demo fleet once: the operator, two customer businesses and every demo user', async () => {
    const deps = await emptyDatabase();
    expect(await seedDemoFleet(deps)).toBe(true);
    expect(await seedDemoFleet(deps)).toBe(false);
    expect(await deps.users.count()).toBe(DEMO_USERS.length);
    expect((await deps.businesses.findOperator())?.cap).toBe(30010);
  });

  it('without the demo, refuses an empty database that has no first administrator configured', async () => {
    const deps = await emptyDatabase();
    await expect(ensureFirstAdministrator(deps, undefined)).rejects.toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
  });

  it('without the demo, creates the first administrator in the operator business, once', async () => {
    const deps = await emptyDatabase();
    const admin = { email: 'boss@example.com', password: 'Secret123!' };
    expect(await ensureFirstAdministrator(deps, admin)).toBe(true);
    expect(await ensureFirstAdministrator(deps, undefined)).toBe(false);
    const user = await deps.users.findWithBusinessStateByEmail('boss@example.com');
    expect(user?.role).toBe(0);
    expect(user?.businessId).toBe((await deps.businesses.findOperator())?.id);
    expect(await deps.hasher.verify(user?.passwordHash, admin.password)).toBe(true);
  });
});
