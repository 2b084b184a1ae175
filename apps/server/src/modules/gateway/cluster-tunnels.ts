import { EventEmitter } from 'node:events';
import type http2 from 'node:http2';
import type { InstancePeers } from './instance-link.ts';
import type { TunnelDirectory } from './tunnel-directory.ts';
import type { InProcessTunnelRegistry, TunnelRegistry, TunnelRequest } from './tunnel-registry.ts';

/**
 * How long a tunnel leaving a draining instance is waited for: its gateway dials again at once on the GOAWAY, and
 * backs off at most a second (gateway's tunnel/backoff.ts) if the load balancer sends it back to the draining one.
 */
export const HANDOVER_MS = 10_000;

/** A tunnel between the instance it leaves and the next: its requests wait until it is somewhere again. */
interface Move {
  settled: Promise<void>;
  settle: () => void;
  timer: NodeJS.Timeout;
}

export interface ClusterTunnelOptions {
  /** This instance's own link address: a request for a tunnel in hand-over is sent there to wait for it. */
  selfAddress: string;
  /** Told of each request sent to another instance (a metric). */
  forwarded?: (request: TunnelRequest) => void;
}

/**
 * The tunnels of the whole deployment (docs/design.md §7): those held here are used directly; a request for one
 * another instance holds goes to that instance over the instance link. A controller is online while any instance
 * holds its tunnel, and a tunnel coming up here is claimed in the directory, ending an older one elsewhere.
 *
 * Draining hands the tunnels over: they stay claimed here (online for the deployment, their requests still sent
 * here) until their gateways' new tunnels are claimed elsewhere, and a request that arrives in between waits for
 * that on this instance's link, then goes on to the new holder; no request fails and no machine blinks offline.
 */
export class ClusterTunnelRegistry implements TunnelRegistry {
  readonly #held: InProcessTunnelRegistry;
  readonly #directory: TunnelDirectory;
  readonly #peers: InstancePeers;
  readonly #selfAddress: string;
  readonly #forwarded: (request: TunnelRequest) => void;
  readonly #events = new EventEmitter<{ status: [number, boolean] }>();
  /** The controllers last announced online. */
  readonly #online = new Set<number>();
  readonly #moving = new Map<number, Move>();

  constructor(
    held: InProcessTunnelRegistry,
    directory: TunnelDirectory,
    peers: InstancePeers,
    { selfAddress, forwarded = () => undefined }: ClusterTunnelOptions,
  ) {
    this.#held = held;
    this.#directory = directory;
    this.#peers = peers;
    this.#selfAddress = selfAddress;
    this.#forwarded = forwarded;
    this.#events.setMaxListeners(0);
    held.onStatus((controllerId, online) => {
      if (online) {
        // A newer tunnel elsewhere ends this one, unless it is the one handed over: that one ends by itself, once
        // the requests under way on it are answered (its gateway closes it).
        directory.hold(controllerId, () => {
          if (!this.#moving.has(controllerId)) held.replace(controllerId);
        });
      }
      // A tunnel in hand-over keeps its lease until the next holder's claim takes it, or the wait ends.
      else if (!this.#moving.has(controllerId)) directory.release(controllerId);
      this.#recount(controllerId);
    });
    directory.onChange((controllerId) => {
      if (directory.heldElsewhere(controllerId)) this.#settle(controllerId);
      this.#recount(controllerId);
    });
  }

  isOnline(controllerId: number): boolean {
    return (
      this.#held.isOnline(controllerId) ||
      this.#moving.has(controllerId) ||
      this.#directory.heldElsewhere(controllerId) !== undefined
    );
  }

  onlineControllers(): number[] {
    return [
      ...new Set([...this.#held.onlineControllers(), ...this.#moving.keys(), ...this.#directory.elsewhere()]),
    ];
  }

  open(controllerId: number, request: TunnelRequest): http2.ClientHttp2Stream | null {
    const here = this.#held.open(controllerId, request);
    if (here) return here;
    const holder = this.#directory.heldElsewhere(controllerId);
    if (holder) {
      this.#forwarded(request);
      return this.#peers.open(holder.address, controllerId, request);
    }
    // In hand-over: this instance's link answers it once the tunnel is somewhere again (`reach`).
    if (this.#moving.has(controllerId)) return this.#peers.open(this.#selfAddress, controllerId, request);
    return null;
  }

  /**
   * Where a request another instance sent here goes: the tunnel held here, or, while it is handed over, wherever it
   * goes next (waiting for that at most HANDOVER_MS and the request's own deadline). `onward` is false for a request
   * that came onward already, so that two instances disagreeing for a moment never pass one back and forth.
   */
  async reach(
    controllerId: number,
    request: TunnelRequest,
    onward: boolean,
  ): Promise<http2.ClientHttp2Stream | null> {
    const here = this.#held.open(controllerId, request);
    if (here) return here;
    const move = this.#moving.get(controllerId);
    if (move) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        move.settled,
        new Promise((resolve) => {
          timer = setTimeout(resolve, Math.min(request.waitMs, HANDOVER_MS));
        }),
      ]);
      clearTimeout(timer);
    }
    const holder = onward ? this.#directory.heldElsewhere(controllerId) : undefined;
    if (!holder) return null;
    this.#forwarded(request);
    return this.#peers.open(holder.address, controllerId, { ...request, onward: true });
  }

  /**
   * The instance is draining: every tunnel held here is being handed over (their gateways were told to dial again).
   */
  handOver(): void {
    for (const controllerId of this.#held.onlineControllers()) {
      if (this.#moving.has(controllerId)) continue;
      let settle: () => void = () => undefined;
      const settled = new Promise<void>((resolve) => {
        settle = resolve;
      });
      const timer = setTimeout(() => {
        // Its gateway did not come back anywhere in time: the tunnel is gone.
        this.#settle(controllerId);
        if (!this.#held.isOnline(controllerId)) this.#directory.release(controllerId);
      }, HANDOVER_MS);
      timer.unref();
      this.#moving.set(controllerId, { settled, settle, timer });
    }
  }

  onStatus(listener: (controllerId: number, online: boolean) => void): () => void {
    this.#events.on('status', listener);
    return () => this.#events.off('status', listener);
  }

  #settle(controllerId: number): void {
    const move = this.#moving.get(controllerId);
    if (!move) return;
    this.#moving.delete(controllerId);
    clearTimeout(move.timer);
    move.settle();
    this.#recount(controllerId);
  }

  #recount(controllerId: number): void {
    const online = this.isOnline(controllerId);
    if (online === this.#online.has(controllerId)) return;
    if (online) this.#online.add(controllerId);
    else this.#online.delete(controllerId);
    this.#events.emit('status', controllerId, online);
  }
}
