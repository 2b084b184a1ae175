import type { MachineStatusName } from '@portal/duet';

/** Something the G-code channel waits for before it runs the next command. */
export type ActivityKind =
  | 'boot'
  | 'reset'
  | 'update'
  | 'toolChange'
  | 'homing'
  | 'macro'
  | 'heating'
  | 'dwell';

export interface ActivityRequest {
  readonly kind: ActivityKind;
  /** Simulated milliseconds it lasts; absent when it lasts `until` a condition holds. */
  readonly durationMs?: number;
  readonly until?: () => boolean;
  /** Runs when it ends; its text is the command's reply. */
  readonly finish?: () => string;
}

/**
 * The status an activity shows while it runs (docs/duet-http.md §3.4); job statuses outrank the plain ones.
 */
export function activityStatus(kind: ActivityKind, sbc: boolean): MachineStatusName {
  switch (kind) {
    case 'boot':
      return 'starting';
    case 'reset':
      // DSF loses its board while the board resets; standalone boards come straight back in `starting`.
      return sbc ? 'disconnected' : 'starting';
    case 'update':
      return 'updating';
    case 'toolChange':
      return 'changingTool';
    default:
      return 'busy';
  }
}

/** Activities that report before a running or paused job does. */
export function outranksJob(kind: ActivityKind): boolean {
  return kind === 'boot' || kind === 'reset' || kind === 'update';
}
