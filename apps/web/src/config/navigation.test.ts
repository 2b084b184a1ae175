import { ALL_ROLES, Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navigation';
import { paths } from './paths';

const labels = (role: Role) => navItemsFor({ role, business: 4 }).map((item) => item.labelKey);
const hrefOf = (role: Role, business: number, label: string) =>
  navItemsFor({ role, business })
    .find((item) => item.labelKey === label)
    ?.getHref('it');

describe('navItemsFor', () => {
  it('gives administrators Dashboard, Machines, Maintenance, Tickets, Activity, Settings and the Company link', () => {
    expect(labels(Role.Administrator)).toEqual([
      'nav.dashboard',
      'fleet.nav',
      'maintenance.nav',
      'tickets.nav',
      'library.nav',
      'printQueue.nav',
      'activity.nav',
      'insight.nav',
      'nav.settings',
      'nav.company',
    ]);
  });

  it('gives managers Dashboard, Machines, Maintenance, Tickets, Activity and the Company link', () => {
    expect(labels(Role.Manager)).toEqual([
      'nav.dashboard',
      'fleet.nav',
      'maintenance.nav',
      'tickets.nav',
      'library.nav',
      'printQueue.nav',
      'activity.nav',
      'insight.nav',
      'nav.company',
    ]);
  });

  it('gives technicians and customers Dashboard, Machines, Maintenance, Tickets and Activity', () => {
    for (const role of [Role.Technician, Role.Customer]) {
      expect(labels(role)).toEqual([
        'nav.dashboard',
        'fleet.nav',
        'maintenance.nav',
        'tickets.nav',
        'library.nav',
        'printQueue.nav',
        'activity.nav',
      ]);
    }
  });

  it('leads Machines to the machine list and Maintenance to the fleet maintenance list', () => {
    expect(hrefOf(Role.Customer, 4, 'fleet.nav')).toBe('/it/machines');
    expect(hrefOf(Role.Technician, 4, 'maintenance.nav')).toBe('/it/maintenance');
  });

  it('gives Fleet insight to administrators and managers only, leading to /insight', () => {
    expect(ALL_ROLES.filter((role) => labels(role).includes('insight.nav'))).toEqual([
      Role.Administrator,
      Role.Manager,
    ]);
    expect(hrefOf(Role.Manager, 4, 'insight.nav')).toBe('/it/insight');
  });

  it("leads the Company link to the user's own business", () => {
    expect(hrefOf(Role.Manager, 2, 'nav.company')).toBe('/it/business/2');
    expect(hrefOf(Role.Administrator, 1, 'nav.company')).toBe('/it/business/1');
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

  it('builds the hardware links of docs/product.md §2', () => {
    expect(paths.settingsCatalog.getHref('it', 'boards')).toBe('/it/settings?group=boards#groups');
    expect(paths.computerController.getHref('en', 4)).toBe('/en/settings/computer-controller/4');
    expect(paths.machineGroup.getHref('it', 9)).toBe('/it/settings/machine-group/9');
    expect(paths.machineSettings.getHref('it', 9)).toBe('/it/machines/9/settings');
    expect(paths.machines.getHref('en')).toBe('/en/machines');
  });

  it('builds the ticket links', () => {
    expect(paths.tickets.getHref('it')).toBe('/it/tickets');
    expect(paths.newTicket.getHref('en')).toBe('/en/tickets/new');
    expect(paths.newTicket.getHref('it', 5)).toBe('/it/tickets/new?machine=5');
    expect(paths.newTicket.getHref('it', 5, { title: 'Ugello & piano', content: 'Riga 1\nRiga 2' })).toBe(
      '/it/tickets/new?machine=5&title=Ugello+%26+piano&content=Riga+1%0ARiga+2',
    );
    expect(paths.ticket.getHref('it', 7)).toBe('/it/tickets/7');
  });
});
