import { describe, expect, it } from 'vitest';
import { isLanguage, languageOfPath, localizePath, preferredLanguage } from './language';

describe('preferredLanguage', () => {
  it('takes the stored language first', () => {
    expect(preferredLanguage('en', ['it-IT'])).toBe('en');
  });

  it('ignores a stored value that is no offered language', () => {
    expect(preferredLanguage('de', ['en-US'])).toBe('en');
  });

  it('takes the first browser language the portal offers', () => {
    expect(preferredLanguage(null, ['de-DE', 'en-GB', 'it'])).toBe('en');
    expect(preferredLanguage(null, ['IT-ch'])).toBe('it');
  });

  it('falls back to Italian', () => {
    expect(preferredLanguage(null, [])).toBe('it');
    expect(preferredLanguage(null, ['fr-FR'])).toBe('it');
  });
});

describe('isLanguage', () => {
  it('accepts only it and en', () => {
    expect(isLanguage('it')).toBe(true);
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('EN')).toBe(false);
    expect(isLanguage('login')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});

describe('languageOfPath', () => {
  it('reads the language prefix', () => {
    expect(languageOfPath('/en/login')).toBe('en');
    expect(languageOfPath('/it')).toBe('it');
  });

  it('gives null for a bare path', () => {
    expect(languageOfPath('/')).toBeNull();
    expect(languageOfPath('/login')).toBeNull();
    expect(languageOfPath('/english/login')).toBeNull();
  });
});

describe('localizePath', () => {
  it('puts a bare path under the language', () => {
    expect(localizePath('/', 'it')).toBe('/it');
    expect(localizePath('/login', 'en')).toBe('/en/login');
    expect(localizePath('/users/5', 'it')).toBe('/it/users/5');
  });

  it('moves a prefixed path to the other language', () => {
    expect(localizePath('/it/settings/users/3', 'en')).toBe('/en/settings/users/3');
    expect(localizePath('/en', 'it')).toBe('/it');
    expect(localizePath('/en/', 'it')).toBe('/it');
  });
});
