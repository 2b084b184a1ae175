import type { ModuleDeps } from '../../shared/module.ts';
import { MachineAccessRepository } from './machine-access.repository.ts';
import { MachineAccessService } from './machine-access.service.ts';

/** Who may reach which machine through the proxy and the webcam relay; no routes of its own. */
export function createMachineAccessModule({ db, clock, config }: ModuleDeps) {
  const repository = new MachineAccessRepository(db);
  const service = new MachineAccessService(repository, clock, config.sessionCacheMs);
  return { repository, service };
}
