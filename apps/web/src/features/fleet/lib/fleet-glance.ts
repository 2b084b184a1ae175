import {
  licenseDaysLeft,
  licenseStateOf,
  type MachineCardState,
  type MachineLicense,
  type MachineLiveStatus,
} from '@portal/contract';
import { secondsToEnd } from './card-rules';

/**
 * The fleet at a glance (docs/product.md §2, the machine list): each machine falls in exactly one state, trouble
 * first: needs attention, else printing, idle or offline. The states are the list's filters and counts.
 */
export const FLEET_STATES = ['attention', 'printing', 'idle', 'offline'] as const;
export type FleetState = (typeof FLEET_STATES)[number];

export const FLEET_SORTS = ['attention', 'name', 'location', 'progress', 'timeLeft'] as const;
export type FleetSort = (typeof FLEET_SORTS)[number];

/** Why a machine needs attention, most urgent first (the order its card lists them). */
export const ATTENTION_REASONS = [
  'halted',
  'fault',
  'paused',
  'boardOffline',
  'gatewayOffline',
  'licenseExpired',
  'licenseExpiring',
  'maintenanceOverdue',
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** What the rules read of one machine: its card's live status, its controller's licence, its maintenance. */
export interface FleetMachine {
  name: string;
  location: string;
  status: MachineLiveStatus;
  /**
   * Null: the controller has no licence (the server then refuses the machine to all but administrators);
   * undefined: not known yet (the statuses have not come), which raises no alert.
   */
  license: MachineLicense | null | undefined;
  maintenanceOverdue: boolean;
}

/**
 * What the card says of a licence: ended, never valid (none, or not activated), or ending within the warning
 * window with the whole days left; null for a licence in order.
 */
export type LicenseAlert =
  | { kind: 'expired' }
  | { kind: 'missing' }
  | { kind: 'expiring'; daysLeft: number }
  | null;

export function licenseAlertOf(license: MachineLicense | null | undefined, now: number): LicenseAlert {
  if (license === undefined) return null;
  if (license === null) return { kind: 'missing' };
  switch (licenseStateOf(license, now)) {
    case 'notActivated':
      return { kind: 'missing' };
    case 'expired':
      return { kind: 'expired' };
    case 'expiring':
      return { kind: 'expiring', daysLeft: licenseDaysLeft(license, now) };
    case 'active':
      return null;
  }
}

const STATE_REASONS: Partial<Record<MachineCardState, AttentionReason>> = {
  halted: 'halted',
  pausing: 'paused',
  paused: 'paused',
  boardOffline: 'boardOffline',
  gatewayOffline: 'gatewayOffline',
};

/** Every reason the machine needs attention, most urgent first; empty when it needs none. */
export function attentionReasons(machine: FleetMachine, now: number): AttentionReason[] {
  const reasons = new Set<AttentionReason>();
  const fromState = STATE_REASONS[machine.status.state];
  if (fromState) reasons.add(fromState);
  if (machine.status.heaters.some((heater) => heater.state === 'fault')) reasons.add('fault');
  const license = licenseAlertOf(machine.license, now);
  if (license) reasons.add(license.kind === 'expiring' ? 'licenseExpiring' : 'licenseExpired');
  if (machine.maintenanceOverdue) reasons.add('maintenanceOverdue');
  return ATTENTION_REASONS.filter((reason) => reasons.has(reason));
}

/** Board states that mean a job or a job's step is under way. */
const WORKING: ReadonlySet<MachineCardState> = new Set([
  'processing',
  'simulating',
  'busy',
  'changingTool',
  'starting',
  'resuming',
  'cancelling',
  'updating',
]);

/** The one state a machine counts in: needs attention wins; a board off, disconnected or not yet heard is offline. */
export function fleetStateOf(machine: FleetMachine, now: number): FleetState {
  if (attentionReasons(machine, now).length > 0) return 'attention';
  if (WORKING.has(machine.status.state)) return 'printing';
  if (machine.status.state === 'idle') return 'idle';
  return 'offline';
}

export function countByState(machines: readonly FleetMachine[], now: number): Record<FleetState, number> {
  const counts: Record<FleetState, number> = { attention: 0, printing: 0, idle: 0, offline: 0 };
  for (const machine of machines) counts[fleetStateOf(machine, now)] += 1;
  return counts;
}

/** Lower case without accents, so 'citta' finds 'Città' and 'PRUSA' finds 'Prusa'. */
const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** What the search box reads: name, location and the job's file name. */
export function matchesQuery(machine: FleetMachine, query: string): boolean {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = folded([machine.name, machine.location, machine.status.job?.fileName ?? ''].join(' '));
  return words.every((word) => text.includes(word));
}

/** What the list shows: the address's state filter and search applied. */
export interface FleetView {
  state: FleetState | null;
  sort: FleetSort;
  query: string;
}

export const DEFAULT_VIEW: FleetView = { state: null, sort: 'attention', query: '' };

export function filterMachines<Machine extends FleetMachine>(
  machines: readonly Machine[],
  view: Pick<FleetView, 'state' | 'query'>,
  now: number,
): Machine[] {
  return machines.filter(
    (machine) =>
      (view.state === null || fleetStateOf(machine, now) === view.state) && matchesQuery(machine, view.query),
  );
}

const RANK: Record<FleetState, number> = { attention: 0, printing: 1, idle: 2, offline: 3 };

/** A running job's progress; null (sorted last) without one. */
const progressOf = (machine: FleetMachine): number | null => {
  const job = machine.status.job;
  return job && !job.finished ? job.progress : null;
};

/** Nulls last, whatever the direction. */
const byNullable = (a: number | null, b: number | null, direction: 1 | -1): number => {
  if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
  return (a - b) * direction;
};

/**
 * The machines in the chosen order, ties by name: trouble first (then printing, idle, offline; among those
 * needing attention, the more reasons first), by name, by location (none last), by progress (furthest first),
 * or by time left (soonest first); machines without a running job come last by progress and time left.
 */
export function sortMachines<Machine extends FleetMachine>(
  machines: readonly Machine[],
  sort: FleetSort,
  language: string,
  now: number,
): Machine[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const byName = (a: Machine, b: Machine) => collator.compare(a.name, b.name);
  const keyed = machines.map((machine) => ({
    machine,
    rank: RANK[fleetStateOf(machine, now)],
    reasons: attentionReasons(machine, now).length,
    progress: progressOf(machine),
    left: machine.status.job ? secondsToEnd(machine.status.job, now) : null,
    location: machine.location.trim(),
  }));
  type Keyed = (typeof keyed)[number];
  const compare: Record<FleetSort, (a: Keyed, b: Keyed) => number> = {
    attention: (a, b) => a.rank - b.rank || b.reasons - a.reasons,
    name: () => 0,
    location: (a, b) =>
      a.location === b.location
        ? 0
        : a.location === ''
          ? 1
          : b.location === ''
            ? -1
            : collator.compare(a.location, b.location),
    progress: (a, b) => byNullable(a.progress, b.progress, -1),
    timeLeft: (a, b) => byNullable(a.left, b.left, 1),
  };
  return keyed
    .sort((a, b) => compare[sort](a, b) || byName(a.machine, b.machine))
    .map((entry) => entry.machine);
}

/**
 * The sorted machines in location sections, every section shown open. Sorted by name or location, the
 * sections go alphabetically (no location last); otherwise in the order of their first machine, so the
 * section holding the most urgent machine leads when sorted by attention.
 */
export function sectionsInOrder<Machine extends FleetMachine>(
  sorted: readonly Machine[],
  sort: FleetSort,
  language: string,
): { location: string; machines: Machine[] }[] {
  const byLocation = new Map<string, Machine[]>();
  for (const machine of sorted) {
    const location = machine.location.trim();
    const section = byLocation.get(location);
    if (section) section.push(machine);
    else byLocation.set(location, [machine]);
  }
  const sections = [...byLocation].map(([location, machines]) => ({ location, machines }));
  if (sort !== 'name' && sort !== 'location') return sections;
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  return sections.sort((a, b) =>
    a.location === '' ? 1 : b.location === '' ? -1 : collator.compare(a.location, b.location),
  );
}

const isState = (value: string | null): value is FleetState =>
  value !== null && (FLEET_STATES as readonly string[]).includes(value);
const isSort = (value: string | null): value is FleetSort =>
  value !== null && (FLEET_SORTS as readonly string[]).includes(value);

/** The view the address holds (`?state=attention&sort=name&q=prusa`); anything unknown falls back to the default. */
export function viewOfParams(params: URLSearchParams): FleetView {
  const state = params.get('state');
  const sort = params.get('sort');
  return {
    state: isState(state) ? state : null,
    sort: isSort(sort) ? sort : DEFAULT_VIEW.sort,
    query: params.get('q') ?? '',
  };
}

/** The address's parameters for a view, defaults left out so the plain list keeps a plain address. */
export function paramsOfView(view: FleetView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.state) params.set('state', view.state);
  if (view.sort !== DEFAULT_VIEW.sort) params.set('sort', view.sort);
  if (view.query) params.set('q', view.query);
  return params;
}
