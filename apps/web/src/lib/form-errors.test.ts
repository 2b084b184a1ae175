import { loginBodySchema, VALIDATION_CODES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import it_ from '../locales/it.json';
import { validationKey } from './form-errors';

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

  it('falls back to a generic message for other rules', () => {
    expect(validationKey({ code: 'custom', input: 'x' })).toBe('validation.invalid');
  });

  it('names the stable code of a rule, so every code the contract knows has its own message', () => {
    expect(validationKey({ code: 'too_small', origin: 'string', input: 'x' })).toBe('validation.tooShort');
    expect(validationKey({ code: 'too_small', origin: 'number', input: 0 })).toBe('validation.tooSmall');
    expect(validationKey({ code: 'invalid_value', input: 7 })).toBe('validation.invalidChoice');
    expect(validationKey({ code: 'custom', input: 'x', params: { code: 'passwordMismatch' } })).toBe(
      'validation.passwordMismatch',
    );
  });

  it('asks for a choice left empty (an id select sends undefined) rather than calling it the wrong type', () => {
    expect(validationKey({ code: 'invalid_type', input: undefined })).toBe('validation.required');
  });

  it('has a message in both catalogs for every validation code of the contract', () => {
    for (const catalog of [it_.validation, en.validation]) {
      for (const code of VALIDATION_CODES) expect(catalog, code).toHaveProperty(code);
    }
  });
});
