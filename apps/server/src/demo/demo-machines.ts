import type { Firmware } from '@portal/contract';
import type { Database } from '../db/database.ts';
import { boardTypes, computerTypes, licenses, machineTypes } from '../db/schema.ts';
import type { ControllersRepository } from '../modules/controllers/controllers.repository.ts';
import type { MachineGroupsRepository } from '../modules/machine-groups/machine-groups.repository.ts';
import {
  BOARD,
  COMPUTER,
  DEMO_BOARD_TYPES,
  DEMO_COMPUTER_TYPES,
  DEMO_MACHINE_TYPES,
  MACHINE,
} from './demo-catalog.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;

/**
 * The licence states the screens show, relative to the seeding time: a year left, fewer than 30 days
 * left (the control panel's warning), ended, and never activated (free to bind).
 */
const LICENSE_STATES = {
  valid: { activatedDaysAgo: 30, expiryMs: YEAR_MS + 30 * DAY_MS },
  expiring: { activatedDaysAgo: 345, expiryMs: YEAR_MS },
  expired: { activatedDaysAgo: 400, expiryMs: YEAR_MS },
  unbound: { activatedDaysAgo: null, expiryMs: YEAR_MS },
} as const;
type LicenseState = keyof typeof LICENSE_STATES;

type BusinessKey = 'a' | 'b';
/** Short tags in controller names, so the administrators' list tells the two businesses apart. */
const BUSINESS_TAG = { a: 'OA', b: 'BP' } as const satisfies Record<BusinessKey, string>;
type AssigneeKey = 'tech' | 'customer' | 'customer2';

/**
 * What the simulated hardware behind a demo group does (docs/design.md §7): its board's firmware and
 * mode, the state it starts in, and whether its board or gateway is missing.
 */
export interface DemoHardware {
  firmware: '3.4' | '3.5' | '3.6';
  mode: 'standalone' | 'sbc';
  board: 'printing' | 'idle' | 'paused' | 'halted' | 'offline';
  gateway: 'online' | 'offline';
}

interface DemoMachineGroup {
  name: string;
  location: string;
  description: string;
  machine: number;
  board: number;
  firmware: Firmware;
  business: BusinessKey;
  computer: number;
  license: LicenseState | null;
  assignees: readonly AssigneeKey[];
  hardware: DemoHardware;
}

/** The fleet: each group gets its own controller, named after where it stands. */
export const DEMO_MACHINE_GROUPS: readonly DemoMachineGroup[] = [
  {
    name: 'Prusa linea 1',
    location: 'Reparto stampa',
    description: 'Produzione di serie di staffe e supporti in PETG',
    machine: MACHINE.prusa,
    board: BOARD.mini5,
    firmware: 3.5,
    business: 'a',
    computer: COMPUTER.pi4,
    license: 'valid',
    assignees: ['tech', 'customer'],
    hardware: { firmware: '3.5', mode: 'standalone', board: 'printing', gateway: 'online' },
  },
  {
    name: 'Prusa linea 2',
    location: 'Reparto stampa',
    description: 'Ricambi e piccole serie in PLA e ASA',
    machine: MACHINE.prusa,
    board: BOARD.mini5,
    firmware: 3.5,
    business: 'a',
    computer: COMPUTER.pi4,
    license: 'expiring',
    assignees: ['customer'],
    hardware: { firmware: '3.5', mode: 'standalone', board: 'printing', gateway: 'online' },
  },
  {
    name: 'Cella pallet',
    location: 'Reparto stampa',
    description: 'Carico e scarico automatico dei piatti di stampa delle linee 1 e 2',
    machine: MACHINE.pallet,
    board: BOARD.duet6hc,
    firmware: 3.6,
    business: 'a',
    computer: COMPUTER.pi5,
    license: 'valid',
    assignees: ['tech'],
    hardware: { firmware: '3.6', mode: 'sbc', board: 'idle', gateway: 'online' },
  },
  {
    name: 'Voron prototipi',
    location: 'Laboratorio',
    description: 'Prototipi funzionali in ABS e nylon caricato carbonio',
    machine: MACHINE.voron,
    board: BOARD.duet6hc,
    firmware: 3.6,
    business: 'a',
    computer: COMPUTER.pi5,
    license: 'expired',
    assignees: ['tech'],
    hardware: { firmware: '3.6', mode: 'standalone', board: 'paused', gateway: 'online' },
  },
  {
    name: 'Modix grande formato',
    location: 'Magazzino',
    description: 'Sagome e maschere di montaggio di grande formato',
    machine: MACHINE.modix,
    board: BOARD.duet6hc,
    firmware: 0,
    business: 'a',
    computer: COMPUTER.pi4,
    license: 'valid',
    assignees: [],
    hardware: { firmware: '3.4', mode: 'standalone', board: 'halted', gateway: 'online' },
  },
  {
    name: 'RatRig produzione',
    location: 'Reparto stampa',
    description: 'Carter e coperture per i banchi prova',
    machine: MACHINE.ratrig,
    board: BOARD.duet6hc,
    firmware: 3.5,
    business: 'b',
    computer: COMPUTER.pi5,
    license: 'valid',
    assignees: ['customer2'],
    hardware: { firmware: '3.5', mode: 'standalone', board: 'printing', gateway: 'online' },
  },
  {
    name: 'Prusa laboratorio',
    location: 'Laboratorio',
    description: 'Campioni per i clienti e prove di materiale',
    machine: MACHINE.prusa,
    board: BOARD.duet2wifi,
    firmware: 3.4,
    business: 'b',
    computer: COMPUTER.pi4,
    license: 'expiring',
    assignees: ['customer2'],
    hardware: { firmware: '3.4', mode: 'standalone', board: 'offline', gateway: 'online' },
  },
  {
    name: 'Cella pallet B',
    location: 'Magazzino',
    description: 'Cambio automatico dei piatti della RatRig di produzione',
    machine: MACHINE.pallet,
    board: BOARD.duet6hc,
    firmware: 3.6,
    business: 'b',
    computer: COMPUTER.pi4,
    license: 'expired',
    assignees: [],
    hardware: { firmware: '3.6', mode: 'standalone', board: 'idle', gateway: 'offline' },
  },
];

