import { BOARD_LIMITS, type FirmwareVersion, supportsSessionKeys } from '@portal/duet';

/** One HTTP session of a standalone board: a client address and, from 3.5, a session key (0 = none). */
export interface RrfSession {
  readonly ip: string;
  readonly key: number;
  lastSeen: number;
  uploading: boolean;
  /** Last `seqs.reply` this session has read through rr_reply. */
  replyCursor: number;
}

/**
 * RRF's session table (docs/duet-http.md §1.2): at most 8, dropped after 8 s without a request. On 3.4 a
 * session is the client address alone and any X-Session-Key header is ignored.
 */
export class RrfSessions {
  #sessions: RrfSession[] = [];
  readonly #keyed: boolean;
  readonly #now: () => number;

  constructor(firmware: FirmwareVersion, now: () => number = () => performance.now()) {
    this.#keyed = supportsSessionKeys(firmware);
    this.#now = now;
  }

  get count(): number {
    this.#purge();
    return this.#sessions.length;
  }

  /** The key a request carries (0 without a header, or on 3.4). */
  keyOf(header: string | undefined): number {
    if (!this.#keyed || header === undefined) return 0;
    const key = Number.parseInt(header, 10);
    return Number.isFinite(key) ? key >>> 0 : 0;
  }

  /** The caller's session, refreshed; undefined when it has none. */
  find(ip: string, key: number): RrfSession | undefined {
    this.#purge();
    const session = this.#sessions.find((candidate) => candidate.ip === ip && candidate.key === key);
    if (session) session.lastSeen = this.#now();
    return session;
  }

  /**
   * Opens a session (rr_connect, or the automatic login of a board without password). Without a key, the
   * caller's address session (key 0) is reused, whatever key its request carried; with one, every call takes a
   * new slot. Null when all are taken.
   */
  open(ip: string, withKey: boolean, replyCursor: number): RrfSession | null {
    if (!withKey || !this.#keyed) {
      const existing = this.find(ip, 0);
      if (existing) return existing;
    }
    this.#purge();
    if (this.#sessions.length >= BOARD_LIMITS.maxSessions) return null;
    let key = 0;
    if (withKey && this.#keyed) {
      do key = (Math.random() * 0x1_0000_0000) >>> 0;
      while (key === 0 || this.#sessions.some((session) => session.key === key));
    }
    const session: RrfSession = { ip, key, lastSeen: this.#now(), uploading: false, replyCursor };
    this.#sessions.push(session);
    return session;
  }

  /** An upload on the session ended: it counts as a request now, as RRF resets its timer then. */
  endUpload(session: RrfSession): void {
    session.uploading = false;
    session.lastSeen = this.#now();
  }

  /** rr_disconnect: false when there is no such session or it is uploading. */
  close(ip: string, key: number): boolean {
    const session = this.find(ip, key);
    if (!session || session.uploading) return false;
    this.#sessions = this.#sessions.filter((candidate) => candidate !== session);
    return true;
  }

  /** A firmware reset forgets every session. */
  clear(): void {
    this.#sessions = [];
  }

  #purge(): void {
    const now = this.#now();
    this.#sessions = this.#sessions.filter(
      (session) => session.uploading || now - session.lastSeen <= BOARD_LIMITS.sessionTimeoutMs,
    );
  }
}
