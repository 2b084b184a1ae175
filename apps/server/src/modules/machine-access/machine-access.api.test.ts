import { Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus } from '../../shared/cluster-bus.ts';
import { useTestApp } from '../../test/api-test.ts';
import { anotherInstance, bearer, type TestApp } from '../../test/test-app.ts';

/** Grants trusted for a minute: only the administrative action below can end them sooner. */
const GRANT_CACHE_MS = 60_000;
const bus = new InProcessBus();
const t = useTestApp({ grantCacheMs: GRANT_CACHE_MS }, { bus });
let second: Awaited<ReturnType<typeof anotherInstance>>;

beforeAll(async () => {
  second = await anotherInstance(t, { grantCacheMs: GRANT_CACHE_MS }, bus);
});
afterAll(async () => {
  await second.app.close();
});

describe('granted machine access', () => {
  it('is decided again on every instance as soon as an administrative action may have changed it', async () => {
    const group = await t.demoGroup('Prusa linea 1');
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
