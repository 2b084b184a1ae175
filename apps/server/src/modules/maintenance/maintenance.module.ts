import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineEvents } from '../live-status/machine-events.ts';
import { MaintenanceRepository } from './maintenance.repository.ts';
import { maintenanceRoutes } from './maintenance.routes.ts';
import { MaintenanceService } from './maintenance.service.ts';
import { MaintenanceCountersRepository } from './maintenance-counters.repository.ts';
import { type MaintenanceReminder, MaintenanceReminders } from './maintenance-reminders.ts';
import { StatisticsCatchUp } from './statistics-catch-up.ts';

export type { MaintenanceReminder } from './maintenance-reminders.ts';

/** A finished job's line is in the board's log by the time its status reads idle; a few seconds leave it room. */
const CATCH_UP_DELAY_MS = 5_000;
/** A statistics log of years of jobs is well under this; the board may take its time to send it. */
const LOG_REQUEST = { waitMs: 5_000, timeoutMs: 30_000, maxBytes: 16 * 1024 * 1024 };

export interface MaintenanceModuleDeps {
  /** The live status's machine events: each job-finished transition is recorded as a job. */
  machineEvents: MachineEvents;
  /** The tunnels this instance holds: the statistics log of a board followed here is read through them. */
  held: TunnelRegistry;
  /** Sends a task's reminder (the notifications module: push and mail). */
  remind(reminder: MaintenanceReminder): void;
}

/**
 * Preventive maintenance (docs/design.md §12): plans per machine type, machine groups' overrides, the done log, the
 * jobs the counters read (live, and caught up from the board's statistics log), each task's due state on each
 * machine group, and the reminders of tasks that fall due.
 *
 * The finished jobs (`machine_jobs`, each job once) come from the live status's `jobFinished` events and from the
 * board's statistics log: `statistics-catch-up.ts` reads it through the board client when a board starts answering
 * and after its jobs, `statistics-log.ts` holds the pure rules (the file's quirks, the board's zone, each line
 * once). `maintenance-counters.repository.ts` computes each task's counters in SQL and records the jobs;
 * `maintenance.repository.ts` holds plans, overrides, the done log and the reminders' claims. The due state is the
 * contract's `maintenanceDue` (whichever comes first); `maintenance.policy.ts` says who edits plans and who records
 * work; `maintenance-reminders.ts` reminds once per task, group and cycle for the deployment, claimed in
 * `maintenance_reminders`, sent by the notifications module.
 */
export function createMaintenanceModule(
  { db, clock, config }: ModuleDeps,
  { machineEvents, held, remind }: MaintenanceModuleDeps,
) {
  const repository = new MaintenanceRepository(db);
  const counters = new MaintenanceCountersRepository(db);
  const service = new MaintenanceService(repository, counters, clock);
  const reminders = new MaintenanceReminders(repository, counters, clock, remind);
  const catchUp = new StatisticsCatchUp({
    repository: counters,
    tunnels: held,
    clock,
    delayMs: config.maintenance?.catchUpDelayMs ?? CATCH_UP_DELAY_MS,
    request: LOG_REQUEST,
    recorded: (machineGroupId) => reminders.check(machineGroupId),
  });
  return {
    repository,
    service,
    reminders,
    catchUp,
    routes: routesOf(maintenanceRoutes, { service, machineEvents, reminders, catchUp }),
  };
}
