import { EventEmitter } from 'node:events';
import type http2 from 'node:http2';
import type { InstancePeers } from './instance-link.ts';
import type { TunnelDirectory } from './tunnel-directory.ts';
import type { InProcessTunnelRegistry, TunnelRegistry, TunnelRequest } from './tunnel-registry.ts';

/**
 * The tunnels of the whole deployment (docs/design.md §7): those held here are used directly; a request for one
 * another instance holds goes to that instance over the instance link. A controller is online while any instance
 * holds its tunnel, and a tunnel coming up here is claimed in the directory, ending an older one elsewhere.
 */
export class ClusterTunnelRegistry implements TunnelRegistry {
  readonly #held: InProcessTunnelRegistry;
  readonly #directory: TunnelDirectory;
  readonly #peers: InstancePeers;
  readonly #forwarded: (request: TunnelRequest) => void;
  readonly #events = new EventEmitter<{ status: [number, boolean] }>();
  /** The controllers last announced online. */
  readonly #online = new Set<number>();

  constructor(
    held: InProcessTunnelRegistry,
    directory: TunnelDirectory,
    peers: InstancePeers,
    forwarded: (request: TunnelRequest) => void = () => undefined,
  ) {
    this.#held = held;
    this.#directory = directory;
    this.#peers = peers;
    this.#forwarded = forwarded;
    this.#events.setMaxListeners(0);
    held.onStatus((controllerId, online) => {
      if (online) directory.hold(controllerId, () => held.replace(controllerId));
      else directory.release(controllerId);
      this.#recount(controllerId);
    });
    directory.onChange((controllerId) => this.#recount(controllerId));
  }

  isOnline(controllerId: number): boolean {
    return this.#held.isOnline(controllerId) || this.#directory.heldElsewhere(controllerId) !== undefined;
  }

  onlineControllers(): number[] {
    return [...new Set([...this.#held.onlineControllers(), ...this.#directory.elsewhere()])];
  }

  open(controllerId: number, request: TunnelRequest): http2.ClientHttp2Stream | null {
    if (this.#held.isOnline(controllerId)) return this.#held.open(controllerId, request);
    const holder = this.#directory.heldElsewhere(controllerId);
    if (!holder) return null;
    this.#forwarded(request);
    return this.#peers.open(holder.address, controllerId, request);
  }

  onStatus(listener: (controllerId: number, online: boolean) => void): () => void {
    this.#events.on('status', listener);
    return () => this.#events.off('status', listener);
  }

  #recount(controllerId: number): void {
    const online = this.isOnline(controllerId);
    if (online === this.#online.has(controllerId)) return;
    if (online) this.#online.add(controllerId);
    else this.#online.delete(controllerId);
    this.#events.emit('status', controllerId, online);
  }
}
