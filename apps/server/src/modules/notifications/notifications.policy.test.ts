import { Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { type Candidate, recipientsOf } from './notifications.policy.ts';

const person = (id: number, overrides: Partial<Candidate> = {}): Candidate => ({
  id,
  role: Role.Customer,
  business: 1,
  enabled: true,
  businessActive: true,
  wants: true,
  ...overrides,
});

describe('recipientsOf', () => {
  it('tells everyone concerned but the one who acted, each once', () => {
    const ids = recipientsOf([person(1), person(2), person(3), person(2)], 2).map((each) => each.id);
    expect(ids).toEqual([1, 3]);
  });

  it('tells everyone concerned when nobody acted (a machine event)', () => {
    expect(recipientsOf([person(1), person(2)], null).map((each) => each.id)).toEqual([1, 2]);
  });

  it('leaves out whoever turned the preference off', () => {
    expect(recipientsOf([person(1, { wants: false }), person(2)], null).map((each) => each.id)).toEqual([2]);
  });

  it('leaves out disabled accounts and the users of a suspended business', () => {
    const candidates = [person(1, { enabled: false }), person(2, { businessActive: false }), person(3)];
    expect(recipientsOf(candidates, null).map((each) => each.id)).toEqual([3]);
  });

  it('answers nobody for an empty thread or a thread of the actor alone', () => {
    expect(recipientsOf([], 1)).toEqual([]);
    expect(recipientsOf([person(1)], 1)).toEqual([]);
  });
});
