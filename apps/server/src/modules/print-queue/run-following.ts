import {
  ACTIVE_QUEUE_RUN_STATES,
  type ErrorCode,
  type MachineCardState,
  type MachineLiveStatus,
  type QueueRunFailure,
  type QueueRunState,
} from '@portal/contract';
import type { MachineTransition } from '../live-status/machine-events.ts';

/**
 * The pure rules of a queue run following its board (docs/design.md §14): what a status or a transition of the
 * machine makes of the run, what cancelling it does, and where its file goes on the card. The repository applies a
 * change only to a run still in the state it was decided from, so an event seen by several instances, or twice,
 * changes the run once.
 */

/** The folder of the board's card the queue's files are sent to. */
export const QUEUE_FOLDER = '0:/gcodes/queue';

/** The board path of a queued file: its library name in the queue's folder. */
export const boardFileOf = (fileName: string): string => `${QUEUE_FOLDER}/${fileName}`;

/** A run as following reads it. */
export interface FollowedRun {
  state: QueueRunState;
  boardFile: string;
  startedAt: Date;
}

/**
 * A run still starting this long is one whose start the portal lost (its instance stopped while sending the file):
 * a machine marked ready again ends it. Sending a large file over a slow link takes minutes, not this.
 */
export const START_LOST_AFTER_MS = 30 * 60_000;

/**
 * What a run becomes: its new state, when it ended (null while it runs), why it failed when it did, and for a
 * start that failed otherwise than by the board's refusal (`notStarted`) the portal's error code, when it had one.
 */
export interface RunChange {
  state: QueueRunState;
  endedAt: Date | null;
  reason: QueueRunFailure | null;
  startError?: ErrorCode | null;
}

const ACTIVE: ReadonlySet<QueueRunState> = new Set(ACTIVE_QUEUE_RUN_STATES);
export const isActiveRun = (state: QueueRunState): boolean => ACTIVE.has(state);

/** The board prints, or is getting there. */
const RUNNING_STATES: ReadonlySet<MachineCardState> = new Set(['processing', 'resuming', 'simulating']);
const PAUSED_STATES: ReadonlySet<MachineCardState> = new Set(['pausing', 'paused']);

/**
 * A status change of the run's machine: printing once the board runs the run's file, paused while it pauses it,
 * failed when the machine halts (a halt ends the print). Offline states change nothing: the board may print on
 * while its gateway is away. The end of a print is the transitions' (`followTransition`).
 */
export function followStatus(run: FollowedRun, status: MachineLiveStatus, at: Date): RunChange | null {
  if (!isActiveRun(run.state)) return null;
  if (status.state === 'halted') return { state: 'failed', endedAt: at, reason: 'halted' };
  const runsFile = status.job?.fileName === run.boardFile && !status.job.finished;
  if (!runsFile) return null;
  if (RUNNING_STATES.has(status.state) && run.state !== 'printing')
    return { state: 'printing', endedAt: null, reason: null };
  if (PAUSED_STATES.has(status.state) && run.state !== 'paused')
    return { state: 'paused', endedAt: null, reason: null };
  return null;
}

/** A job finished or was cancelled on the machine: the run of that file ends with it. */
export function followTransition(run: FollowedRun, transition: MachineTransition): RunChange | null {
  if (!isActiveRun(run.state) || transition.fileName !== run.boardFile) return null;
  const at = new Date(transition.at);
  if (transition.type === 'jobFinished') return { state: 'finished', endedAt: at, reason: null };
  if (transition.type === 'jobFailed') return { state: 'failed', endedAt: at, reason: 'cancelledOnMachine' };
  return null;
}

/**
 * A person says the bed is clear while the machine still has an active run the portal saw no end of (its instance
 * stopped while the print ended): an idle board ends it, finished when its last job is the run's file done, failed
 * otherwise. A board that is not idle keeps its run.
 */
export function settleOnReady(run: FollowedRun, status: MachineLiveStatus, at: Date): RunChange | null {
  if (!isActiveRun(run.state) || status.state !== 'idle') return null;
  // A run still starting is being sent by a request under way, whose own outcome ends it, unless that was lost.
  if (run.state === 'starting' && at.getTime() - run.startedAt.getTime() < START_LOST_AFTER_MS) return null;
  const finished =
    status.job?.fileName === run.boardFile && status.job.finished && status.job.progress === 100;
  return finished
    ? { state: 'finished', endedAt: at, reason: null }
    : { state: 'failed', endedAt: at, reason: 'endedUnseen' };
}

/**
 * Cancelling a run through the queue, as the machine's panel does: a paused print is cancelled on the board (M0);
 * a printing one must be paused first (the panel offers cancel only then); a run still starting, or whose board
 * no longer runs its file, is only marked cancelled.
 */
export type RunCancelPlan = 'sendCancel' | 'markOnly' | 'pauseFirst' | 'ended';

export function cancelPlan(run: FollowedRun, status: MachineLiveStatus): RunCancelPlan {
  if (!isActiveRun(run.state)) return 'ended';
  if (run.state === 'starting') return 'markOnly';
  const runsFile = status.job?.fileName === run.boardFile && !status.job.finished;
  if (!runsFile) return 'markOnly';
  if (status.state === 'paused') return 'sendCancel';
  return 'pauseFirst';
}
