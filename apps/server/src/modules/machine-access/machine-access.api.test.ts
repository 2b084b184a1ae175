import { Role } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineGroups } from '../../db/schema.ts';
import { InProcessBus } from '../../shared/cluster-bus.ts';
import { anotherInstance, bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let second: Awaited<ReturnType<typeof anotherInstance>>;
/** Grants trusted for a minute: only the administrative action below can end them sooner. */
const GRANT_CACHE_MS = 60_000;

beforeAll(async () => {
  const bus = new InProcessBus();
  t = await createTestApp({ grantCacheMs: GRANT_CACHE_MS }, { bus });
  second = await anotherInstance(t, { grantCacheMs: GRANT_CACHE_MS }, bus);
});
afterAll(async () => {
  await second.app.close();
  await t.close();
});

describe('granted machine access', () => {
  it('is decided again on every instance as soon as an administrative action may have changed it', async () => {
    const [group] = await t.database.db
      .select()
      .from(machineGroups)
      .where(eq(machineGroups.name, 'Prusa linea 1'));
    if (!group) throw new Error('no demo group Prusa linea 1');
    const customer = {
      id: await t.idOf('customer@demo.test'),
      role: Role.Customer,
      business: group.businessId,
    };
    const reach = (instance: Pick<TestApp, 'modules'>) =>
      instance.modules.machineAccess.service.reach(customer, group.computerControllerId, 'customer');
    await expect(reach(t)).resolves.toMatchObject({ machineGroupId: group.id });
    await expect(reach(second)).resolves.toMatchObject({ machineGroupId: group.id });

    // The manager takes the machine from the customer (on the first instance).
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${customer.id}/machines/${group.id}`,
      headers: bearer(await t.tokenFor('manager@demo.test')),
    });
    expect(removed.statusCode).toBe(200);
    await expect(reach(t)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(reach(second)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
