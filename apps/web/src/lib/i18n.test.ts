import { VALIDATION_CODES } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatErrorLines } from './error-message';
import { i18n, initI18n, translateErrorCode, translateValidation } from './i18n';

describe('translateValidation', () => {
  beforeAll(async () => {
    await initI18n('it');
  });

  it('translates every stable validation code of the contract', () => {
    for (const code of VALIDATION_CODES) {
      const text = translateValidation.message(code);
      expect(text, code).toBeTypeOf('string');
      expect(text, code).not.toBe(`validation.${code}`);
    }
    expect(translateValidation.message('notACode')).toBeUndefined();
  });

  it('labels known fields, nested ones by their last named segment, and leaves others alone', () => {
    expect(translateValidation.label('surname')).toBe('Cognome');
    expect(translateValidation.label('items.0.cap')).toBe('CAP');
    expect(translateValidation.label('fields')).toBeUndefined();
    expect(translateValidation.label('somethingElse')).toBeUndefined();
  });

  it('lets an Italian user read a server validation failure in Italian, then in English after a switch', async () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: { email: ['Invalid email address'], surname: ['Too big'] },
      fields: { email: ['email'], surname: ['tooLong'] },
    };
    expect(formatErrorLines(body, translateErrorCode, translateValidation)).toEqual([
      'Email: Inserisci un indirizzo email valido',
      'Cognome: Il valore è troppo lungo',
    ]);
    await i18n.changeLanguage('en');
    expect(formatErrorLines(body, translateErrorCode, translateValidation)).toEqual([
      'Email: Enter a valid email address',
      'Surname: This value is too long',
    ]);
  });
});
