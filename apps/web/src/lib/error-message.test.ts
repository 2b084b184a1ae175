import { describe, expect, it } from 'vitest';
import { type FieldTranslator, formatErrorLines } from './error-message';

const catalog: Record<string, string> = { INVALID_CREDENTIALS: 'Email o password errati.' };
const translate = (code: string): string | undefined => catalog[code];

const messages: Record<string, string> = {
  required: 'Campo obbligatorio',
  email: 'Inserisci un indirizzo email valido',
  passwordRule: 'Almeno 8 caratteri con una lettera maiuscola, una minuscola, una cifra e un simbolo',
};
const labels: Record<string, string> = { email: 'Email', surname: 'Cognome', password: 'Password' };
const italian: FieldTranslator = { message: (code) => messages[code], label: (field) => labels[field] };

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

  describe('with the stable codes of a validation failure', () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: {
        surname: ['Too small: expected string to have >=1 characters'],
        password: ['Password must contain a digit', 'Password must contain a symbol'],
      },
      fields: { surname: ['required'], password: ['passwordRule', 'passwordRule'] },
    };

    it('shows each code translated, once, under the translated field label', () => {
      expect(formatErrorLines(body, translate, italian)).toEqual([
        'Cognome: Campo obbligatorio',
        'Password: Almeno 8 caratteri con una lettera maiuscola, una minuscola, una cifra e un simbolo',
      ]);
    });

    it('keeps the field name when its label is unknown', () => {
      const nameless = { ...body, message: { street: ['Required'] }, fields: { street: ['required'] } };
      expect(formatErrorLines(nameless, translate, italian)).toEqual(['street: Campo obbligatorio']);
    });

    it('falls back to the English messages of a field whose code has no translation', () => {
      const unknown = { ...body, message: { email: ['Already used'] }, fields: { email: ['somethingNew'] } };
      expect(formatErrorLines(unknown, translate, italian)).toEqual(['Email: Already used']);
    });

    it('falls back to the English messages when the answer carries no codes', () => {
      const { fields: _, ...withoutCodes } = body;
      expect(formatErrorLines(withoutCodes, translate, italian)).toEqual([
        'Cognome: Too small: expected string to have >=1 characters',
        'Password: Password must contain a digit; Password must contain a symbol',
      ]);
    });

    it('shows the English messages when no translator is given', () => {
      expect(formatErrorLines(body, translate)).toEqual([
        'surname: Too small: expected string to have >=1 characters',
        'password: Password must contain a digit; Password must contain a symbol',
      ]);
    });
  });
});
