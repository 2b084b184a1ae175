import { randomUUID } from 'node:crypto';
import { BOARD_LIMITS } from '@portal/duet';

interface DsfSession {
  readonly key: string;
  readonly ip: string;
  lastSeen: number;
  /** Open object model sockets and running long requests keep a session alive. */
  holds: number;
  replyCursor: number;
}

/**
 * DSF's sessions (docs/duet-http.md §2.2): a 32-hex key from /machine/connect, sent as X-Session-Key or
 * `?sessionKey=`; without a key, an address-based session, created silently while the password is the default.
 */
export class DsfSessions {
  readonly #byKey = new Map<string, DsfSession>();
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Sessions held now, time-outs applied. */
  get count(): number {
    this.#purge();
    return this.#byKey.size;
  }

  /** A new keyed session (after the password check of /machine/connect). */
  create(ip: string, replyCursor: number): string {
    const key = randomUUID().replaceAll('-', '');
    this.#byKey.set(key, { key, ip, lastSeen: this.#now(), holds: 0, replyCursor });
    return key;
  }

  /** The address-based session of a client (rr_connect emulation, header-less requests). */
  createForAddress(ip: string, replyCursor: number): void {
    const key = `ip:${ip}`;
    if (!this.#byKey.has(key))
      this.#byKey.set(key, { key, ip, lastSeen: this.#now(), holds: 0, replyCursor });
  }

  /** Finds and refreshes the session a request belongs to. */
  find(ip: string, headerKey: string | undefined): DsfSession | undefined {
    this.#purge();
    const session = this.#byKey.get(headerKey === undefined ? `ip:${ip}` : headerKey);
    if (session) session.lastSeen = this.#now();
    return session;
  }

  remove(ip: string, headerKey: string | undefined): boolean {
    return this.#byKey.delete(headerKey === undefined ? `ip:${ip}` : headerKey);
  }

  /** Forgets every session (a restart of DSF, or the test switch of the same name). */
  clear(): void {
    this.#byKey.clear();
  }

  /** Keeps a session alive while something long runs on it; returns the release. */
  hold(session: DsfSession): () => void {
    session.holds++;
    return () => {
      session.holds--;
      session.lastSeen = this.#now();
    };
  }

  #purge(): void {
    const now = this.#now();
    for (const [key, session] of this.#byKey) {
      if (session.holds === 0 && now - session.lastSeen > BOARD_LIMITS.sessionTimeoutMs)
        this.#byKey.delete(key);
    }
  }
}

export type { DsfSession };
