import { describe, expect, it } from 'vitest';
import { t, tEn } from './catalog.ts';

describe('catalog texts', () => {
  it('reads a text of either language', () => {
    expect(t('login.submit')).toBe('Accedi');
    expect(tEn('login.submit')).toBe('Log in');
  });

  it('puts values in and picks the plural form as the app does', () => {
    expect(t('fleet.sectionCount', { count: 1 })).toBe('1 macchina');
    expect(t('fleet.sectionCount', { count: 2 })).toBe('2 macchine');
    expect(t('fleet.glance.shown', { shown: 1, total: 2 })).toBe('1 macchine mostrate su 2');
  });

  it('refuses a key the catalog lacks', () => {
    // @ts-expect-error: not a catalog key
    expect(() => t('login.nothing')).toThrow('the it catalog has no text login.nothing');
  });
});
