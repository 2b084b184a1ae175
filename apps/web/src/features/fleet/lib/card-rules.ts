import type { MachineCardState, MachineJob, MachineLiveStatus, MachineStatus } from '@portal/contract';

/** docs/product.md §9: the machine card's timings. */
export const STATUS_TIMEOUT_MS = 30_000;
export const STATUS_REFRESH_MS = 60_000;
export const VISIBILITY_DEBOUNCE_MS = 1000;
export const JOB_TIMER_MS = 1000;

/** Bootstrap's contextual colours a badge may take (`text-bg-*` keeps its text readable in both themes). */
export type BadgeVariant = 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'danger';

/**
 * The label key (under `fleet.states`) and colour of a card state. Pausing and paused share the
 * one label of docs/product.md §4, 'Pausa'.
 */
export function badgeOf(state: MachineCardState): { labelKey: BadgeLabel; variant: BadgeVariant } {
  const labelKey = state === 'pausing' ? 'paused' : state;
  return { labelKey, variant: VARIANTS[state] };
}
export type BadgeLabel = Exclude<MachineCardState, 'pausing'>;

const VARIANTS: Record<MachineCardState, BadgeVariant> = {
  waiting: 'secondary',
  gatewayOffline: 'danger',
  boardOffline: 'danger',
  disconnected: 'secondary',
  off: 'secondary',
  idle: 'success',
  processing: 'primary',
  simulating: 'primary',
  busy: 'info',
  changingTool: 'info',
  starting: 'info',
  updating: 'info',
  resuming: 'info',
  cancelling: 'warning',
  pausing: 'warning',
  paused: 'warning',
  halted: 'danger',
};

const UNREACHABLE: ReadonlySet<MachineCardState> = new Set(['waiting', 'gatewayOffline', 'boardOffline']);

/** A machine is online once its board answers: not waiting for the first answer, nor offline. */
export const isOnline = (state: MachineCardState): boolean => !UNREACHABLE.has(state);

/** Progress in percent with one decimal, in the page's language ('42,5%' in Italian). */
export function formatProgress(progress: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(progress / 100);
}

/** A duration in hours, minutes and seconds ('1h 2m 3s', '4m 0s', '7s'); days count as hours. */
export function formatHms(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours}h ${minutes}m ${rest}s`;
  if (minutes > 0) return `${minutes}m ${rest}s`;
  return `${rest}s`;
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

/** A moment's local time of day as `HH:mm`, 24-hour (the estimated end of a job). */
export const formatClock = (at: Date): string => `${pad2(at.getHours())}:${pad2(at.getMinutes())}`;

/**
 * How long the job has run at `now`: a running job's duration as last read, plus the time since that
 * reading (the timer ticks between readings); a finished job's duration stays still.
 */
export function elapsedSeconds(job: MachineJob, readAt: string | null, now: number): number | null {
  if (job.durationSeconds === null) return null;
  if (job.finished || readAt === null) return job.durationSeconds;
  return job.durationSeconds + Math.max(0, (now - Date.parse(readAt)) / 1000);
}

/** Seconds until the estimated end (0 once it has passed); null without an estimate or for a finished job. */
export function secondsToEnd(job: MachineJob, now: number): number | null {
  if (job.finished || job.estimatedEnd === null) return null;
  return Math.max(0, (Date.parse(job.estimatedEnd) - now) / 1000);
}

/** The file name without its board path (`0:/gcodes/staffa.gcode` → `staffa.gcode`). */
export const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1) || path;

/**
 * The card state after a failed status call, as the server's own follower decides (docs/product.md
 * §4): a time-out, 503 or 504 means the board is offline, any other error the gateway.
 */
export function failedCallState(failure: { timedOut: boolean; httpStatus: number | null }): MachineCardState {
  if (failure.timedOut) return 'boardOffline';
  return failure.httpStatus === 503 || failure.httpStatus === 504 ? 'boardOffline' : 'gatewayOffline';
}

/** How often to call for the statuses: every 60 s, but not while the event stream keeps them current. */
export const refreshIntervalOf = (streamOpen: boolean): number | false =>
  streamOpen ? false : STATUS_REFRESH_MS;

/**
 * Whether a tab that has become visible again must call for the statuses: when the last update is
 * older than the refresh period (a stream may have gone quiet while the tab slept), or there is none.
 */
export function shouldRefreshOnVisible(lastUpdateAt: number | null, now: number): boolean {
  return lastUpdateAt === null || now - lastUpdateAt >= STATUS_REFRESH_MS;
}

/**
 * What one machine group's card shows: its live status; after a failed call the failure's state
 * (without a job); before the first answer, or for a group the statuses do not name yet, waiting.
 */
export function cardStatusOf(
  machineGroupId: number,
  statuses: readonly MachineStatus[] | undefined,
  failedState: MachineCardState | null,
): MachineLiveStatus {
  const found = statuses?.find((item) => item.machineGroupId === machineGroupId)?.status;
  if (found) return failedState ? { ...found, state: failedState, job: null, heaters: [] } : found;
  return {
    state: failedState ?? 'waiting',
    job: null,
    heaters: [],
    boardName: null,
    firmwareVersion: null,
    updatedAt: null,
  };
}
