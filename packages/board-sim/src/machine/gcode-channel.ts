import type { ActivityKind, ActivityRequest } from './activity.ts';
import { stripComment } from './gcode-line.ts';

/** A reply, something to wait for, or macro lines to run next. */
export type LineResult = string | ActivityRequest | { readonly macro: string[] };

/** Commands queued together (one rr_gcode, one POST code, one macro); done once all have run. */
interface Batch {
  readonly lines: string[];
  readonly replies: string[];
  readonly done: (reply: string) => void;
  readonly bufferBytes: number;
}

interface RunningActivity {
  readonly request: ActivityRequest;
  readonly endsAt: number | null;
  readonly batch: Batch;
}

/** A macro shows `busy` for a moment even when its lines are instant (file opened, lines read). */
const MACRO_START_MS = 800;

function newBatch(lines: string[], done: (reply: string) => void): Batch {
  return { lines, replies: [], done, bufferBytes: lines.reduce((sum, line) => sum + line.length + 1, 0) };
}

function joinReplies(batch: Batch): string {
  return batch.replies.filter((reply) => reply !== '').join('\n');
}

/**
 * The G-code channel: lines run in order; a line may start an activity (homing, heating, a tool change...)
 * that holds the lines behind it until its time is up or its condition holds.
 */
export class GcodeChannel {
  #queue: Batch[] = [];
  #activity: RunningActivity | null = null;
  readonly #clock: () => number;
  readonly #runLine: (line: string) => LineResult;

  constructor(clock: () => number, runLine: (line: string) => LineResult) {
    this.#clock = clock;
    this.#runLine = runLine;
  }

  /** What the channel is waiting for, if anything. */
  get activity(): ActivityKind | undefined {
    return this.#activity?.request.kind;
  }

  /** Bytes of queued commands (they occupy the HTTP input buffer). */
  get queuedBytes(): number {
    return this.#queue.reduce((sum, batch) => sum + batch.bufferBytes, 0);
  }

  /** Clock milliseconds until the running activity ends (null: none, or it waits on a condition). */
  get msToActivityEnd(): number | null {
    return this.#activity?.endsAt == null ? null : this.#activity.endsAt - this.#clock();
  }

  get waitsOnCondition(): boolean {
    return this.#activity?.request.until !== undefined;
  }

  /** Queues lines (comments stripped); `done` gets their joined replies once the last has run. */
  enqueue(lines: readonly string[], done: (reply: string) => void): void {
    this.#queue.push(
      newBatch(
        lines.map(stripComment).filter((line) => line !== ''),
        done,
      ),
    );
    this.process();
  }

  /** Starts an activity of the machine itself (boot), not caused by a queued command. */
  startOwnActivity(request: ActivityRequest): void {
    this.#start(
      request,
      newBatch([], () => {}),
    );
  }

  /** Runs queued lines until one starts an activity that is still running, or the queue is empty. */
  process(): void {
    while (this.#settle()) {
      const batch = this.#queue[0];
      if (!batch) return;
      const line = batch.lines.shift();
      if (line === undefined) {
        this.#queue.shift();
        batch.done(joinReplies(batch));
        continue;
      }
      const result = this.#runLine(line);
      if (typeof result === 'string') batch.replies.push(result);
      else if ('macro' in result) this.#start(this.#macroStart(result.macro, batch), batch);
      else this.#start(result, batch);
    }
  }

  /** Abandons every queued command and the running activity (emergency stop, reset): replies are empty. */
  drop(): void {
    const queue = this.#queue;
    this.#queue = [];
    this.#activity = null;
    for (const batch of queue) batch.done('');
  }

  #start(request: ActivityRequest, batch: Batch): void {
    const endsAt = request.durationMs !== undefined ? this.#clock() + request.durationMs : null;
    this.#activity = { request, endsAt, batch };
  }

  /** A macro's lines run next, ahead of the rest of the batch that called it. */
  #macroStart(lines: readonly string[], caller: Batch): ActivityRequest {
    return {
      kind: 'macro',
      durationMs: MACRO_START_MS,
      finish: () => {
        const macroLines = lines.map(stripComment).filter((line) => line !== '');
        this.#queue.unshift(newBatch(macroLines, (reply) => caller.replies.push(reply)));
        return '';
      },
    };
  }

  /** Ends the running activity if its time is up or its condition holds; true when none is left running. */
  #settle(): boolean {
    const activity = this.#activity;
    if (!activity) return true;
    const over =
      activity.endsAt !== null ? this.#clock() >= activity.endsAt : activity.request.until?.() === true;
    if (!over) return false;
    this.#activity = null;
    activity.batch.replies.push(activity.request.finish?.() ?? '');
    // `finish` may have started something new (a reset boots the board).
    if (this.#activity !== null) return false;
    const batch = activity.batch;
    if (batch.lines.length === 0 && this.#queue[0] === batch) {
      this.#queue.shift();
      batch.done(joinReplies(batch));
    }
    return true;
  }
}
