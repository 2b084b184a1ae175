import { Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { ControllerReachRow, MachineAccessRepository } from './machine-access.repository.ts';
import { MachineAccessService } from './machine-access.service.ts';

const customer = { id: 7, role: Role.Customer, business: 2 };
const valid: ControllerReachRow = {
  controllerId: 3,
  machineGroupId: 4,
  businessActive: true,
  licenseActivation: new Date('2026-01-01T00:00:00Z'),
  licenseExpiryMs: 365 * 24 * 3600 * 1000,
};

function serviceWith(rows: (ControllerReachRow | undefined)[], cacheMs = 5000) {
  let now = new Date('2026-06-01T00:00:00Z').getTime();
  const calls = { count: 0 };
  const repository = {
    findReach: async () => {
      calls.count += 1;
      return rows.shift();
    },
  } as unknown as MachineAccessRepository;
  const service = new MachineAccessService(repository, () => new Date(now), cacheMs);
  return { service, calls, advance: (ms: number) => (now += ms) };
}

describe('MachineAccessService', () => {
  it('trusts a granted access for the cache time, then asks again', async () => {
    const { service, calls, advance } = serviceWith([valid, valid]);
    await service.reach(customer, 3, 'customer');
    await service.reach(customer, 3, 'customer');
    expect(calls.count).toBe(1);
    advance(5000);
    await service.reach(customer, 3, 'customer');
    expect(calls.count).toBe(2);
  });

  it('decides a grant in use again in the background before it expires, so a polling panel never waits', async () => {
    const { service, calls, advance } = serviceWith([valid, valid, valid]);
    await service.reach(customer, 3, 'customer');
    advance(4600); // past the latest refresh point (nine tenths of the cache time)
    await service.reach(customer, 3, 'customer');
    expect(calls.count).toBe(2);
    await service.reach(customer, 3, 'customer');
    expect(calls.count).toBe(2); // one refresh at a time
    advance(4600); // 9.2 s after the first decision: answered from the refresh made at 4.6 s, and refreshed again
    await service.reach(customer, 3, 'customer');
    expect(calls.count).toBe(3);
  });

  it('drops a grant whose background decision refuses it: the next request meets the refusal', async () => {
    const { service, calls, advance } = serviceWith([valid, undefined, undefined]);
    await service.reach(customer, 3, 'customer');
    advance(4600);
    await service.reach(customer, 3, 'customer');
    await new Promise((resolve) => setImmediate(resolve));
    await expect(service.reach(customer, 3, 'customer')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(calls.count).toBe(3);
  });

  it('never caches a refusal, nor anything with a cache time of 0', async () => {
    const expired = { ...valid, licenseActivation: new Date('2020-01-01T00:00:00Z') };
    const { service, calls } = serviceWith([expired, valid]);
    await expect(service.reach(customer, 3, 'customer')).rejects.toMatchObject({ code: 'LICENSE_EXPIRED' });
    await service.reach(customer, 3, 'customer');
    expect(calls.count).toBe(2);
    const uncached = serviceWith([valid, valid], 0);
    await uncached.service.reach(customer, 3, 'customer');
    await uncached.service.reach(customer, 3, 'customer');
    expect(uncached.calls.count).toBe(2);
  });

  it('keeps decisions apart per user, controller and path', async () => {
    const { service, calls } = serviceWith([valid, undefined]);
    await service.reach(customer, 3, 'customer');
    await expect(service.reach({ ...customer, id: 8 }, 3, 'customer')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(service.reach(customer, 3, 'admin')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(calls.count).toBe(2);
  });

  it('forgets every grant when told that grants may have changed', async () => {
    const { service, calls } = serviceWith([valid, undefined]);
    await service.reach(customer, 3, 'customer');
    service.forgetGrants();
    await expect(service.reach(customer, 3, 'customer')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(calls.count).toBe(2);
  });

  it('never trusts a grant past the end of its licence, however long the cache time', async () => {
    // The licence ends an hour after "now" (2026-06-01): activated 2025-06-01 for a year and an hour.
    const ending = {
      ...valid,
      licenseActivation: new Date('2025-06-01T00:00:00Z'),
      licenseExpiryMs: 365 * 24 * 3600 * 1000 + 3600 * 1000,
    };
    const { service, calls, advance } = serviceWith([ending, ending], 24 * 3600 * 1000);
    await service.reach(customer, 3, 'customer');
    advance(3600 * 1000 + 1);
    await expect(service.reach(customer, 3, 'customer')).rejects.toMatchObject({ code: 'LICENSE_EXPIRED' });
    expect(calls.count).toBe(2);
  });
});
