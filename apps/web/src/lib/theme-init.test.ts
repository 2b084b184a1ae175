import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../config/storage-keys';

const script = readFileSync(new URL('../../public/theme-init.js', import.meta.url), 'utf8');

/**
 * Runs public/theme-init.js against a stored value (or broken storage) and the system's colour scheme, and returns
 * the theme it set.
 */
function themeAtLoad(
  stored: string | null | Error,
  system: 'light' | 'dark' | 'none' = 'dark',
): string | undefined {
  const dataset: { bsTheme?: string } = { bsTheme: 'unset' };
  const localStorage = {
    getItem(key: string) {
      if (stored instanceof Error) throw stored;
      return key === STORAGE_KEYS.theme ? stored : null;
    },
  };
  const matchMedia =
    system === 'none'
      ? undefined
      : (query: string) => ({ matches: query === `(prefers-color-scheme: ${system})` });
  runInNewContext(script, {
    window: { localStorage, matchMedia },
    document: { documentElement: { dataset } },
  });
  return dataset.bsTheme;
}

describe('the theme applied before the app starts (public/theme-init.js)', () => {
  it("follows the system's colour scheme when nothing is stored (a first visit)", () => {
    expect(themeAtLoad(null, 'light')).toBe('light');
    expect(themeAtLoad(null, 'dark')).toBe('dark');
    expect(themeAtLoad(null, 'none')).toBe('dark');
  });

  it("keeps the user's choice over the system's", () => {
    expect(themeAtLoad('dark', 'light')).toBe('dark');
    expect(themeAtLoad('light', 'dark')).toBe('light');
  });

  it('is dark when dark is stored', () => {
    expect(themeAtLoad('dark')).toBe('dark');
  });

  it('is light for any other stored value', () => {
    expect(themeAtLoad('light')).toBe('light');
    expect(themeAtLoad('')).toBe('light');
    expect(themeAtLoad('DARK')).toBe('light');
  });

  it('follows the system when storage cannot be read', () => {
    expect(themeAtLoad(new Error('SecurityError'), 'dark')).toBe('dark');
    expect(themeAtLoad(new Error('SecurityError'), 'light')).toBe('light');
  });
});
