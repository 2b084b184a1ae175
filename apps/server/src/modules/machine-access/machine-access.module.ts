import { BUS_RESUMED } from '../../shared/cluster-bus.ts';
import type { ModuleDeps } from '../../shared/module.ts';
import { MachineAccessRepository } from './machine-access.repository.ts';
import { MachineAccessService } from './machine-access.service.ts';

/** The bus channel on which an instance tells every other that grants may have changed. */
const GRANTS_CHANGED = 'machine-access.grants-changed';

/**
 * Who may reach which machine through the proxy and the webcam relay; no routes of its own.
 *
 * It decides visibility, licence, suspension and the admin path, and change (consent: someone outside a business
 * that requires it needs an open service session, docs/design.md §11). `board-scopes.ts` says how names and G-code
 * lines in a board request read to the board (file names as FatFs and DSF open them) and holds the customer path's
 * scope as one table keyed by the route packages/duet matched; `customer-gcode.ts` is the customer path's G-code
 * check (each line read by packages/duet's lexer, the deny-list, the file rules), built by `board-scopes.ts` on its
 * path rules, which the machine proxy applies on both origins and the slicer scope reuses (docs/board-access.md).
 */
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