export interface DemoMachineDeps {
  db: Database;
  now: Date;
  /** Ids of the demo businesses and of the users the groups are assigned to. */
  businesses: { operator: number; a: number; b: number };
  assignees: Record<AssigneeKey, number>;
  controllers: ControllersRepository;
  machineGroups: MachineGroupsRepository;
}

/**
 * Catalogues, licences, controllers, machine groups and assignments. Controller 1 is the operator's
 * spare in its warehouse (the one the computer choices leave out); A also keeps an unused controller and
 * a licence never activated, for the creation and licence forms. The catalogues and licences are written
 * with Drizzle here because their modules are not this one's.
 */
export async function seedDemoMachines(deps: DemoMachineDeps): Promise<void> {
  const { db, now, businesses, controllers, machineGroups } = deps;
  await db.insert(machineTypes).values([...DEMO_MACHINE_TYPES]);
  await db.insert(boardTypes).values([...DEMO_BOARD_TYPES]);
  await db.insert(computerTypes).values([...DEMO_COMPUTER_TYPES]);

  const newLicense = async (business: BusinessKey, state: LicenseState) => {
    const { activatedDaysAgo, expiryMs } = LICENSE_STATES[state];
    const activation = activatedDaysAgo === null ? null : new Date(now.getTime() - activatedDaysAgo * DAY_MS);
    const [row] = await db
      .insert(licenses)
      .values({ businessId: businesses[business], expiryMs, activation })
      .returning({ id: licenses.id });
    if (!row) throw new Error('licence insert returned no row');
    return row.id;
  };

  await controllers.insert({ name: 'Magazzino', typeId: COMPUTER.pi4, businessId: businesses.operator });
  const counters: Record<string, number> = {};
  for (const group of DEMO_MACHINE_GROUPS) {
    const key = `${group.business}:${group.location}`;
    counters[key] = (counters[key] ?? 0) + 1;
    const controller = await controllers.insert({
      name: `Gateway ${BUSINESS_TAG[group.business]} ${group.location} ${counters[key]}`,
      typeId: group.computer,
      businessId: businesses[group.business],
      licenseId: group.license && (await newLicense(group.business, group.license)),
    });
    const row = await machineGroups.insert({
      name: group.name,
      location: group.location,
      description: group.description,
      machineTypeId: group.machine,
      boardTypeId: group.board,
      businessId: businesses[group.business],
      computerControllerId: controller.id,
      firmware: group.firmware,
      // Seeded at the demo's time, not the database's: the same fleet whenever it is seeded at the same time.
      createdAt: now,
    });
    await machineGroups.assign(
      row.id,
      group.assignees.map((assignee) => deps.assignees[assignee]),
    );
  }
  await controllers.insert({ name: 'Gateway OA di scorta', typeId: COMPUTER.pi5, businessId: businesses.a });
  await newLicense('a', 'unbound');
  await newLicense('b', 'unbound');
}
