import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultMachineOriginPattern, MachineOrigins } from './machine-origins.ts';

describe('MachineOrigins', () => {
  it("gives each machine an origin of its own and finds the machine back from the host's name", () => {
    const origins = new MachineOrigins('https://m-{id}.machines.example.com');
    expect(origins.originOf(12)).toBe('https://m-12.machines.example.com');
    expect(origins.controllerOf('m-12.machines.example.com')).toBe(12);
    expect(origins.controllerOf('M-12.Machines.Example.com')).toBe(12);
    expect(origins.cspSource).toBe('https://*.machines.example.com');
    expect(origins.secure).toBe(true);
  });

  it('keeps a port other than the default of the scheme', () => {
    const local = new MachineOrigins('http://m{id}.portal.localhost:8081');
    expect(local.originOf(3)).toBe('http://m3.portal.localhost:8081');
    expect(local.cspSource).toBe('http://*.portal.localhost:8081');
    expect(local.secure).toBe(false);
    expect(new MachineOrigins('https://m{id}.example.com:443/').originOf(3)).toBe('https://m3.example.com');
  });

  it('names no machine for any other host', () => {
    const origins = new MachineOrigins('https://m-{id}.machines.example.com');
    for (const host of [
      'machines.example.com',
      'm-.machines.example.com',
      'm-012.machines.example.com',
      'm-0.machines.example.com',
      'm-12.machines.example.com.evil.com',
      'x.m-12.machines.example.com',
      'm-12.machinesxexample.com',
      'm-99999999999.machines.example.com',
      'portal.example.com',
      '',
    ]) {
      expect(origins.controllerOf(host), host).toBeUndefined();
    }
  });

  it('finds every id back from its own origin, and no other', () => {
    const origins = new MachineOrigins('http://box{id}x.fleet.example.org:9000');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (a, b) => {
          const host = new URL(origins.originOf(a)).hostname;
          expect(origins.controllerOf(host)).toBe(a);
          if (a !== b) expect(origins.controllerOf(host)).not.toBe(b);
        },
      ),
    );
  });

  it('refuses patterns without {id} in the first label of a host name', () => {
    for (const pattern of [
      'https://machines.example.com',
      'https://m.{id}.example.com',
      'https://{id}',
      'ftp://m{id}.example.com',
      'https://m{id}.example.com/path',
      'https://m{id}{id}.example.com',
    ]) {
      expect(() => new MachineOrigins(pattern), pattern).toThrow(/\{id\} in its first host label/);
    }
  });

  it("puts the machines under the portal's own host by default", () => {
    expect(defaultMachineOriginPattern('http://portal.localhost:8080', 8081)).toBe(
      'http://m{id}.portal.localhost:8081',
    );
    expect(defaultMachineOriginPattern('https://portal.example.com', 8443)).toBe(
      'https://m{id}.portal.example.com:8443',
    );
  });
});
