import { BUS_RESUMED } from '../../shared/cluster-bus.ts';
import type { ModuleDeps } from '../../shared/module.ts';
import { MachineAccessRepository } from './machine-access.repository.ts';
import { MachineAccessService } from './machine-access.service.ts';

/** The bus channel on which an instance tells every other that grants may have changed. */
const GRANTS_CHANGED = 'machine-access.grants-changed';

/** Who may reach which machine through the proxy and the webcam relay; no routes of its own. */
export function createMachineAccessModule({ db, clock, config, bus }: ModuleDeps) {
  const repository = new MachineAccessRepository(db);
  const service = new MachineAccessService(repository, clock, config.grantCacheMs ?? config.sessionCacheMs);
  bus.subscribe(GRANTS_CHANGED, () => service.forgetGrants());
  // Changes told while this instance could not hear the others were missed.
  bus.subscribe(BUS_RESUMED, () => service.forgetGrants());
  return {
    repository,
    service,
    /** After a write that may change who reaches which machine: every instance decides its grants again. */
    grantsMayHaveChanged: () => bus.publish(GRANTS_CHANGED, {}),
  };
}
