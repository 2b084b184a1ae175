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
import { PrintQueueService, type QueuedJobStarted, type QueueFiles } from './print-queue.service.ts';
import { PrintQueueHistoryRepository } from './print-queue-history.repository.ts';
import { PrintQueueHistoryService } from './print-queue-history.service.ts';
import { PrintQueueRunsRepository } from './print-queue-runs.repository.ts';
import { QueueBoard } from './queue-board.ts';

export type { QueuedJobStarted } from './print-queue.service.ts';

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
  /** Tells the notification centre that a queued job started. */
  started(event: QueuedJobStarted): void;
  /** Tells the live status that a machine group's mark may have changed: its statuses carry readiness. */
  readinessChanged(machineGroupId: number): void;
  warn(error: unknown, message: string): void;
}

/**
 * The print queue (docs/product.md §11, docs/design.md §14): a business's jobs of library files, each copy started
 * on a machine a person marked ready (by hand, or by itself when the business wants it), and the runs following
 * their boards through the machine events. `run-following.ts` holds the pure rules of a run's states,
 * `print-queue-runs.repository.ts` the atomic claim of a machine for a job, `queue-board.ts` the requests to the
 * board (upload to 0:/gcodes/queue/ and M32, through the board client's relay as the person), `library-keeper.ts`
 * the library files whose content a job that has not finished keeps from being replaced, and
 * `print-queue-history.*.ts` the ended jobs' pages.
 */
export function createPrintQueueModule({ db, clock, config }: ModuleDeps, deps: PrintQueueModuleDeps) {
  const repository = new PrintQueueRepository(db);
  deps.files.keepContentWhile(queueKeepsFile);
  const board = new QueueBoard(deps.registry, deps.activity, config.proxyTimeoutMs);
  const service = new PrintQueueService({
    repository,
    runs: new PrintQueueRunsRepository(db),
    clock,
    access: deps.access,
    board,
    files: deps.files,
    statusOf: deps.statusOf,
    viewerOf: deps.viewerOf,
    started: deps.started,
    readinessChanged: deps.readinessChanged,
    changed: (businessId) => deps.machineEvents.emit({ type: 'queue', businessId }),
    warn: deps.warn,
  });
  const history = new PrintQueueHistoryService({ history: new PrintQueueHistoryRepository(db), repository });
  return {
    repository,
    service,
    routes: routesOf(printQueueRoutes, { service, history, machineEvents: deps.machineEvents }),
  };
}
