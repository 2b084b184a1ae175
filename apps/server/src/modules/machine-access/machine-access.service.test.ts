import { Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type {
  ActiveServiceSession,
  ControllerReachRow,
  MachineAccessRepository,
} from './machine-access.repository.ts';
import { MachineAccessService } from './machine-access.service.ts';

const customer = { id: 7, role: Role.Customer, business: 2 };
const valid: ControllerReachRow = {
  controllerId: 3,
  machineGroupId: 4,
  businessId: 2,
  businessActive: true,
  serviceConsent: false,
  licenseActivation: new Date('2026-01-01T00:00:00Z'),
  licenseExpiryMs: 365 * 24 * 3600 * 1000,
};

function serviceWith(
  rows: (ControllerReachRow | undefined)[],
  cacheMs = 5000,
  sessions: (ActiveServiceSession | undefined)[] = [],
) {
  let now = new Date('2026-06-01T00:00:00Z').getTime();
  const calls = { count: 0 };
  const repository = {
    findReach: async () => {
      calls.count += 1;
      return rows.shift();
    },
    activeServiceSession: async () => sessions.shift(),
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

  it('does not keep a decision read before the grants were forgotten (a consent change while it was read)', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const rows = [valid, { ...valid, businessId: 9, serviceConsent: true }];
    let calls = 0;
    const repository = {
      findReach: async () => {
        calls += 1;
        if (calls === 1) await held;
        return rows.shift();
      },
      activeServiceSession: async () => undefined,
    } as unknown as MachineAccessRepository;
    const service = new MachineAccessService(repository, () => new Date('2026-06-01T00:00:00Z'), 5000);
    const staff = { id: 1, role: Role.Administrator, business: 1 };
    const first = service.reach(staff, 3, 'customer');
    service.forgetGrants();
    release();
    expect((await first).control.allowed).toBe(true);
    expect((await service.reach(staff, 3, 'customer')).control.allowed).toBe(false);
    expect(calls).toBe(2);
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

  describe('consent (docs/design.md §11)', () => {
    const technician = { id: 9, role: Role.Technician, business: 1 };
    const consenting = { ...valid, serviceConsent: true };
    const session = { id: 5, ticketId: 11, endsAt: new Date('2026-06-01T01:00:00Z').getTime() };

    it('lets the business itself control its machines, consent or not', async () => {
      const { service } = serviceWith([consenting]);
      await expect(service.control(customer, 3, 'customer')).resolves.toMatchObject({
        control: { allowed: true, session: null },
      });
    });

    it('refuses outside staff control without a session, but lets them see the machine', async () => {
      const { service } = serviceWith([consenting]);
      await expect(service.reach(technician, 3, 'customer')).resolves.toMatchObject({
        control: { allowed: false },
      });
      await expect(service.control(technician, 3, 'customer')).rejects.toMatchObject({
        code: 'SERVICE_SESSION_REQUIRED',
      });
    });

    it('lets outside staff control in an open session, and not past its end', async () => {
      const { service, calls, advance } = serviceWith([consenting, consenting], 2 * 3600_000, [session]);
      await expect(service.control(technician, 3, 'customer')).resolves.toMatchObject({
        control: { allowed: true, session },
      });
      advance(3600_000);
      await expect(service.control(technician, 3, 'customer')).rejects.toMatchObject({
        code: 'SERVICE_SESSION_REQUIRED',
      });
      expect(calls.count).toBe(2);
    });

    it('names the session of outside staff where no consent is required, so their changes carry it', async () => {
      const { service } = serviceWith([valid], 5000, [session]);
      await expect(service.reach(technician, 3, 'customer')).resolves.toMatchObject({
        control: { allowed: true, session },
      });
    });

    it('decides again once grants may have changed (a session accepted or ended)', async () => {
      const { service } = serviceWith([consenting, consenting], 60_000, [undefined, session]);
      await expect(service.control(technician, 3, 'customer')).rejects.toMatchObject({
        code: 'SERVICE_SESSION_REQUIRED',
      });
      service.forgetGrants();
      await expect(service.control(technician, 3, 'customer')).resolves.toMatchObject({
        control: { allowed: true },
      });
    });
  });
});
