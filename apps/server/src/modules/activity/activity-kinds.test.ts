import {
  ACTIVITY_KINDS,
  type ActivityKind,
  activityKindAuthors,
  activityKindsFor,
  Role,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ACCESS_TABLE } from '../../test/authorization/access-table.ts';
import { ADMINISTRATIVE_ACTIONS } from './administrative-actions.ts';

const ROLE_OF_CALLER = {
  administrator: Role.Administrator,
  manager: Role.Manager,
  technician: Role.Technician,
  customer: Role.Customer,
} as const;

describe('the actions a reader of the activity record can see', () => {
  it("names as an action's authors every role its routes let through (so no one's own action is left out)", () => {
    const byKind = new Map<string, Set<Role>>();
    for (const [route, kind] of Object.entries(ADMINISTRATIVE_ACTIONS)) {
      const access = ACCESS_TABLE[route];
      expect(access?.roles, route).toBeDefined();
      const allowed = byKind.get(kind) ?? new Set<Role>();
      for (const [caller, reach] of Object.entries(access?.roles ?? {})) {
        if (reach !== 'none') allowed.add(ROLE_OF_CALLER[caller as keyof typeof ROLE_OF_CALLER]);
      }
      byKind.set(kind, allowed);
    }
    const missing = [...byKind].flatMap(([kind, allowed]) =>
      [...allowed]
        .filter((role) => !activityKindAuthors(kind as ActivityKind).includes(role))
        .map((role) => `${kind}: role ${role}`),
    );
    expect(missing).toEqual([]);
  });

  it('lists every action for an administrator', () => {
    expect(activityKindsFor(Role.Administrator)).toEqual([...ACTIVITY_KINDS]);
  });

  it("lists a customer's own actions and those filed under their business, no administrator's own", () => {
    const kinds = activityKindsFor(Role.Customer);
    expect(kinds).toEqual(
      expect.arrayContaining(['board.gcode', 'slicerToken.create', 'twoFactor.enable', 'maintenance.done']),
    );
    for (const hidden of [
      'settings.sessions',
      'catalog.create',
      'business.delete',
      'twoFactor.reset',
      'gatewayKey.create',
    ])
      expect(kinds, hidden).not.toContain(hidden);
    expect(kinds.length).toBeLessThan(ACTIVITY_KINDS.length * 0.6);
  });

  it("lists a manager's management of users, a technician's not", () => {
    expect(activityKindsFor(Role.Manager)).toContain('user.delete');
    expect(activityKindsFor(Role.Technician)).not.toContain('user.delete');
    expect(activityKindsFor(Role.Technician)).toContain('serviceSession.request');
  });
});
