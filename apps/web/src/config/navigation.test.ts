import { Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navigation';
import { paths } from './paths';

const labels = (role: Role) => navItemsFor(role).map((item) => item.labelKey);

describe('navItemsFor', () => {
  it('gives administrators Dashboard and Settings', () => {
    expect(labels(Role.Administrator)).toEqual(['dashboard', 'settings']);
  });

  it('gives every other role the Dashboard only', () => {
    for (const role of [Role.Manager, Role.Technician, Role.Customer]) {
      expect(labels(role)).toEqual(['dashboard']);
    }
  });
});

describe('paths', () => {
  it('builds every link under the language prefix', () => {
    expect(paths.home.getHref('en')).toBe('/en');
    expect(paths.login.getHref('it')).toBe('/it/login');
    expect(paths.dashboard.getHref('en')).toBe('/en/dashboard');
    expect(paths.settings.getHref('it')).toBe('/it/settings');
    expect(paths.settings.getHref('it', 'users')).toBe('/it/settings#users');
    expect(paths.user.getHref('en', 12)).toBe('/en/settings/users/12');
  });
});
