import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../config/storage-keys';

const script = readFileSync(new URL('../../public/theme-init.js', import.meta.url), 'utf8');

/** Runs public/theme-init.js against a stored value (or broken storage) and returns the theme it set. */
function themeAtLoad(stored: string | null | Error): string | undefined {
  const dataset: { bsTheme?: string } = { bsTheme: 'unset' };
  const localStorage = {
    getItem(key: string) {
      if (stored instanceof Error) throw stored;
      return key === STORAGE_KEYS.theme ? stored : null;
    },
  };
  runInNewContext(script, { window: { localStorage }, document: { documentElement: { dataset } } });
  return dataset.bsTheme;
}

describe('the theme applied before the app starts (public/theme-init.js)', () => {
  it('is dark when nothing is stored', () => {
    expect(themeAtLoad(null)).toBe('dark');
  });

  it('is dark when dark is stored', () => {
    expect(themeAtLoad('dark')).toBe('dark');
  });

  it('is light for any other stored value', () => {
    expect(themeAtLoad('light')).toBe('light');
    expect(themeAtLoad('')).toBe('light');
    expect(themeAtLoad('DARK')).toBe('light');
  });

  it('is dark when storage cannot be read', () => {
    expect(themeAtLoad(new Error('SecurityError'))).toBe('dark');
  });
});
