import { describe, expect, it } from 'vitest';
import { resolveTab } from './tabs';

const TABS = ['roles', 'users'] as const;

describe('resolveTab', () => {
  it('selects the tab named by the fragment', () => {
    expect(resolveTab('#users', TABS, 'roles')).toBe('users');
    expect(resolveTab('#roles', TABS, 'users')).toBe('roles');
  });

  it('falls back when the fragment names no available tab', () => {
    expect(resolveTab('#businesses', TABS, 'roles')).toBe('roles');
    expect(resolveTab('', TABS, 'roles')).toBe('roles');
    expect(resolveTab('#', TABS, 'roles')).toBe('roles');
  });
});
