/** Why the instance should take no new requests now. */
export interface ReadinessProblem {
  reason: string;
  error?: unknown;
}

/**
 * Whether this instance should be sent requests: every dependency it registered answers, and it is not draining
 * (a SIGTERM asked it to stop: the load balancer sees it unready and sends new requests elsewhere).
 */
export class Readiness {
  readonly #checks = new Map<string, () => Promise<void>>();
  readonly #drainListeners: (() => void)[] = [];
  #draining = false;

  /** A dependency that must answer, e.g. 'database'; the check throws when it does not. */
  require(name: string, check: () => Promise<void>): void {
    this.#checks.set(name, check);
  }

  /** Tells the load balancer (and `onDrain`'s listeners) that this instance is stopping; once only. */
  drain(): void {
    if (this.#draining) return;
    this.#draining = true;
    for (const listener of this.#drainListeners) listener();
  }

  /** Called when the instance starts draining: what holds clients for long hands them to other instances. */
  onDrain(listener: () => void): void {
    this.#drainListeners.push(listener);
  }

  async problem(): Promise<ReadinessProblem | null> {
    if (this.#draining) return { reason: 'draining' };
    for (const [name, check] of this.#checks) {
      try {
        await check();
      } catch (error) {
        return { reason: `${name} unreachable`, error };
      }
    }
    return null;
  }
}
