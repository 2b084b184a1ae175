import type { Clock } from '../../shared/clock.ts';
import type { ActivityRepository } from './activity.repository.ts';
import { type CheckpointFile, type SignedCheckpoint, signCheckpoint } from './activity-checkpoint.ts';
import type { ActivityKey } from './activity-key.ts';

/** How often the deployment publishes the chain's head (a housekeeping chore), when it has moved. */
export const CHECKPOINT_EVERY_MS = 5 * 60_000;

export interface CheckpointLog {
  info(object: unknown, message: string): void;
}

/**
 * Publishes the chain's head outside the database (docs/design.md §9): a signed checkpoint appended to the file,
 * and the same line in the log (which an operator may ship off the machine). A head this process already
 * published is not written again.
 */
export class CheckpointWriter {
  readonly #repository: ActivityRepository;
  readonly #key: ActivityKey;
  readonly #clock: Clock;
  readonly #file: CheckpointFile | undefined;
  #log: CheckpointLog | undefined;
  #last: string | undefined;

  constructor(deps: {
    repository: ActivityRepository;
    key: ActivityKey;
    clock: Clock;
    file?: CheckpointFile;
  }) {
    this.#repository = deps.repository;
    this.#key = deps.key;
    this.#clock = deps.clock;
    this.#file = deps.file;
  }

  /** The file checkpoints go to; undefined when none is configured (tests). */
  get file(): CheckpointFile | undefined {
    return this.#file;
  }

  start(log: CheckpointLog): void {
    this.#log = log;
  }

  /** Writes a checkpoint of the head as it is now, unless this process wrote that head already. */
  async write(): Promise<SignedCheckpoint | undefined> {
    if (!this.#file) return undefined;
    const head = await this.#repository.head();
    const published = `${head.lastSeq}:${head.lastHash}`;
    if (published === this.#last) return undefined;
    const headAt = head.lastSeq === 0 ? null : await this.#repository.entryAt(head.lastSeq);
    const signed = signCheckpoint(this.#key, {
      at: this.#clock().toISOString(),
      seq: head.lastSeq,
      hash: head.lastHash,
      headAt: headAt?.toISOString() ?? null,
      keyedFrom: head.keyedFromSeq,
      key: this.#key.id,
    });
    await this.#file.append(signed);
    this.#last = published;
    this.#log?.info({ activityCheckpoint: signed }, 'activity checkpoint written');
    return signed;
  }
}
