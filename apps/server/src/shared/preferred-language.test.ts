import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './preferred-language.ts';

describe('the language the server writes in', () => {
  it("is the page's, else the browser's first language the portal speaks, else Italian", () => {
    expect(preferredLanguage('en', 'it-IT,it;q=0.9')).toBe('en');
    expect(preferredLanguage(undefined, 'en-GB,en;q=0.9,it;q=0.8')).toBe('en');
    expect(preferredLanguage(undefined, 'de-DE,de;q=0.9,it;q=0.5,en;q=0.4')).toBe('it');
    expect(preferredLanguage(undefined, 'it;q=0.2, EN;q=0.7')).toBe('en');
    expect(preferredLanguage(undefined, 'en;q=0, fr')).toBe('it');
    expect(preferredLanguage(undefined, 'de, fr')).toBe('it');
    expect(preferredLanguage(undefined, undefined)).toBe('it');
    expect(preferredLanguage(undefined, ';;,q=x')).toBe('it');
  });
});
