import type { Clock } from '../../shared/clock.ts';

/** Past this many remembered keys, the ones whose window has passed are forgotten. */
const SWEEP_ABOVE = 1024;

/**
 * At most one event per key in a window (a flapping machine must not flood anyone): `admit` says whether an
 * event may go now and, when it may, starts the key's window. In memory: each portal process throttles what
 * its own monitor sees, and a controller's tunnel lives in one process.
 */
export class EventThrottle {
  readonly #clock: Clock;
  readonly #windowMs: number;
  readonly #lastAdmitted = new Map<string, number>();

  constructor(clock: Clock, windowMs: number) {
    this.#clock = clock;
    this.#windowMs = windowMs;
  }

  admit(key: string): boolean {
    const now = this.#clock().getTime();
    const last = this.#lastAdmitted.get(key);
    if (last !== undefined && now - last < this.#windowMs) return false;
    this.#lastAdmitted.set(key, now);
    if (this.#lastAdmitted.size > SWEEP_ABOVE) this.#sweep(now);
    return true;
  }

  #sweep(now: number): void {
    for (const [key, at] of this.#lastAdmitted) {
      if (now - at >= this.#windowMs) this.#lastAdmitted.delete(key);
    }
  }
}
