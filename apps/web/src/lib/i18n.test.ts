import { VALIDATION_CODES } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import it_ from '../locales/it.json';
import { formatErrorLines } from './error-message';
import { i18n, initI18n, loadSignedInCatalog, translateErrorCode, translateValidation } from './i18n';

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

describe('the catalog in two parts', () => {
  const signedInKey = 'dashboard.profile.title';

  it('holds only the public texts until the signed-in shell asks for the rest, in every loaded language', async () => {
    // The previous tests loaded both languages, public parts only.
    await i18n.changeLanguage('it');
    expect(i18n.t('login.title')).toBe(it_.login.title);
    expect(i18n.exists(signedInKey, { lng: 'it' })).toBe(false);
    expect(i18n.exists(signedInKey, { lng: 'en' })).toBe(false);

    await loadSignedInCatalog();
    expect(i18n.t(signedInKey)).toBe(it_.dashboard.profile.title);
    expect(i18n.t('login.title')).toBe(it_.login.title);
    await i18n.changeLanguage('en');
    expect(i18n.t(signedInKey)).toBe(en.dashboard.profile.title);
    expect(i18n.t('login.title')).toBe(en.login.title);
  });

  it('loads a language asked for afterwards with both parts', async () => {
    i18n.removeResourceBundle('it', 'translation');
    expect(i18n.exists('login.title', { lng: 'it' })).toBe(false);
    await i18n.reloadResources('it', 'translation');
    await i18n.changeLanguage('it');
    expect(i18n.t(signedInKey)).toBe(it_.dashboard.profile.title);
    expect(i18n.t('login.title')).toBe(it_.login.title);
  });
});
