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
});
