import type { MachineLiveStatus } from '@portal/contract';
import type { Clock } from '../../shared/clock.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import type { Viewer } from './print-queue.policy.ts';
import type { PrintQueueRepository } from './print-queue.repository.ts';
import type { PrintQueueRunsRepository, RunFacts } from './print-queue-runs.repository.ts';
import type { QueueBoard, QueueFileContent } from './queue-board.ts';

/** A library file as the queue needs it. */
export interface QueueFile {
  id: number;
  name: string;
}

/** The library, as the queue uses it: a business's file by id (null: none of its), and its bytes. */
export interface QueueFiles {
  fileOfBusiness(businessId: number, fileId: number): Promise<QueueFile | null>;
  openContent(file: QueueFile): Promise<QueueFileContent>;
}

/**
 * A copy of a queued job started, finished or failed on a machine, for the notification centre (docs/design.md
 * §14). Each run's start and end is told once, by the instance whose change it was.
 */
export interface QueueRunEvent extends RunFacts {
  event: 'started' | 'finished' | 'failed';
  /** The person whose own request did it (a start by hand, refused or not): they know, and are not told. */
  actorId: number | null;
}

/**
 * What the print queue's services are built from (`print-queue.module.ts` builds them): each takes the part it
 * uses.
 */
export interface PrintQueueDeps {
  repository: PrintQueueRepository;
  runs: PrintQueueRunsRepository;
  clock: Clock;
  access: MachineAccessService;
  board: QueueBoard;
  files: QueueFiles;
  /** A machine's live status now (the live status module's). */
  statusOf(controllerId: number): MachineLiveStatus;
  /** The person behind an automatic start, as they are now (refused when disabled or suspended). */
  viewerOf(userId: number): Promise<Viewer>;
  /** Tells the notification centre that a queued copy started, finished or failed. */
  tell(event: QueueRunEvent): void;
  /**
   * Tells that a machine group's mark was put or taken: the fleet's statuses show it (the live status module's),
   * and the business's queue changed with it.
   */
  readinessChanged(group: { id: number; businessId: number }): void;
  /** Tells the open pages that the business's queue changed (the status streams' `queue` event). */
  changed(businessId: number): void;
  warn(error: unknown, message: string): void;
}
