import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../shared/clock.ts';
import type { BoardActivity, BoardRequestFacts, RecordedBoardChange } from '../board-client/board-client.ts';
import type { ActivityRepository, PendingEntry } from './activity.repository.ts';
import type { ActivityJournal } from './activity-journal.ts';
import { type BoardChange, boardChangeOf, MAX_READ_BODY_BYTES } from './board-changes.ts';

/** How long an entry waits to be written with others, at most. */
const FLUSH_MS = 200;
/** A write that failed is tried again after this long (the entries stay in memory and in the journal). */
const RETRY_MS = 2_000;

export interface ActivityLogOptions {
  repository: ActivityRepository;
  clock: Clock;
  /** How long an entry waits to be written with others (FLUSH_MS). */
  flushMs?: number;
}

/**
 * Writes the activity record (docs/design.md §9): entries gather for up to FLUSH_MS and are appended together, so a
 * request that changes a board pays for two journal lines, not for a database write. As the board client's
 * `BoardActivity`, it sees every request that goes to a board, and makes an entry of each that changes it.
 */
export class ActivityLog implements BoardActivity {
  readonly #deps: ActivityLogOptions;
  #pending: PendingEntry[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #log: FastifyBaseLogger | undefined;
  /** Where entries wait for the database across a crash; without one they wait in memory only (tests). */
  #journal: ActivityJournal | undefined;

  constructor(deps: ActivityLogOptions) {
    this.#deps = deps;
  }

  /** From here on failures are logged, and entries journaled in `journal` when there is one. */
  start(log: FastifyBaseLogger, journal?: ActivityJournal): void {
    this.#log = log;
    this.#journal = journal;
  }

  changeOf(request: BoardRequestFacts): { start(): RecordedBoardChange } | undefined {
    const change = boardChangeOf(request.board);
    if (!change) return undefined;
    return { start: () => this.#begin(request, change) };
  }

  #begin(request: BoardRequestFacts, change: BoardChange): RecordedBoardChange {
    const via = !request.actor
      ? null
      : request.actor.sessionId === undefined && request.actor.path === 'customer'
        ? 'slicer'
        : request.actor.path;
    const entry: PendingEntry = {
      entryId: randomUUID(),
      at: this.#deps.clock(),
      actorUserId: request.actor?.userId ?? null,
      controllerId: request.controllerId,
      ticketId: request.session?.ticketId ?? null,
      kind: change.kind,
      detail: {
        ...change.detail,
        ...(via && { via }),
        ...(request.session && { session: request.session.id }),
      },
      address: request.address ?? null,
      outcome: null,
    };
    this.#journal?.begun(entry);
    let size = 0;
    const hash = change.body === 'file' ? createHash('sha256') : undefined;
    const text: Buffer[] = [];
    return {
      observe: (body: Readable) => {
        if (change.body === 'none') return;
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (hash) hash.update(chunk);
          else if (size <= MAX_READ_BODY_BYTES) text.push(chunk);
        });
      },
      end: (outcome: number | null) => {
        void (async () => {
          let detail: Record<string, unknown> = {};
          if (hash) detail = { size, sha256: hash.digest('hex') };
          else if (change.readBody) {
            detail = await change.readBody(Buffer.concat(text).toString('utf8'), request.contentType);
            if (size > MAX_READ_BODY_BYTES) detail.truncated = true;
          }
          this.#journal?.ended(entry.entryId, outcome, detail);
          this.#add({ ...entry, outcome, detail: { ...entry.detail, ...detail } });
        })();
      },
    };
  }

  /** An entry made whole at once (an administrative action, done when it is recorded). */
  record(entry: Omit<PendingEntry, 'entryId' | 'at'>): void {
    const whole: PendingEntry = { ...entry, entryId: randomUUID(), at: this.#deps.clock() };
    this.#journal?.whole(whole);
    this.#add(whole);
  }

  /** Writes what is waiting now (and whatever a write under way is doing). */
  async flush(): Promise<void> {
    while (this.#flushing) await this.#flushing;
    if (this.#pending.length === 0) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#flushing = this.#write().finally(() => {
      this.#flushing = undefined;
    });
    await this.#flushing;
  }

  /** Writes what waits; whatever could not be written stays in the journal for the next start. */
  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    await this.flush().catch(() => undefined);
    await this.#journal?.close({ clean: this.#pending.length === 0 });
  }

  #add(entry: PendingEntry): void {
    this.#pending.push(entry);
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      void this.flush().catch(() => undefined);
    }, this.#deps.flushMs ?? FLUSH_MS);
    this.#timer.unref();
  }

  async #write(): Promise<void> {
    const batch = this.#pending;
    this.#pending = [];
    this.#journal?.cut();
    try {
      await this.#deps.repository.append(batch);
    } catch (error) {
      this.#pending = [...batch, ...this.#pending];
      this.#log?.error(
        { err: error, entries: batch.length },
        'the activity record could not be written; retrying',
      );
      this.#timer ??= setTimeout(() => {
        this.#timer = undefined;
        void this.flush().catch(() => undefined);
      }, RETRY_MS);
      this.#timer.unref();
      throw error;
    }
    await this.#journal?.written(batch.map((entry) => entry.entryId));
  }
}
