import { randomBytes, randomInt } from 'node:crypto';
import { DSF_SESSION_KEY_DIGITS } from '@portal/duet/protocol';

/**
 * The gateway's own sessions for its clients (docs/design.md §5b): every control-panel frame, slicer and the
 * portal's status follower is a session of the gateway as each would be a session of a board on the LAN, while the
 * gateway alone holds a session on the board. Each client session has its key, its time-out and its place in the
 * G-code replies, which the gateway reads from the board once and hands to every session once.
 */

/** How a client's key is written: RRF's decimal 32-bit number or DSF's 32 hexadecimal digits. */
export type ClientKeyFormat = 'rrf' | 'dsf';

export interface ClientSession {
  /** The key the client sends back; null for the one shared session of clients that send none. */
  readonly key: string | null;
  lastSeenAt: number;
  /** Requests in flight and open WebSockets: a session is never dropped while it has any. */
  holds: number;
  /** The last reply (by sequence number) this session has been given. */
  replyCursor: number;
}

export interface ClientSessionsOptions {
  /** Sessions held at once; a login beyond is refused as a full board refuses it. */
  limit: number;
  /** A session without a request for this long is dropped, as a board drops its own. */
  timeoutMs: number;
  /** Replies kept for sessions that have not read them; older ones are dropped, as a board short of memory does. */
  maxReplyBytes: number;
  now?: () => number;
}

interface Reply {
  readonly seq: number;
  readonly text: string;
}

/** Whether `header` names no session: absent, empty, or RRF's key 0 (a client that asked for no key sends it). */
export function isKeyless(header: string | undefined): boolean {
  return header === undefined || header.trim() === '' || header.trim() === '0';
}

export class ClientSessions {
  readonly #options: ClientSessionsOptions;
  readonly #now: () => number;
  readonly #keyed = new Map<string, ClientSession>();
  #keyless: ClientSession | null = null;
  #replies: Reply[] = [];
  #replyBytes = 0;
  #replySeq = 0;

  constructor(options: ClientSessionsOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** How long a session lasts without a request. */
  get timeoutMs(): number {
    return this.#options.timeoutMs;
  }

  /** Sessions alive now, the shared one of keyless clients included. */
  get count(): number {
    this.#purge();
    return this.#keyed.size + (this.#keyless ? 1 : 0);
  }

  /** A client's login (`rr_connect?sessionKey=yes`, `machine/connect`): a new keyed session, or null when full. */
  open(format: ClientKeyFormat): ClientSession | null {
    this.#purge();
    if (this.#keyed.size >= this.#options.limit) return null;
    let key: string;
    do
      key =
        format === 'dsf'
          ? randomBytes(DSF_SESSION_KEY_DIGITS / 2).toString('hex')
          : String(randomInt(1, 2 ** 32));
    while (this.#keyed.has(key));
    const session = this.#newSession(key);
    this.#keyed.set(key, session);
    return session;
  }

  /**
   * The session a request belongs to, refreshed: its key's, or undefined when that key is unknown or timed out
   * (the board's 401). A keyless request gets the shared keyless session, opened when there is none, as a board
   * without a password opens one for a client address.
   */
  find(header: string | undefined): ClientSession | undefined {
    this.#purge();
    let session: ClientSession | undefined;
    if (isKeyless(header)) {
      this.#keyless ??= this.#newSession(null);
      session = this.#keyless;
    } else session = this.#keyed.get((header as string).trim());
    if (session) session.lastSeenAt = this.#now();
    return session;
  }

  /** A client's logout: ends its session only (never the gateway's own on the board); false when it had none. */
  close(header: string | undefined): boolean {
    this.#purge();
    if (isKeyless(header)) {
      const had = this.#keyless !== null;
      this.#keyless = null;
      return had;
    }
    return this.#keyed.delete((header as string).trim());
  }

  /** Keeps `session` alive while a request or WebSocket lasts; the release counts as its last request. */
  hold(session: ClientSession): () => void {
    session.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      session.holds--;
      session.lastSeenAt = this.#now();
    };
  }

  /** Replies the gateway read from the board: every session gets them once. */
  addReplies(text: string): void {
    if (text === '') return;
    this.#replies.push({ seq: ++this.#replySeq, text });
    this.#replyBytes += text.length;
    this.#trimReplies();
  }

  /** Every reply `session` has not been given yet, in order; they count as given. */
  takeReplies(session: ClientSession): string {
    const text = this.#replies
      .filter((reply) => reply.seq > session.replyCursor)
      .map((reply) => reply.text)
      .join('');
    session.replyCursor = this.#replySeq;
    this.#trimReplies();
    return text;
  }

  /** Bytes of replies kept for sessions that have not read them. */
  get replyBytes(): number {
    return this.#replyBytes;
  }

  #newSession(key: string | null): ClientSession {
    // A new session starts with the replies that come after it, as on a board.
    return { key, lastSeenAt: this.#now(), holds: 0, replyCursor: this.#replySeq };
  }

  #sessions(): ClientSession[] {
    return this.#keyless ? [...this.#keyed.values(), this.#keyless] : [...this.#keyed.values()];
  }

  #purge(): void {
    const now = this.#now();
    const expired = (session: ClientSession) =>
      session.holds === 0 && now - session.lastSeenAt > this.#options.timeoutMs;
    for (const [key, session] of this.#keyed) if (expired(session)) this.#keyed.delete(key);
    if (this.#keyless && expired(this.#keyless)) this.#keyless = null;
  }

  /** Drops replies every session has read, and the oldest beyond the byte limit. */
  #trimReplies(): void {
    this.#purge();
    const oldestCursor = Math.min(this.#replySeq, ...this.#sessions().map((session) => session.replyCursor));
    while (this.#replies.length > 0) {
      const first = this.#replies[0] as Reply;
      if (first.seq > oldestCursor && this.#replyBytes <= this.#options.maxReplyBytes) break;
      this.#replies.shift();
      this.#replyBytes -= first.text.length;
    }
  }
}
