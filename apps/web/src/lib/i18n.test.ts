import { VALIDATION_CODES } from '@portal/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import it_ from '../locales/it.json';
import { formatErrorLines } from './error-message';
import {
  i18n,
  initI18n,
  loadCatalogPart,
  translateDeletionErrorCode,
  translateErrorCode,
  translateValidation,
} from './i18n';

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

describe('translateErrorCode', () => {
  beforeAll(async () => {
    await initI18n('it');
  });

  it('says a conflict in words true of any 409, and the conflict of a deletion as something still in use', async () => {
    await i18n.changeLanguage('en');
    const body = { statusCode: 409, code: 'CONFLICT', message: 'The job has ended' };
    expect(formatErrorLines(body, translateErrorCode)).toEqual([
      'This conflicts with the current state: reload and try again.',
    ]);
    expect(formatErrorLines(body, translateDeletionErrorCode)).toEqual([
      'This is still in use and cannot be deleted.',
    ]);
    await i18n.changeLanguage('it');
    expect(translateErrorCode('CONFLICT')).toBe('È in conflitto con lo stato attuale: ricarica e riprova.');
    expect(translateDeletionErrorCode('CONFLICT')).toBe('È ancora in uso e non può essere eliminato.');
    // Other codes read the same either way.
    expect(translateDeletionErrorCode('NOT_FOUND')).toBe(translateErrorCode('NOT_FOUND'));
    expect(translateDeletionErrorCode('notACode')).toBeUndefined();
  });
});

describe('the catalog in three parts', () => {
  const shellKey = 'fleet.title';
  const screenKey = 'dashboard.profile.title';

  it('holds only the public texts until the shell asks for its part, then the screens for theirs, in every loaded language', async () => {
    // The previous tests loaded both languages, public parts only.
    await i18n.changeLanguage('it');
    expect(i18n.t('login.title')).toBe(it_.login.title);
    for (const lng of ['it', 'en']) {
      expect(i18n.exists(shellKey, { lng })).toBe(false);
      expect(i18n.exists(screenKey, { lng })).toBe(false);
    }

    await loadCatalogPart('shell');
    expect(i18n.t(shellKey)).toBe(it_.fleet.title);
    expect(i18n.exists(screenKey, { lng: 'it' })).toBe(false);
    expect(i18n.exists(shellKey, { lng: 'en' })).toBe(true);

    await loadCatalogPart('screens');
    expect(i18n.t(screenKey)).toBe(it_.dashboard.profile.title);
    // A namespace split between the two parts has both halves.
    expect(i18n.t('tickets.nav')).toBe(it_.tickets.nav);
    expect(i18n.t('tickets.title')).toBe(it_.tickets.title);
    expect(i18n.t('login.title')).toBe(it_.login.title);
    await i18n.changeLanguage('en');
    expect(i18n.t(screenKey)).toBe(en.dashboard.profile.title);
    expect(i18n.t(shellKey)).toBe(en.fleet.title);
    expect(i18n.t('login.title')).toBe(en.login.title);
  });

  it('loads a language asked for afterwards with every part asked for so far', async () => {
    i18n.removeResourceBundle('it', 'translation');
    expect(i18n.exists('login.title', { lng: 'it' })).toBe(false);
    await i18n.reloadResources('it', 'translation');
    await i18n.changeLanguage('it');
    expect(i18n.t(screenKey)).toBe(it_.dashboard.profile.title);
    expect(i18n.t('tickets.nav')).toBe(it_.tickets.nav);
    expect(i18n.t('tickets.title')).toBe(it_.tickets.title);
    expect(i18n.t(shellKey)).toBe(it_.fleet.title);
    expect(i18n.t('login.title')).toBe(it_.login.title);
  });

  it('holds a part asked for before the language is set up until its texts are in, as the router asks at start', async () => {
    // A fresh i18next and a fresh copy of this module, as a page starts: nothing set up yet.
    const actual = await vi.importActual<typeof import('i18next')>('i18next');
    vi.doMock('i18next', () => ({ default: actual.default.createInstance() }));
    vi.resetModules();
    try {
      const fresh = await import('./i18n');
      let partIn = false;
      const asked = fresh.loadCatalogPart('shell').then(() => {
        partIn = fresh.i18n.exists(shellKey);
      });
      await fresh.initI18n('en');
      await asked;
      expect(partIn).toBe(true);
      expect(fresh.i18n.t(shellKey)).toBe(en.fleet.title);
    } finally {
      vi.doUnmock('i18next');
      vi.resetModules();
    }
  });
});
