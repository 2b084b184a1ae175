import type { ClusterBus } from '../../shared/cluster-bus.ts';

/** A machine group's readiness as read after a change: marked ready ("bed clear") or not. */
export interface ReadinessChange {
  machineGroupId: number;
  ready: boolean;
}
export type ReadinessListener = (change: ReadinessChange) => void;

export interface ReadinessChangesDeps {
  bus: ClusterBus;
  /** Which of the machine groups a person marked ready: the print queue's, built after this module. */
  readyAmong(machineGroupIds: readonly number[]): Promise<ReadonlySet<number>>;
  warn(error: unknown, message: string): void;
}

/** Heard by every instance: a machine group's mark may have changed, read it again. */
const READINESS_CHANNEL = 'machine-readiness';

/**
 * The print queue's readiness in the fleet's statuses (docs/design.md §6): the queue says that it changed a
 * machine group's mark, every instance of the deployment hears it on the bus and, when its open status streams
 * listen, reads the mark again from the database and tells them. The message says only "look again", so a mark
 * changed twice in a row on two instances is read as it ends up; a message lost with the bus is caught up by
 * each stream's periodic check.
 */
export class ReadinessChanges {
  readonly #deps: ReadinessChangesDeps;
  readonly #listeners = new Set<ReadinessListener>();

  constructor(deps: ReadinessChangesDeps) {
    this.#deps = deps;
    deps.bus.subscribe<{ machineGroupId: number }>(READINESS_CHANNEL, ({ machineGroupId }) => {
      if (this.#listeners.size > 0) void this.#readAgain(machineGroupId);
    });
  }

  /** The queue changed (or may have changed) the machine group's mark. */
  changed(machineGroupId: number): void {
    this.#deps.bus.publish(READINESS_CHANNEL, { machineGroupId });
  }

  /** Which of the machine groups are marked ready, now. */
  readyAmong(machineGroupIds: readonly number[]): Promise<ReadonlySet<number>> {
    return machineGroupIds.length === 0 ? Promise.resolve(new Set()) : this.#deps.readyAmong(machineGroupIds);
  }

  /** Returns the unsubscribe. */
  subscribe(listener: ReadinessListener): () => void {
    // A wrapper per subscription, so the same function subscribed twice is two subscriptions.
    const entry: ReadinessListener = (change) => listener(change);
    this.#listeners.add(entry);
    return () => this.#listeners.delete(entry);
  }

  async #readAgain(machineGroupId: number): Promise<void> {
    let ready: boolean;
    try {
      ready = (await this.#deps.readyAmong([machineGroupId])).has(machineGroupId);
    } catch (error) {
      this.#deps.warn(error, 'machine readiness not read again');
      return;
    }
    for (const listener of this.#listeners) {
      try {
        listener({ machineGroupId, ready });
      } catch (error) {
        this.#deps.warn(error, 'machine readiness not told');
      }
    }
  }
}
