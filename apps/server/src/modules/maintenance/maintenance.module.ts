import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { MachineEvents } from '../live-status/machine-events.ts';
import { MaintenanceRepository } from './maintenance.repository.ts';
import { maintenanceRoutes } from './maintenance.routes.ts';
import { MaintenanceService } from './maintenance.service.ts';

export interface MaintenanceModuleDeps {
  /** The live status's machine events: each job-finished transition is recorded as a job. */
  machineEvents: MachineEvents;
}

/**
 * Preventive maintenance (docs/design.md §12): plans per machine type, machine groups' overrides, the done log, the
 * jobs the counters read, and each task's due state on each machine group.
 */
export function createMaintenanceModule({ db, clock }: ModuleDeps, { machineEvents }: MaintenanceModuleDeps) {
  const repository = new MaintenanceRepository(db);
  const service = new MaintenanceService(repository, clock);
  return {
    repository,
    service,
    routes: routesOf(maintenanceRoutes, { service, machineEvents }),
  };
}
