import { LICENSE_YEAR_MS, type MachineCardState, type MachineJob } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  attentionReasons,
  countByState,
  DEFAULT_VIEW,
  type FleetMachine,
  filterMachines,
  fleetStateOf,
  licenseAlertOf,
  paramsOfView,
  sectionsInOrder,
  sortMachines,
  viewOfParams,
} from './fleet-glance';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-03-01T10:00:00.000Z');
/** A licence activated `daysAgo` days before NOW, lasting a year. */
const activated = (daysAgo: number) => ({ activation: NOW - daysAgo * DAY_MS, expiry: LICENSE_YEAR_MS });
const VALID = activated(30);

const job = (progress: number, minutesLeft: number): MachineJob => ({
  fileName: `0:/gcodes/part-${progress}.gcode`,
  progress,
  finished: false,
  durationSeconds: 60,
  estimatedEnd: new Date(NOW + minutesLeft * 60_000).toISOString(),
  layer: null,
  layerCount: null,
  thumbnail: null,
});

function machine(
  name: string,
  state: MachineCardState,
  extra: Partial<Omit<FleetMachine, 'status'>> & { job?: MachineJob; fault?: boolean } = {},
): FleetMachine {
  const { job: running = null, fault = false, ...rest } = extra;
  return {
    name,
    location: 'Reparto',
    license: VALID,
    maintenanceOverdue: false,
    ...rest,
    status: {
      state,
      job: running,
      heaters: fault ? [{ kind: 'bed', number: 1, current: 20, target: null, state: 'fault' }] : [],
      boardName: null,
      firmwareVersion: null,
      updatedAt: null,
    },
  };
}

describe('the licence on a card', () => {
  it('is quiet while valid, warns with the days left inside the 30-day window, and says expired or missing', () => {
    expect(licenseAlertOf(VALID, NOW)).toBeNull();
    expect(licenseAlertOf(activated(345), NOW)).toEqual({ kind: 'expiring', daysLeft: 20 });
    expect(licenseAlertOf(activated(366), NOW)).toEqual({ kind: 'expired' });
    expect(licenseAlertOf({ activation: null, expiry: LICENSE_YEAR_MS }, NOW)).toEqual({ kind: 'missing' });
    expect(licenseAlertOf(null, NOW)).toEqual({ kind: 'missing' });
    // Not read yet (the statuses have not come): nothing to warn about.
    expect(licenseAlertOf(undefined, NOW)).toBeNull();
  });
});

describe('what needs attention', () => {
  it('names halts, pauses, heater faults, offline boards and gateways, licences and overdue maintenance', () => {
    expect(attentionReasons(machine('a', 'halted'), NOW)).toEqual(['halted']);
    expect(attentionReasons(machine('a', 'pausing'), NOW)).toEqual(['paused']);
    expect(attentionReasons(machine('a', 'paused'), NOW)).toEqual(['paused']);
    expect(attentionReasons(machine('a', 'boardOffline'), NOW)).toEqual(['boardOffline']);
    expect(attentionReasons(machine('a', 'gatewayOffline'), NOW)).toEqual(['gatewayOffline']);
    expect(attentionReasons(machine('a', 'idle', { fault: true }), NOW)).toEqual(['fault']);
    expect(attentionReasons(machine('a', 'idle', { license: activated(345) }), NOW)).toEqual([
      'licenseExpiring',
    ]);
    expect(attentionReasons(machine('a', 'idle', { license: null }), NOW)).toEqual(['licenseExpired']);
    expect(attentionReasons(machine('a', 'idle', { maintenanceOverdue: true }), NOW)).toEqual([
      'maintenanceOverdue',
    ]);
  });

  it('lists several reasons most urgent first, and none for a machine in order', () => {
    const troubled = machine('a', 'gatewayOffline', { license: activated(400), maintenanceOverdue: true });
    expect(attentionReasons(troubled, NOW)).toEqual([
      'gatewayOffline',
      'licenseExpired',
      'maintenanceOverdue',
    ]);
    expect(attentionReasons(machine('a', 'processing'), NOW)).toEqual([]);
  });
});

describe('the state a machine counts in', () => {
  it('puts trouble first, then printing, idle and offline, one state per machine', () => {
    expect(fleetStateOf(machine('a', 'processing', { license: activated(345) }), NOW)).toBe('attention');
    expect(fleetStateOf(machine('a', 'processing'), NOW)).toBe('printing');
    expect(fleetStateOf(machine('a', 'simulating'), NOW)).toBe('printing');
    expect(fleetStateOf(machine('a', 'idle'), NOW)).toBe('idle');
    expect(fleetStateOf(machine('a', 'off'), NOW)).toBe('offline');
    expect(fleetStateOf(machine('a', 'waiting'), NOW)).toBe('offline');
    expect(fleetStateOf(machine('a', 'disconnected'), NOW)).toBe('offline');
  });

  it('counts every machine once, the counts adding up to the fleet', () => {
    const fleet = [
      machine('a', 'processing'),
      machine('b', 'processing'),
      machine('c', 'halted'),
      machine('d', 'gatewayOffline'),
      machine('e', 'idle'),
      machine('f', 'off'),
    ];
    expect(countByState(fleet, NOW)).toEqual({ attention: 2, printing: 2, idle: 1, offline: 1 });
  });
});

