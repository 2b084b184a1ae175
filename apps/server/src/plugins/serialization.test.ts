import { userPageSchema, userSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer } from './serialization.ts';

const compile = (schema: z.ZodType, checkAnswers = false) =>
  answerSerializer({ checkAnswers })({ schema, method: 'GET', url: '/', httpStatus: '200' });

const user = {
  id: 7,
  email: 'ada@example.test',
  name: 'Ada',
  surname: 'Lovelace',
  role: 3,
  enabled: true,
  createdAt: '2026-11-25T10:00:00.000Z',
  lastPasswordChange: null,
  business: 2,
};

describe('answerSerializer', () => {
  it('writes what zod would have written: the same JSON for the contract’s answers', () => {
    const page = {
      items: [user, { ...user, id: 8, lastPasswordChange: '2026-11-25T11:00:00.000Z' }],
      total: 2,
      page: 1,
      pageSize: 25,
    };
    expect(compile(userPageSchema)(page)).toBe(JSON.stringify(userPageSchema.parse(page)));
    const tagged = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), count: z.number() }),
      z.object({ kind: z.literal('b'), names: z.array(z.string()), note: z.string().optional() }),
    ]);
    for (const answer of [
      { kind: 'a', count: 3 },
      { kind: 'b', names: ['x', 'y'] },
    ]) {
      expect(JSON.parse(compile(tagged)(answer))).toEqual(tagged.parse(answer));
    }
  });

  it('writes only the properties the schema names, so a row’s secrets never leave', () => {
    const written = JSON.parse(compile(userSchema)({ ...user, passwordHash: '$argon2id$secret' }));
    expect(written).toEqual(user);
  });

  it('with checkAnswers, refuses an answer that drifts from its schema instead of coercing it', () => {
    const drifted = { ...user, role: 'admin' };
    expect(() => compile(userSchema, true)(drifted)).toThrow();
    expect(compile(userSchema, true)(user)).toBe(JSON.stringify(user));
  });
});
