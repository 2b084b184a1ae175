import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { MachineGroupsRepository } from './machine-groups.repository.ts';
import { machineGroupsRoutes } from './machine-groups.routes.ts';
import { MachineGroupsService } from './machine-groups.service.ts';

/** Machine groups: what customers see as their machines, with who may see and change them. */
export function createMachineGroupsModule({ db }: ModuleDeps) {
  const repository = new MachineGroupsRepository(db);
  const service = new MachineGroupsService(repository);
  return { repository, service, routes: routesOf(machineGroupsRoutes, { groups: service }) };
}
