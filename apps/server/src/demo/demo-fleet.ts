import { DEFAULT_OPERATOR_BUSINESS, Role } from '@portal/contract';
import type { Database } from '../db/database.ts';
import type { ControllersRepository } from '../modules/controllers/controllers.repository.ts';
import type { MachineGroupsRepository } from '../modules/machine-groups/machine-groups.repository.ts';
import type { MaintenanceRepository } from '../modules/maintenance/maintenance.repository.ts';
import type { TicketsRepository } from '../modules/tickets/tickets.repository.ts';
import type { SeedDeps } from '../modules/users/first-administrator.ts';
import { seedDemoMachines } from './demo-machines.ts';
import { seedDemoMaintenance } from './demo-maintenance.ts';
import { seedDemoTickets } from './demo-tickets.ts';

export const DEMO_PASSWORD = 'Demo1234!';

/** The demo accounts of the README, all with DEMO_PASSWORD. */
export const DEMO_USERS = [
  {
    email: 'admin@demo.test',
    name: 'Alessia',
    surname: 'Amministratori',
    role: Role.Administrator,
    business: 'operator',
  },
  { email: 'manager@demo.test', name: 'Marco', surname: 'Manager', role: Role.Manager, business: 'a' },
  { email: 'tech@demo.test', name: 'Tiziana', surname: 'Tecnico', role: Role.Technician, business: 'a' },
  { email: 'customer@demo.test', name: 'Carlo', surname: 'Cliente', role: Role.Customer, business: 'a' },
  { email: 'manager2@demo.test', name: 'Monica', surname: 'Manager', role: Role.Manager, business: 'b' },
  { email: 'customer2@demo.test', name: 'Cesare', surname: 'Cliente', role: Role.Customer, business: 'b' },
] as const;

const DEMO_BUSINESSES = {
  a: {
    name: 'Officine Adriatiche S.p.A.',
    street: 'Via Garibaldi 12',
    cap: 35100,
    city: 'Padova',
    province: 'PD',
    country: 'Italia',
    email: 'info@officine-adriatiche.test',
    phone: '+39 049 000 1111',
  },
  b: {
    name: 'Brenta Prototipi S.r.l.',
    street: 'Via Roma 3',
    cap: 30030,
    city: 'Dolo',
    province: 'VE',
    country: 'Italia',
    email: 'info@brenta-prototipi.test',
    phone: '+39 041 000 2222',
  },
} as const;

/** The modules the demo writes through. */
export interface DemoModules extends SeedDeps {
  controllers: { repository: ControllersRepository };
  machineGroups: { repository: MachineGroupsRepository };
  tickets: { repository: TicketsRepository };
  maintenance: { repository: MaintenanceRepository };
}

export interface DemoOptions {
  /** For the tables no module of the demo's writes yet (catalogues, licences). */
  db: Database;
  /** Licence dates are relative to it; the tests pass their clock's start, so the fleet is always alike. */
  now?: Date;
}

/** Creates the demo fleet on an empty database; a database that has users is left as it is. */
export async function seedDemoFleet(
  modules: DemoModules,
  { db, now = new Date() }: DemoOptions,
): Promise<boolean> {
  const { users, business, auth } = modules;
  if ((await users.repository.count()) > 0) return false;
  const operator = await business.repository.insert({ ...DEFAULT_OPERATOR_BUSINESS, operator: true });
  const a = await business.repository.insert(DEMO_BUSINESSES.a);
  const b = await business.repository.insert(DEMO_BUSINESSES.b);
  const businessIds = { operator: operator.id, a: a.id, b: b.id };
  const passwordHash = await auth.hasher.hash(DEMO_PASSWORD);
  const userIds = new Map<string, number>();
  for (const user of DEMO_USERS) {
    const { business: key, ...fields } = user;
    const row = await users.repository.insert({ ...fields, businessId: businessIds[key], passwordHash });
    userIds.set(row.email, row.id);
  }
  const idOf = (email: string) => {
    const id = userIds.get(email);
    if (id === undefined) throw new Error(`no demo user ${email}`);
    return id;
  };
  await seedDemoMachines({
    db,
    now,
    businesses: businessIds,
    assignees: {
      tech: idOf('tech@demo.test'),
      customer: idOf('customer@demo.test'),
      customer2: idOf('customer2@demo.test'),
    },
    controllers: modules.controllers.repository,
    machineGroups: modules.machineGroups.repository,
  });
  await seedDemoTickets({ db, now, tickets: modules.tickets.repository, userId: idOf });
  await seedDemoMaintenance({ db, now, maintenance: modules.maintenance.repository, userId: idOf });
  return true;
}
