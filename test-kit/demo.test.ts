import { describe, expect, it } from 'vitest';
import { demoGroupsAssignedTo, isOnlineInDemo } from './demo.ts';

describe('demo data', () => {
  it("names a user's assigned machine groups and which of them come online", () => {
    const groups = demoGroupsAssignedTo('customer2@demo.test');
    expect(groups.map((group) => group.name)).toEqual(['RatRig produzione', 'Prusa laboratorio']);
    expect(groups.filter(isOnlineInDemo).map((group) => group.name)).toEqual(['RatRig produzione']);
  });
});
