import { MachineStatus } from './objectmodel.ts';

/** Every `state.status` value, in the order of the object model's enum (DSF adds `disconnected`). */
export const MACHINE_STATUSES = Object.values(MachineStatus) as readonly MachineStatusName[];
export type MachineStatusName = `${MachineStatus}`;

/**
 * The legacy `rr_status` letter of each status RRF produces (docs/duet-http.md §3.4); `disconnected` exists
 * only in DSF and has none.
 */
export const STATUS_LETTERS: Readonly<Record<Exclude<MachineStatusName, 'disconnected'>, string>> = {
  starting: 'C',
  updating: 'F',
  halted: 'H',
  off: 'O',
  pausing: 'D',
  resuming: 'R',
  paused: 'S',
  cancelling: 'A',
  simulating: 'M',
  processing: 'P',
  changingTool: 'T',
  busy: 'B',
  idle: 'I',
};
