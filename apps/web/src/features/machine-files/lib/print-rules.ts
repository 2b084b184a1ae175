import type { MachineCardState } from '@portal/contract';

/** The board's G-code folder: jobs are printed from it (docs/duet-http.md §4.2, §4.3: slicers upload there). */
export const GCODES_FOLDER = '0:/gcodes';

/** The endings Duet Web Control treats as G-code (docs/duet-http.md §4.1). */
export const GCODE_EXTENSIONS = ['.g', '.gcode', '.gc', '.gco', '.nc', '.ngc', '.tap'] as const;

/** Whether a board path is a G-code file inside 0:/gcodes, which the file browser offers to print. */
export function isPrintable(path: string): boolean {
  const lower = path.toLowerCase();
  if (!lower.startsWith(`${GCODES_FOLDER}/`)) return false;
  const name = lower.slice(lower.lastIndexOf('/') + 1);
  return GCODE_EXTENSIONS.some((extension) => name.length > extension.length && name.endsWith(extension));
}

/**
 * The G-code that prints a file: `M32 "<full path>"` (docs/duet-http.md §4.2). Inside a quoted string a `"` is
 * written twice, and so is a `'` as Duet Web Control writes file names into G-code (docs/duet-http.md §4.1).
 */
export const printCommand = (path: string): string => `M32 "${path.replace(/(["'])/g, '$1$1')}"`;

/**
 * The error in a board's G-code reply: its lines that begin `Error:` (RepRapFirmware's and DSF's form, e.g.
 * `Error: File 0:/gcodes/a.g not found`), or null when the reply reports none.
 */
export function boardErrorOf(reply: string): string | null {
  const errors = reply
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^error:/i.test(line));
  return errors.length > 0 ? errors.join('\n') : null;
}

/** Why a print cannot start now, from the machine's live status; see `printBlockOf`. */
export type PrintBlock = 'running' | 'paused' | 'halted' | 'offline' | 'notReady';

const BLOCKS: Partial<Record<MachineCardState, PrintBlock>> = {
  processing: 'running',
  simulating: 'running',
  resuming: 'running',
  cancelling: 'running',
  pausing: 'paused',
  paused: 'paused',
  halted: 'halted',
  gatewayOffline: 'offline',
  boardOffline: 'offline',
  disconnected: 'offline',
  starting: 'notReady',
  updating: 'notReady',
};

/**
 * Why the machine cannot start a print now (a job running or paused, halted, unreachable, rebooting), or null
 * when it may: idle, briefly busy, off, or not known yet (the board itself then answers).
 */
export const printBlockOf = (state: MachineCardState | undefined): PrintBlock | null =>
  (state && BLOCKS[state]) ?? null;

/** What rr_fileinfo (docs/duet-http.md §1.3) says about a file's job, the unknown parts left out. */
export interface PrintFacts {
  size?: number | undefined;
  /** The slicer's estimate, in seconds. */
  printTime?: number | null | undefined;
  /** The board's own estimate after a simulation (M37), in seconds. */
  simulatedTime?: number | null | undefined;
  /** Filament per extruder, in millimetres. */
  filament?: readonly number[] | undefined;
}

/** The estimate to show: a simulation's when there was one (it ran the file), else the slicer's; null if none. */
export function estimatedSeconds(facts: PrintFacts): number | null {
  const usable = (value: number | null | undefined) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
  return usable(facts.simulatedTime) ?? usable(facts.printTime);
}