describe('filtering and search', () => {
  const fleet = [
    machine('Prusa linea 1', 'processing', { location: 'Reparto stampa' }),
    machine('Modix grande formato', 'halted', { location: 'Magazzino' }),
    machine('Cella pallet B', 'gatewayOffline', { location: 'Città alta' }),
    machine('Cella pallet', 'idle'),
  ];
  const names = (list: FleetMachine[]) => list.map((item) => item.name);

  it('keeps the machines of the chosen state', () => {
    expect(names(filterMachines(fleet, { state: 'attention', query: '' }, NOW))).toEqual([
      'Modix grande formato',
      'Cella pallet B',
    ]);
    expect(names(filterMachines(fleet, { state: null, query: '' }, NOW))).toHaveLength(4);
  });

  it('searches name, location and job file, every word, without regard to case or accents', () => {
    expect(names(filterMachines(fleet, { state: null, query: 'CELLA' }, NOW))).toEqual([
      'Cella pallet B',
      'Cella pallet',
    ]);
    expect(names(filterMachines(fleet, { state: null, query: 'citta pallet' }, NOW))).toEqual([
      'Cella pallet B',
    ]);
    expect(names(filterMachines(fleet, { state: 'idle', query: 'modix' }, NOW))).toEqual([]);
    const printing = [machine('X', 'processing', { job: job(10, 5) })];
    expect(names(filterMachines(printing, { state: null, query: 'part-10' }, NOW))).toEqual(['X']);
  });
});

describe('sorting', () => {
  const fleet = [
    machine('Bravo', 'processing', { job: job(80, 30), location: 'Laboratorio' }),
    machine('alfa', 'idle', { location: '' }),
    machine('Charlie', 'gatewayOffline', { location: 'Magazzino' }),
    machine('Delta', 'processing', { job: job(20, 5), location: 'Laboratorio' }),
    machine('Echo', 'halted', { maintenanceOverdue: true, location: 'Magazzino' }),
    machine('Foxtrot', 'off', { location: 'Reparto' }),
  ];
  const order = (sort: Parameters<typeof sortMachines>[1]) =>
    sortMachines(fleet, sort, 'it', NOW).map((item) => item.name);

  it('puts trouble first, the most reasons leading, then printing, idle, offline', () => {
    expect(order('attention')).toEqual(['Echo', 'Charlie', 'Bravo', 'Delta', 'alfa', 'Foxtrot']);
  });

  it('sorts by name whatever the case, and by location with no location last', () => {
    expect(order('name')).toEqual(['alfa', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot']);
    expect(order('location')).toEqual(['Bravo', 'Delta', 'Charlie', 'Echo', 'Foxtrot', 'alfa']);
  });

  it('sorts by progress furthest first and by time left soonest first, machines without a job last', () => {
    expect(order('progress')).toEqual(['Bravo', 'Delta', 'alfa', 'Charlie', 'Echo', 'Foxtrot']);
    expect(order('timeLeft')).toEqual(['Delta', 'Bravo', 'alfa', 'Charlie', 'Echo', 'Foxtrot']);
  });

  it('keeps every section open in order: the most urgent first, or alphabetically by name and location', () => {
    const locations = (sort: Parameters<typeof sortMachines>[1]) =>
      sectionsInOrder(sortMachines(fleet, sort, 'it', NOW), sort, 'it').map((section) => section.location);
    expect(locations('attention')).toEqual(['Magazzino', 'Laboratorio', '', 'Reparto']);
    expect(locations('name')).toEqual(['Laboratorio', 'Magazzino', 'Reparto', '']);
  });
});

describe('the view in the address', () => {
  it('reads state, sort and search, falling back to the defaults for anything unknown', () => {
    expect(viewOfParams(new URLSearchParams('state=attention&sort=timeLeft&q=prusa'))).toEqual({
      state: 'attention',
      sort: 'timeLeft',
      query: 'prusa',
    });
    expect(viewOfParams(new URLSearchParams('state=broken&sort=colour'))).toEqual(DEFAULT_VIEW);
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    expect(paramsOfView(DEFAULT_VIEW).toString()).toBe('');
    const view = { state: 'idle', sort: 'name', query: 'cella b' } as const;
    expect(viewOfParams(paramsOfView(view))).toEqual(view);
  });
});
