import type { MachineLiveStatus } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../shared/clock.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { BoardFollower, type FollowTiming } from './board-follower.ts';
import { deriveLiveStatus, statusChanged } from './card-state.ts';
import { type MachineEvents, type MachineTransitionType, transitionsBetween } from './machine-events.ts';

export interface LiveStatusMonitorDeps {
  tunnels: TunnelRegistry;
  events: MachineEvents;
  clock: Clock;
  timing: FollowTiming;
  /** The machine group a controller serves, for the transitions' notifications. */
  groupOf(controllerId: number): Promise<number | null>;
}

/**
 * The live status monitor of docs/design.md §6: one follower per connected controller, however many
 * people watch, started when its gateway comes online and stopped when it goes offline (so a job that
 * finishes with nobody watching is still seen). It publishes each change of a card state, and the
 * transitions notifications are about, on the machine events.
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
  }

  /** Follows every controller online now and every one that comes online, until stop(). */
  start(log: FastifyBaseLogger): void {
    if (this.#unsubscribe) return;
    this.#log = log;
    this.#unsubscribe = this.#deps.tunnels.onStatus((controllerId, online) => {
      if (online) this.#follow(controllerId);
      else this.#unfollow(controllerId);
    });
    for (const controllerId of this.#deps.tunnels.onlineControllers()) this.#follow(controllerId);
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
    follower.start();
  }

  #unfollow(controllerId: number): void {
    const follower = this.#followers.get(controllerId);
    if (!follower) return;
    follower.stop();
    this.#followers.delete(controllerId);
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
    if (transitions.length > 0) void this.#announce(controllerId, at, transitions);
  }

  /** Transitions name the machine group, looked up when they happen (a controller can change group). */
  async #announce(
    controllerId: number,
    at: string,
    transitions: { type: MachineTransitionType; fileName: string | null }[],
  ): Promise<void> {
    let machineGroupId: number | null = null;
    try {
      machineGroupId = await this.#deps.groupOf(controllerId);
    } catch (error) {
      this.#log?.warn({ err: error, controllerId }, 'machine group of a transition not found');
    }
    for (const { type, fileName } of transitions) {
      this.#deps.events.emit({ type, controllerId, machineGroupId, at, fileName });
    }
  }
}
