import { setTimeout as delay } from 'node:timers/promises';
import type { MachineLiveStatus } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../shared/clock.ts';
import { BoardReader, type TunnelGetOptions } from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { deriveLiveStatus, type FollowOutcome } from './card-state.ts';

/** How a board is followed: a pause after each reading, and the limits of each request. */
export interface FollowTiming {
  pollMs: number;
  request: TunnelGetOptions;
}

export interface BoardFollowerDeps {
  tunnels: TunnelRegistry;
  clock: Clock;
  timing: FollowTiming;
  log: FastifyBaseLogger;
  /** Receives the card state after every reading, changed or not. */
  publish(status: MachineLiveStatus): void;
}

/** How long a failed read waits before it is published, for the close of a tunnel that broke under it to be known. */
const TUNNEL_CLOSE_GRACE_MS = 100;

/**
 * Follows one board while its gateway is online: waiting at first, then a reading, a pause of `pollMs`,
 * the next reading, so there is never more than one request in flight to the board.
 */
export class BoardFollower {
  readonly #deps: BoardFollowerDeps;
  readonly #controllerId: number;
  readonly #reader: BoardReader;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(controllerId: number, deps: BoardFollowerDeps) {
    this.#controllerId = controllerId;
    this.#deps = deps;
    this.#reader = new BoardReader(deps.tunnels, controllerId, deps.timing.request);
  }

  /** The board's name and firmware as last read. */
  get identity() {
    return this.#reader.identity;
  }

  /** `waiting`: publish "waiting" until the first reading (not for a board followed elsewhere until now). */
  start({ waiting = true }: { waiting?: boolean } = {}): void {
    if (waiting) this.#publish({ kind: 'waiting' });
    void this.#cycle();
  }

  /** Stops following; a reading under way is dropped when it ends. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  async #cycle(): Promise<void> {
    let outcome: FollowOutcome;
    try {
      outcome = await this.#reader.read();
    } catch (error) {
      this.#deps.log.error({ err: error, controllerId: this.#controllerId }, 'reading a board failed');
      outcome = { kind: 'failed', failure: { kind: 'broken', reason: 'internal error' } };
    }
    // A read that failed because the tunnel closed under it says nothing: the monitor, told of the close,
    // decides whether the machine is offline or followed on another instance (no offline blink when it moved).
    // The stream's failure can come a moment before the tunnel's close is known: a failure waits for that first.
    if (outcome.kind !== 'read' && !this.#stopped) await delay(TUNNEL_CLOSE_GRACE_MS);
    if (this.#stopped) return;
    if (outcome.kind === 'read' || this.#deps.tunnels.isOnline(this.#controllerId)) this.#publish(outcome);
    this.#timer = setTimeout(() => void this.#cycle(), this.#deps.timing.pollMs);
    this.#timer.unref();
  }

  #publish(outcome: FollowOutcome): void {
    this.#deps.publish(deriveLiveStatus(outcome, this.#reader.identity, this.#deps.clock()));
  }
}
