import { describe, expect, it } from 'vitest';
import { formatErrorLines } from './error-message';

const catalog: Record<string, string> = { INVALID_CREDENTIALS: 'Email o password errati.' };
const translate = (code: string): string | undefined => catalog[code];

describe('formatErrorLines', () => {
  it('shows the translation of the code when the catalog has one', () => {
    const body = { statusCode: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS', message: 'Wrong' };
    expect(formatErrorLines(body, translate)).toEqual(['Email o password errati.']);
  });

  it('shows the string message when the code has no translation', () => {
    const body = { statusCode: 409, error: 'Conflict', code: 'SOMETHING_NEW', message: 'Email already used' };
    expect(formatErrorLines(body, translate)).toEqual(['Email already used']);
  });

  it('shows a string message that comes without a code', () => {
    expect(formatErrorLines({ message: 'Gateway offline' }, translate)).toEqual(['Gateway offline']);
  });

  it('lists each field with its messages joined by "; "', () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: { email: ['Invalid email', 'Too long'], password: ['Required'] },
    };
    expect(formatErrorLines(body, translate)).toEqual([
      'email: Invalid email; Too long',
      'password: Required',
    ]);
  });

  it('accepts a single string as a field message', () => {
    expect(formatErrorLines({ message: { name: 'Required' } }, translate)).toEqual(['name: Required']);
  });

  it('leaves out fields without messages', () => {
    expect(formatErrorLines({ message: { name: [], email: ['Invalid email'] } }, translate)).toEqual([
      'email: Invalid email',
    ]);
  });

  it('gives null when nothing can be shown, for "Undefined error has occurred"', () => {
    expect(formatErrorLines(undefined, translate)).toBeNull();
    expect(formatErrorLines('<html>Bad gateway</html>', translate)).toBeNull();
    expect(formatErrorLines({ statusCode: 500 }, translate)).toBeNull();
    expect(formatErrorLines({ message: 42 }, translate)).toBeNull();
    expect(formatErrorLines({ message: '' }, translate)).toBeNull();
    expect(formatErrorLines({ message: {} }, translate)).toBeNull();
    expect(formatErrorLines({ message: ['a', 'b'] }, translate)).toBeNull();
  });
});
