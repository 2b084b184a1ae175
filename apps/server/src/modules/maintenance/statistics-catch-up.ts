import type { MachineCardState } from '@portal/contract';
import pLimit from 'p-limit';
import type { Clock } from '../../shared/clock.ts';
import { KeyedChain } from '../../shared/keyed-chain.ts';
import { readBoardFile, type TunnelGetOptions } from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineEvent } from '../live-status/machine-events.ts';
import type {
  MaintenanceCountersRepository,
  StatisticsRecording,
} from './maintenance-counters.repository.ts';
import {
  boardKeyOf,
  boardOffsetMs,
  jobsToRecord,
  parseStatisticsLog,
  STATISTICS_LOG_PATH,
} from './statistics-log.ts';

/** What one reading of a board's statistics log did. */
export type CatchUpResult =
  | { kind: 'gatewayOffline' | 'boardOffline' | 'missing' }
  /** The board's clock is not set, or further off the portal's than any zone: its times cannot be placed. */
  | { kind: 'noClock'; boardTime: string | null }
  | {
      kind: 'read';
      offsetMs: number;
      /** Lines read as jobs, lines skipped as malformed, and what the jobs not recorded before did. */
      rows: number;
      skipped: number;
      recorded: Record<StatisticsRecording, number>;
      machineGroupId: number | null;
    };

export interface CatchUpLog {
  warn(object: unknown, message: string): void;
}

export interface StatisticsCatchUpDeps {
  repository: MaintenanceCountersRepository;
  /** The tunnels this instance holds: a board is read by the instance following it. */
  tunnels: TunnelRegistry;
  clock: Clock;
  /** How long after a job finished the log is read (the macros write their line as the job ends). */
  delayMs: number;
  request: TunnelGetOptions;
  /** Jobs were recorded for a machine group: its reminders are checked (part of the reading). */
  recorded(machineGroupId: number): Promise<unknown>;
}

/** Logs read at once by this instance: after a restart every board starts answering together. */
const READINGS_AT_ONCE = 4;

/** Card states in which the board itself does not answer. */
const NOT_ANSWERING = new Set<MachineCardState | undefined>([
  undefined,
  'waiting',
  'gatewayOffline',
  'boardOffline',
]);

/**
 * The catch-up from the board's statistics log (docs/design.md §12): jobs that ended while the gateway was offline,
 * and the filament and outcome live jobs do not carry. A board's log is read when its live status starts answering
 * on this instance (its tunnel came online, or its board came back) and a little after each job it saw finish, one
 * reading at a time per board and a few at a time in all; each line is recorded once
 * (MaintenanceCountersRepository.recordStatisticsJob).
 */
export class StatisticsCatchUp {
  readonly #deps: StatisticsCatchUpDeps;
  readonly #lastState = new Map<number, MachineCardState>();
  readonly #timers = new Map<number, NodeJS.Timeout>();
  readonly #running = new KeyedChain<number>();
  readonly #limit = pLimit(READINGS_AT_ONCE);
  #log: CatchUpLog | undefined;
  #stopped = false;

  constructor(deps: StatisticsCatchUpDeps) {
    this.#deps = deps;
  }

  useLog(log: CatchUpLog): void {
    this.#log = log;
  }

  /** A machine event: a board that starts answering here is read at once, a finished job's board after the delay. */
  onEvent(event: MachineEvent): void {
    if (event.type === 'status') {
      const previous = this.#lastState.get(event.controllerId);
      this.#lastState.set(event.controllerId, event.status.state);
      const startsAnswering = NOT_ANSWERING.has(previous) && !NOT_ANSWERING.has(event.status.state);
      if (startsAnswering && this.#deps.tunnels.isOnline(event.controllerId))
        this.#schedule(event.controllerId, 0);
    } else if (event.type === 'jobFinished') {
      this.#schedule(event.controllerId, this.#deps.delayMs);
    }
  }

  /** Reads the controller's log now (after the reading under way, if any) and records what it holds. */
  catchUp(controllerId: number): Promise<CatchUpResult> {
    return this.#running.run(controllerId, () => this.#limit(() => this.#read(controllerId)));
  }

  /** Resolves once every reading started or scheduled so far is done (tests). */
  async idle(): Promise<void> {
    while (this.#timers.size > 0 || this.#running.size > 0) {
      if (this.#running.size > 0) await this.#running.idle();
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Cancels what is scheduled and waits for the readings under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    await this.#running.idle();
  }

  #schedule(controllerId: number, delayMs: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timers.get(controllerId));
    const timer = setTimeout(() => {
      this.#timers.delete(controllerId);
      this.catchUp(controllerId).catch((error: unknown) =>
        this.#log?.warn({ err: error, controllerId }, 'statistics log not caught up'),
      );
    }, delayMs);
    timer.unref();
    this.#timers.set(controllerId, timer);
  }

  async #read(controllerId: number): Promise<CatchUpResult> {
    const { repository, tunnels, clock, request } = this.#deps;
    const readAt = clock();
    const file = await readBoardFile(tunnels, controllerId, STATISTICS_LOG_PATH, request);
    if (file.kind !== 'file') return { kind: file.kind };
    const offsetMs = boardOffsetMs(file.boardTime, readAt);
    if (offsetMs === null) {
      this.#log?.warn(
        { controllerId, boardTime: file.boardTime, portalTime: readAt.toISOString() },
        "statistics log not read: the board's clock is not set or is off by more than any time zone",
      );
      return { kind: 'noClock', boardTime: file.boardTime };
    }
    const log = parseStatisticsLog(file.data.toString('utf8'));
    const known = new Set(
      (await repository.knownBoardLines(controllerId)).map((line) => boardKeyOf(line.local, line.fileName)),
    );
    const jobs = jobsToRecord(log.rows, offsetMs, known);
    const recorded: Record<StatisticsRecording, number> = { matched: 0, inserted: 0, known: 0 };
    // Counted under the group the controller serves as its log is read (docs/design.md §12).
    const machineGroupId = jobs.length === 0 ? null : await repository.groupOfController(controllerId);
    for (const job of jobs)
      recorded[await repository.recordStatisticsJob(controllerId, machineGroupId, job)] += 1;
    if (machineGroupId !== null && recorded.matched + recorded.inserted > 0)
      await this.#deps.recorded(machineGroupId);
    return {
      kind: 'read',
      offsetMs,
      rows: log.rows.length,
      skipped: log.skipped,
      recorded,
      machineGroupId,
    };
  }
}
