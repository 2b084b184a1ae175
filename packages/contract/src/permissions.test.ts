import { describe, expect, it } from 'vitest';
import { CAPABILITIES, can, canIn, reachOf } from './permissions.ts';
import { ALL_ROLES, Role } from './roles.ts';

const admin = { role: Role.Administrator, business: 1 };
const manager = { role: Role.Manager, business: 7 };
const customer = { role: Role.Customer, business: 7 };

describe('the capability table', () => {
  it('has a cell for every role on every row', () => {
    for (const row of Object.values(CAPABILITIES)) expect(row).toHaveLength(ALL_ROLES.length);
  });

  it('gives /settings to administrators only', () => {
    expect(ALL_ROLES.filter((role) => can(role, 'settings'))).toEqual([Role.Administrator]);
  });

  it('gives the file browser to every role, and the other machine shortcuts to administrators only', () => {
    expect(ALL_ROLES.filter((role) => can(role, 'machineFiles'))).toEqual(ALL_ROLES);
    expect(ALL_ROLES.filter((role) => can(role, 'machineShortcuts'))).toEqual([Role.Administrator]);
  });

  it('hides the user machines and preferences tabs from customers only', () => {
    expect(reachOf(Role.Customer, 'userMachinesTab')).toBe('hidden');
    expect(can(Role.Technician, 'userPreferencesTab')).toBe(true);
  });
});

describe('canIn', () => {
  it('lets an administrator act on any business', () => {
    expect(canIn(admin, 'manageUsers', 99)).toBe(true);
  });

  it('confines a manager to their own business', () => {
    expect(canIn(manager, 'manageUsers', 7)).toBe(true);
    expect(canIn(manager, 'manageUsers', 8)).toBe(false);
  });

  it('refuses a role without the capability even in its own business', () => {
    expect(canIn(customer, 'manageUsers', 7)).toBe(false);
    expect(canIn(customer, 'businessList', 7)).toBe(true);
  });
});
