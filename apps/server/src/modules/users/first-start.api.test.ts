import { afterEach, describe, expect, it } from 'vitest';
import { createModules } from '../../app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { DEMO_USERS, seedDemoFleet } from '../../demo/demo-fleet.ts';
import { systemClock } from '../../shared/clock.ts';
import { InProcessBus } from '../../shared/cluster-bus.ts';
import { TEST_CONFIG } from '../../test/test-config.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { ensureFirstAdministrator } from './first-administrator.ts';

let database: DatabaseHandle | undefined;

afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function emptyDatabase() {
  database = await openTestDatabase('empty');
  return {
    db: database.db,
    ...createModules({ db: database.db, clock: systemClock, config: TEST_CONFIG, bus: new InProcessBus() }),
  };
}

describe('first start', () => {
  it('creates the demo fleet once: the operator, two customer businesses and every demo user', async () => {
    const modules = await emptyDatabase();
    expect(await seedDemoFleet(modules, { db: modules.db })).toBe(true);
    expect(await seedDemoFleet(modules, { db: modules.db })).toBe(false);
    expect(await modules.users.repository.count()).toBe(DEMO_USERS.length);
    expect((await modules.business.repository.findOperator())?.cap).toBe(30010);
  });

  it('without the demo, refuses an empty database that has no first administrator configured', async () => {
    const modules = await emptyDatabase();
    await expect(ensureFirstAdministrator(modules, undefined)).rejects.toThrow(
      /ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
  });

  it('without the demo, creates the first administrator in the operator business, once', async () => {
    const modules = await emptyDatabase();
    const admin = { email: 'boss@example.com', password: 'Secret123!', operatorName: 'Acme Service' };
    expect(await ensureFirstAdministrator(modules, admin)).toBe(true);
    expect(await ensureFirstAdministrator(modules, undefined)).toBe(false);
    const user = await modules.users.repository.findWithBusinessStateByEmail('boss@example.com');
    expect(user?.role).toBe(0);
    const operator = await modules.business.repository.findOperator();
    expect(user?.businessId).toBe(operator?.id);
    expect(await modules.auth.hasher.verify(user?.passwordHash, admin.password)).toBe(true);
  });

  it('without the demo, saves no placeholder operator record: the footer shows the built-in one', async () => {
    const modules = await emptyDatabase();
    await ensureFirstAdministrator(modules, {
      email: 'boss@example.com',
      password: 'Secret123!',
      operatorName: 'Acme Service',
    });
    const operator = await modules.business.repository.findOperator();
    expect(operator).toMatchObject({ name: 'Acme Service', email: '', phone: '', street: '', cap: 0 });
    expect(await modules.business.service.getOperator()).toMatchObject({
      email: 'support@portal.test',
      cap: 30010,
    });
  });
});
