import { Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navigation';
import { paths } from './paths';

const labels = (role: Role) => navItemsFor({ role, business: 4 }).map((item) => item.labelKey);
const hrefOf = (role: Role, business: number, label: string) =>
  navItemsFor({ role, business })
    .find((item) => item.labelKey === label)
    ?.getHref('it');

describe('navItemsFor', () => {
  it('gives administrators Dashboard, Settings and the Company link', () => {
    expect(labels(Role.Administrator)).toEqual(['dashboard', 'settings', 'company']);
  });

  it('gives managers Dashboard and the Company link', () => {
    expect(labels(Role.Manager)).toEqual(['dashboard', 'company']);
  });

  it('gives technicians and customers the Dashboard only', () => {
    for (const role of [Role.Technician, Role.Customer]) {
      expect(labels(role)).toEqual(['dashboard']);
    }
  });

  it("leads the Company link to the user's own business", () => {
    expect(hrefOf(Role.Manager, 2, 'company')).toBe('/it/business/2');
    expect(hrefOf(Role.Administrator, 1, 'company')).toBe('/it/business/1');
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
    expect(paths.business.getHref('it', 3)).toBe('/it/business/3');
  });
});
