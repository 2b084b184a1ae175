import type { Socket } from 'node:net';

/** Faults a test or the demo can switch on at any time; all off by default. */
export interface BoardFaults {
  /** The listener refuses connections: each new socket (and every open one when set) is destroyed. */
  offline: boolean;
  /** The next N API requests get RRF's bare 503 (no headers, no body, connection closed). */
  answer503: number;
  /** When set, only requests to this target (path and query as sent) take those 503s; others are answered. */
  answer503To: string | null;
  /** Every answer is delayed this long (ms). */
  delayMs: number;
  /** Requests are accepted but not answered until this is cleared (or the board closes). */
  stall: boolean;
  /** Response sockets are destroyed after this many body bytes. */
  dropAfterBytes: number | null;
  /** Requests held by `stall` right now. */
  readonly stalled: number;
}

/** The fault switches, with the side effects of flipping them: dropping sockets, releasing stalled requests. */
export class FaultSwitches implements BoardFaults {
  answer503 = 0;
  answer503To: string | null = null;
  delayMs = 0;
  dropAfterBytes: number | null = null;
  #offline = false;
  #stall = false;
  #stalled: (() => void)[] = [];
  readonly #sockets = new Set<Socket>();

  get offline(): boolean {
    return this.#offline;
  }

  set offline(value: boolean) {
    this.#offline = value;
    if (value) for (const socket of this.#sockets) socket.destroy();
  }

  get stalled(): number {
    return this.#stalled.length;
  }

  get stall(): boolean {
    return this.#stall;
  }

  set stall(value: boolean) {
    this.#stall = value;
    if (!value) this.#release();
  }

  /** Tracks a new connection; false when the board is offline and the socket was refused. */
  admit(socket: Socket): boolean {
    if (this.#offline) {
      socket.destroy();
      return false;
    }
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
    return true;
  }

  /** Resolves once requests may be answered (stall cleared) and the configured delay has passed. */
  async beforeAnswer(): Promise<void> {
    if (this.#stall) await new Promise<void>((resolve) => this.#stalled.push(resolve));
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
  }

  /** Takes one pending 503 for a request to `target`, if any. */
  takeServiceUnavailable(target: string): boolean {
    if (this.answer503 <= 0 || (this.answer503To !== null && this.answer503To !== target)) return false;
    this.answer503--;
    return true;
  }

  /** Drops every connection and forgets stalled requests (board closing). */
  shutdown(): void {
    this.#stalled = [];
    for (const socket of this.#sockets) socket.destroy();
  }

  #release(): void {
    const waiting = this.#stalled;
    this.#stalled = [];
    for (const resolve of waiting) resolve();
  }
}
