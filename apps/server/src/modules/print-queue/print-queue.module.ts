import type { MachineLiveStatus } from '@portal/contract';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { BoardActivity } from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineEvents } from '../live-status/machine-events.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import { queueKeepsFile } from './library-keeper.ts';
import { PrintQueueRepository } from './print-queue.repository.ts';
import { printQueueRoutes } from './print-queue.routes.ts';
import { PrintQueueService } from './print-queue.service.ts';
import type { PrintQueueDeps, QueueFiles, QueueRunEvent } from './print-queue-deps.ts';
import { PrintQueueHistoryRepository } from './print-queue-history.repository.ts';
import { PrintQueueHistoryService } from './print-queue-history.service.ts';
import { PrintQueueMachinesService } from './print-queue-machines.service.ts';
import { PrintQueueRunsRepository } from './print-queue-runs.repository.ts';
import { QueueAccess } from './queue-access.ts';
import { QueueBoard } from './queue-board.ts';
import { QueueStarter } from './queue-starter.ts';
import { RunChanges } from './run-changes.ts';
import { RunFollower } from './run-follower.ts';

export type { QueueRunEvent } from './print-queue-deps.ts';

export interface PrintQueueModuleDeps {
  /** The deployment's tunnels: a start is relayed to the board wherever its tunnel is held. */
  registry: TunnelRegistry;
  /** The activity record: a start is recorded as the person's upload and G-code, like any print. */
  activity: BoardActivity;
  access: MachineAccessService;
  /** The live status's machine events, which runs follow, and each machine's status now. */
  machineEvents: MachineEvents;
  statusOf(controllerId: number): MachineLiveStatus;
  /** The library's files, which keep a file's content while a job that has not finished names it. */
  files: QueueFiles & { keepContentWhile(keeper: typeof queueKeepsFile): unknown };
  /** The person behind an automatic start, as they are now. */
  viewerOf(userId: number): Promise<Viewer>;
  /** Tells the notification centre that a queued copy started, finished or failed. */
  tell(event: QueueRunEvent): void;
  /** Tells the live status that a machine group's mark may have changed: its statuses carry readiness. */
  readinessChanged(machineGroupId: number): void;
  warn(error: unknown, message: string): void;
}

/**
 * The print queue (docs/product.md §11, docs/design.md §14): a business's jobs of library files, each copy started
 * on a machine a person marked ready (by hand, or by itself when the business wants it), and the runs following
 * their boards through the machine events. `print-queue.service.ts` serves the queue and its jobs,
 * `print-queue-machines.service.ts` the machines' readiness, starts by hand and runs, `queue-starter.ts` starts a
 * copy (the automatic start too), `run-follower.ts` follows the machine events with the pure rules of
 * `run-following.ts`, and `queue-access.ts` finds what a person asks for or answers 404.
 * `print-queue.repository.ts` holds the jobs, `print-queue-runs.repository.ts` the readiness, the runs and the
 * atomic claim of a machine for a job, `queue-board.ts` the requests to the board (upload to 0:/gcodes/queue/ and
 * M32, through the board client's relay as the person), `run-changes.ts` every change of a run with the end told to
 * the notification centre, `library-keeper.ts` the library files whose content a job
 * that has not finished keeps from being replaced, and `print-queue-history.*.ts` the ended jobs' pages.
 */
export function createPrintQueueModule({ db, clock, config }: ModuleDeps, deps: PrintQueueModuleDeps) {
  const repository = new PrintQueueRepository(db);
  deps.files.keepContentWhile(queueKeepsFile);
  const changed = (businessId: number) => deps.machineEvents.emit({ type: 'queue', businessId });
  const queueDeps: PrintQueueDeps = {
    repository,
    runs: new PrintQueueRunsRepository(db),
    clock,
    access: deps.access,
    board: new QueueBoard(deps.registry, deps.activity, config.proxyTimeoutMs),
    files: deps.files,
    statusOf: deps.statusOf,
    viewerOf: deps.viewerOf,
    tell: deps.tell,
    // A mark put or taken: the fleet's statuses show it, and the queue's pages read the business's queue again.
    readinessChanged: (group) => {
      deps.readinessChanged(group.id);
      changed(group.businessId);
    },
    changed,
    warn: deps.warn,
  };
  const queueAccess = new QueueAccess(repository);
  const runChanges = new RunChanges(queueDeps);
  const starter = new QueueStarter({ ...queueDeps, runChanges });
  const machines = new PrintQueueMachinesService({ ...queueDeps, queueAccess, starter, runChanges });
  const service = new PrintQueueService({ ...queueDeps, queueAccess, machines, starter });
  const follower = new RunFollower({ ...queueDeps, starter, runChanges });
  const history = new PrintQueueHistoryService({ history: new PrintQueueHistoryRepository(db), repository });
  return {
    repository,
    /** The business's queue and its jobs (a slicer's upload to the queue too). */
    service,
    /** The machines in the queue: readiness (which the fleet's statuses carry), starts by hand, runs. */
    machines,
    /**
     * The runs following the machine events; `idle()` waits for what it is applying, `endsRun` tells a queued
     * copy's end on a machine from any other job's.
     */
    follower,
    routes: routesOf(printQueueRoutes, {
      service,
      machines,
      history,
      follower,
      machineEvents: deps.machineEvents,
    }),
  };
}
