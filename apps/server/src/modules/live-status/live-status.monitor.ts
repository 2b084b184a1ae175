import type { MachineLiveStatus } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../shared/clock.ts';
import type { ClusterBus } from '../../shared/cluster-bus.ts';
import type { GatewayPresence, TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { BoardFollower, type FollowTiming } from './board-follower.ts';
import { deriveLiveStatus, statusChanged } from './card-state.ts';
import { type MachineEvents, type MachineTransitionType, transitionsBetween } from './machine-events.ts';

export interface LiveStatusMonitorDeps {
  /** The tunnels this instance holds: their boards are followed here, and only here. */
  tunnels: TunnelRegistry;
  /** Whether a controller's tunnel is held anywhere in the deployment. */
  presence: GatewayPresence;
  /** The deployment's bus: what an instance that joins asks of the others, and who announces a dead instance's tunnels. */
  bus: ClusterBus;
  events: MachineEvents;
  clock: Clock;
  timing: FollowTiming;
  /** The machine group a controller serves, for the transitions' notifications. */
  groupOf(controllerId: number): Promise<number | null>;
}

/** What an instance that joins the deployment publishes, so the others tell it the statuses they follow. */
const STATUSES_WANTED = 'machine-statuses-wanted';
/** Long enough for every instance to have heard of a dead instance's tunnel, short enough never to be reused. */
const ANNOUNCE_ONCE_MS = 60_000;

/**
 * The live status monitor of docs/design.md §6: one follower per connected controller, however many
 * people watch, started when its gateway comes online and stopped when it goes offline (so a job that
 * finishes with nobody watching is still seen). It publishes each change of a card state, and the
 * transitions notifications are about, on the machine events.
 *
 * With several instances (docs/design.md §7) each board is followed by the instance holding its tunnel. The last
 * status of every machine is kept from the events, whoever published it, so a tunnel that moves to another instance
 * is followed on from where it was: no "waiting" in between, no transition seen twice or missed.
 */
export class LiveStatusMonitor {
  readonly #deps: LiveStatusMonitorDeps;
  readonly #followers = new Map<number, BoardFollower>();
  /** The last state published per controller: what a change and a transition are measured against. */
  readonly #last = new Map<number, MachineLiveStatus>();
  #log: FastifyBaseLogger | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(deps: LiveStatusMonitorDeps) {
    this.#deps = deps;
    deps.events.subscribe((event) => {
      if (event.type === 'status') this.#last.set(event.controllerId, event.status);
    });
  }

  /** Follows every controller online now and every one that comes online, until stop(). */
  start(log: FastifyBaseLogger): void {
    if (this.#unsubscribe) return;
    this.#log = log;
    const { tunnels, bus } = this.#deps;
    const unsubscribers = [
      tunnels.onStatus((controllerId, online) => {
        if (online) this.#follow(controllerId);
        else this.#unfollow(controllerId);
      }),
      bus.subscribe(STATUSES_WANTED, () => this.#retell()),
    ];
    this.#unsubscribe = () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
    for (const controllerId of tunnels.onlineControllers()) this.#follow(controllerId);
    void bus.subscribed().then(() => bus.publish(STATUSES_WANTED, {}));
  }

  /**
   * The instance that held a controller's tunnel died, and the lease of `epoch` expired: one instance of the
   * deployment says the gateway is offline, as its holder would have.
   */
  async holderLost(controllerId: number, epoch: number): Promise<void> {
    if (this.#followers.has(controllerId) || this.#deps.presence.isOnline(controllerId)) return;
    const last = this.#last.get(controllerId);
    if (last?.state === 'gatewayOffline') return;
    const key = `gateway-offline:${controllerId}:${epoch}`;
    // Redis away: the instance that gets through when it is back, or none (the card shows offline all the same).
    if (!(await this.#deps.bus.once(key, ANNOUNCE_ONCE_MS).catch(() => false))) return;
    if (this.#followers.has(controllerId) || this.#deps.presence.isOnline(controllerId)) return;
    const identity = { boardName: last?.boardName ?? null, firmwareVersion: last?.firmwareVersion ?? null };
    this.#publish(controllerId, deriveLiveStatus({ kind: 'gatewayOffline' }, identity, this.#deps.clock()));
  }

  /** Tells again the statuses of the boards followed here, for an instance that joined. */
  #retell(): void {
    for (const controllerId of this.#followers.keys()) {
      const status = this.#last.get(controllerId);
      if (status) {
        this.#deps.events.emit({
          type: 'status',
          controllerId,
          at: status.updatedAt ?? this.#deps.clock().toISOString(),
          status,
        });
      }
    }
  }

  /** Stops every follower without announcing anything: the portal is stopping, the machines are not. */
  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    for (const follower of this.#followers.values()) follower.stop();
    this.#followers.clear();
  }

  /** How many boards are followed now. */
  get following(): number {
    return this.#followers.size;
  }

  #follow(controllerId: number): void {
    if (this.#followers.has(controllerId) || !this.#log) return;
    const follower = new BoardFollower(controllerId, {
      tunnels: this.#deps.tunnels,
      clock: this.#deps.clock,
      timing: this.#deps.timing,
      log: this.#log,
      publish: (status) => this.#publish(controllerId, status),
    });
    this.#followers.set(controllerId, follower);
    // A board followed elsewhere a moment ago (its tunnel moved here) is not waited for again.
    const last = this.#last.get(controllerId);
    follower.start({ waiting: last === undefined || last.state === 'gatewayOffline' });
  }

  #unfollow(controllerId: number): void {
    const follower = this.#followers.get(controllerId);
    if (!follower) return;
    follower.stop();
    this.#followers.delete(controllerId);
    // Its tunnel moved to another instance, which follows the board from here on.
    if (this.#deps.presence.isOnline(controllerId)) return;
    this.#publish(
      controllerId,
      deriveLiveStatus({ kind: 'gatewayOffline' }, follower.identity, this.#deps.clock()),
    );
  }

  #publish(controllerId: number, status: MachineLiveStatus): void {
    const previous = this.#last.get(controllerId);
    if (!statusChanged(previous, status)) return;
    this.#last.set(controllerId, status);
    const at = status.updatedAt ?? this.#deps.clock().toISOString();
    if (previous?.state !== status.state) {
      this.#log?.debug({ controllerId, from: previous?.state, to: status.state }, 'machine state changed');
    }
    this.#deps.events.emit({ type: 'status', controllerId, at, status });
    const transitions = transitionsBetween(previous, status);
    if (transitions.length > 0)
      void this.#announce(controllerId, at, transitions, status.job?.durationSeconds ?? null);
  }

  /** Transitions name the machine group, looked up when they happen (a controller can change group). */
  async #announce(
    controllerId: number,
    at: string,
    transitions: { type: MachineTransitionType; fileName: string | null }[],
    durationSeconds: number | null,
  ): Promise<void> {
    let machineGroupId: number | null = null;
    try {
      machineGroupId = await this.#deps.groupOf(controllerId);
    } catch (error) {
      this.#log?.warn({ err: error, controllerId }, 'machine group of a transition not found');
    }
    for (const { type, fileName } of transitions) {
      this.#deps.events.emit({
        type,
        controllerId,
        machineGroupId,
        at,
        fileName,
        ...(type === 'jobFinished' && { durationSeconds }),
      });
    }
  }
}
