import { describe, expect, it } from 'vitest';
import { otherTheme, resolveTheme } from './theme';

describe('resolveTheme', () => {
  it('is dark when nothing is stored', () => {
    expect(resolveTheme(null)).toBe('dark');
  });

  it('is dark when dark is stored', () => {
    expect(resolveTheme('dark')).toBe('dark');
  });

  it('is light for any other stored value', () => {
    expect(resolveTheme('light')).toBe('light');
    expect(resolveTheme('')).toBe('light');
    expect(resolveTheme('DARK')).toBe('light');
  });
});

describe('otherTheme', () => {
  it('toggles between dark and light', () => {
    expect(otherTheme('dark')).toBe('light');
    expect(otherTheme('light')).toBe('dark');
  });
});
