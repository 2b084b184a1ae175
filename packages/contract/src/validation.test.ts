import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { passwordRuleSchema } from './validation.ts';
import { validationCodeOf } from './validation-codes.ts';

const codesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? [] : result.error.issues.map((issue) => validationCodeOf(issue as never));
};

describe('validationCodeOf', () => {
  it('calls an empty or missing value required, whatever rule it broke', () => {
    expect(codesOf(z.object({ name: z.string().min(1) }), {})).toEqual(['required']);
    expect(codesOf(z.string().trim().min(1), '   ')).toEqual(['required']);
    expect(codesOf(z.email(), '')).toEqual(['required']);
  });

  it('names length, range, format, type and choice failures', () => {
    expect(codesOf(z.string().max(3), 'abcd')).toEqual(['tooLong']);
    expect(codesOf(z.string().min(3), 'ab')).toEqual(['tooShort']);
    expect(codesOf(z.number().max(3), 4)).toEqual(['tooLarge']);
    expect(codesOf(z.number().min(3), 2)).toEqual(['tooSmall']);
    expect(codesOf(z.email(), 'nope')).toEqual(['email']);
    expect(codesOf(z.number(), 'x')).toEqual(['invalidType']);
    expect(codesOf(z.enum(['a', 'b']), 'c')).toEqual(['invalidChoice']);
    expect(codesOf(z.strictObject({}), { extra: 1 })).toEqual(['unknownField']);
  });

  it('uses the code a rule of ours names', () => {
    expect(codesOf(passwordRuleSchema, 'alllowercase1!')).toEqual(['passwordRule']);
    expect(codesOf(passwordRuleSchema, 'short')).toEqual([
      'passwordRule',
      'passwordRule',
      'passwordRule',
      'passwordRule',
    ]);
  });
});
