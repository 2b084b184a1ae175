import type { MachineLiveStatus } from '@portal/contract';
import type { ClusterBus } from '../../shared/cluster-bus.ts';

/** A machine's live status changed in something its card shows. */
export interface StatusChange {
  type: 'status';
  controllerId: number;
  /** ISO time of the change. */
  at: string;
  status: MachineLiveStatus;
}

/** The transitions that machine notifications are about (docs/design.md §6). */
export type MachineTransitionType =
  | 'jobFinished'
  | 'jobFailed'
  | 'halted'
  | 'boardOffline'
  | 'boardOnline'
  | 'gatewayOffline'
  | 'gatewayOnline';

export interface MachineTransition {
  type: MachineTransitionType;
  controllerId: number;
  /** The machine group the controller serves, when it serves one. */
  machineGroupId: number | null;
  /** ISO time of the transition. */
  at: string;
  /** The finished or cancelled job's file, for `jobFinished` and `jobFailed`. */
  fileName: string | null;
  /** The finished job's duration in seconds as the board told it, for `jobFinished` (absent or null: unknown). */
  durationSeconds?: number | null;
}

/**
 * A business's print queue changed what its pages show (the print queue module tells it): the open status streams
 * of whoever may use that queue say so, and the pages read it again (docs/design.md §14).
 */
export interface QueueChange {
  type: 'queue';
  businessId: number;
}

export type MachineEvent = StatusChange | MachineTransition | QueueChange;
export type MachineEventListener = (event: MachineEvent) => void;

/**
 * Where the live status monitor publishes what it sees and who listens: open status streams, and the
 * notifications work; the print queue tells the open streams of its changes here too. A bus shared by several
 * portal instances can replace the in-process one, since a status change carries the whole status.
 */
export interface MachineEvents {
  emit(event: MachineEvent): void;
  /** Returns the unsubscribe. */
  subscribe(listener: MachineEventListener): () => void;
}

/** The events of this process. A listener that throws is reported and does not stop the others. */
export class InProcessMachineEvents implements MachineEvents {
  readonly #listeners = new Set<MachineEventListener>();
  readonly #onListenerError: (error: unknown) => void;

  constructor(onListenerError: (error: unknown) => void = (error) => process.emitWarning(String(error))) {
    this.#onListenerError = onListenerError;
  }

  emit(event: MachineEvent): void {
    this.deliver(event);
  }

  /** To this process's listeners only. */
  deliver(event: MachineEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.#onListenerError(error);
      }
    }
  }

  subscribe(listener: MachineEventListener): () => void {
    // A wrapper per subscription, so the same function subscribed twice is two subscriptions.
    const entry: MachineEventListener = (event) => listener(event);
    this.#listeners.add(entry);
    return () => this.#listeners.delete(entry);
  }
}

/**
 * The transitions between two consecutive statuses of one machine: a job finished (processing, then idle with a last
 * file) or cancelled (cancelling, then idle), halted, board offline and gateway offline, each when it is entered, and
 * board and gateway back (an offline state left: the gateway's tunnel back is its `waiting`).
 */
export function transitionsBetween(
  previous: MachineLiveStatus | undefined,
  next: MachineLiveStatus,
): { type: MachineTransitionType; fileName: string | null }[] {
  if (previous?.state === next.state) return [];
  const back = backOnline(previous?.state, next.state);
  switch (next.state) {
    case 'idle':
      if (previous?.state === 'processing' && next.job?.finished)
        return [{ type: 'jobFinished', fileName: next.job.fileName }];
      if (previous?.state === 'cancelling')
        return [{ type: 'jobFailed', fileName: next.job?.fileName ?? null }];
      return back;
    case 'halted':
    case 'boardOffline':
    case 'gatewayOffline':
      return [...back, { type: next.state, fileName: null }];
    default:
      return back;
  }
}

function backOnline(
  previous: MachineLiveStatus['state'] | undefined,
  next: MachineLiveStatus['state'],
): { type: MachineTransitionType; fileName: null }[] {
  if (previous === 'gatewayOffline' && next !== 'gatewayOffline')
    return [{ type: 'gatewayOnline', fileName: null }];
  if (previous === 'boardOffline' && next !== 'waiting' && next !== 'gatewayOffline')
    return [{ type: 'boardOnline', fileName: null }];
  return [];
}

/**
 * The events of a deployment (docs/design.md §7): a status change and a queue change reach every instance's
 * listeners (their status streams show every machine, wherever its tunnel is, and the queue of any business), while
 * a transition stays with the instance that saw it, the one following the board, so each is notified once.
 */
export class DeploymentMachineEvents extends InProcessMachineEvents {
  readonly #bus: ClusterBus;

  constructor(bus: ClusterBus) {
    super();
    this.#bus = bus;
    bus.subscribe<StatusChange>(STATUS_CHANNEL, (event) => this.deliver(event));
    bus.subscribe<QueueChange>(QUEUE_CHANNEL, (event) => this.deliver(event));
  }

  override emit(event: MachineEvent): void {
    if (event.type === 'status') this.#bus.publish(STATUS_CHANNEL, event);
    else if (event.type === 'queue') this.#bus.publish(QUEUE_CHANNEL, event);
    else this.deliver(event);
  }
}

const STATUS_CHANNEL = 'machine-status';
const QUEUE_CHANNEL = 'print-queue-changed';
