import {
  loginBodySchema,
  Role,
  ruleIssue,
  type UserCreateBody,
  userCreateBodySchema,
} from '@portal/contract';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { translatedResolver, validationKey } from './form-errors';

/** The catalog keys the login form would show for the given values. */
function keysFor(values: { email: string; password: string }): Record<string, string> {
  const result = loginBodySchema.safeParse(values, { error: (issue) => validationKey(issue) });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('validationKey', () => {
  it('asks for both login fields when they are empty', () => {
    expect(keysFor({ email: '', password: '' })).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
  });

  it('treats a blank email as missing, not as malformed', () => {
    expect(keysFor({ email: '   ', password: 'x' })).toEqual({ email: 'validation.required' });
  });

  it('reports a malformed email', () => {
    expect(keysFor({ email: 'mario@', password: 'x' })).toEqual({ email: 'validation.email' });
  });

  it('reports a password over the length limit', () => {
    expect(keysFor({ email: 'mario@example.com', password: 'x'.repeat(300) })).toEqual({
      password: 'validation.tooLong',
    });
  });

  it('accepts a complete login', () => {
    expect(keysFor({ email: 'Mario@Example.com', password: 'secret' })).toEqual({});
  });

  it('names the stable code a rule of ours gives', () => {
    expect(validationKey({ code: 'custom', input: 'x', params: { code: 'passwordMismatch' } })).toBe(
      'validation.passwordMismatch',
    );
  });

  it('tells a number over its bound from a text over its length', () => {
    expect(validationKey({ code: 'too_big', input: 100_000, origin: 'number' })).toBe('validation.tooLarge');
    expect(validationKey({ code: 'too_big', input: 'x', origin: 'string' })).toBe('validation.tooLong');
  });

  it('falls back to a generic message for other rules', () => {
    expect(validationKey({ code: 'custom', input: 'x' })).toBe('validation.invalid');
  });

  it('uses the stable code a rule of the contract names', () => {
    expect(validationKey(ruleIssue('passwordMismatch', 'Password do not match'))).toBe(
      'validation.passwordMismatch',
    );
  });

  it('tells a too short text from a too small number', () => {
    expect(validationKey({ code: 'too_small', origin: 'string', input: 'ab' })).toBe('validation.tooShort');
    expect(validationKey({ code: 'too_small', origin: 'number', input: 0 })).toBe('validation.tooSmall');
  });
});

describe('translatedResolver', () => {
  const options: ResolverOptions<UserCreateBody> = { fields: {}, shouldUseNativeValidation: false };
  // The catalog stand-in shows which key each field got.
  const resolver = translatedResolver(userCreateBodySchema, (key) => `t(${key})`);
  const valid = {
    business: 2,
    email: 'Nuovo@Example.com',
    name: 'Nadia',
    surname: 'Nuova',
    password: 'Secret1!',
    role: Role.Customer,
  };

  it('gives the parsed values of a valid form', async () => {
    const result = await resolver(valid, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ ...valid, email: 'nuovo@example.com', enabled: true });
  });

  it("replaces the contract's own English messages with the keys of their codes, one per field", async () => {
    const result = await resolver({ ...valid, email: '', password: 'short' }, undefined, options);
    expect(result.values).toEqual({});
    const messages = Object.fromEntries(
      Object.entries(result.errors).map(([field, error]) => [field, (error as { message?: string }).message]),
    );
    expect(messages).toEqual({
      email: 't(validation.required)',
      password: 't(validation.passwordRule)',
    });
  });
});
