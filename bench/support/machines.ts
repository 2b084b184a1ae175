/**
 * A fleet of machines as the status stream shows them, made through the admin API: a status stream lists machine
 * groups (apps/server/src/modules/live-status/live-status.repository.ts), so each machine is a computer controller
 * with a gateway key and a machine group of its own, in the business of a demo machine.
 */
import { LICENSE_YEAR_MS, type License, type MachineGroup, type Page } from '@portal/contract';
import { api, createGatewayControllers, inBatches, type Session } from '../../test-kit/portal-api.ts';

interface Portal {
  readonly url: string;
}

export interface BenchMachine {
  controller: number;
  key: string;
  group: number;
}

/**
 * `count` new machines like the demo machine group named `like` (same business, machine and board types), each
 * with its controller, gateway key and group, made `parallel` at a time. `licensed` also gives each controller an
 * active licence of a year, which customers need to reach a machine (managers see its status without one).
 */
export async function createMachines(
  portal: Portal,
  admin: Session,
  count: number,
  {
    like,
    prefix,
    parallel = 16,
    licensed = false,
  }: { like: string; prefix: string; parallel?: number; licensed?: boolean },
): Promise<{ machines: BenchMachine[]; business: number }> {
  const groups = await api<Page<MachineGroup>>(portal, admin, 'GET', '/api/v1/machinegroup?pageSize=200');
  const template = groups.items.find((group) => group.name === like);
  if (!template) throw new Error(`no demo machine group named ${like}`);
  const controllers = await createGatewayControllers(portal, admin, count, `${prefix} controller`, {
    like: template.computer,
    parallel,
  });
  const machines = await inBatches(controllers, parallel, async ({ controller, key }, index) => {
    const group = await api<MachineGroup>(portal, admin, 'POST', '/api/v1/machinegroup', {
      name: `${prefix} ${index + 1}`,
      machine: template.machine,
      board: template.board,
      business: template.business,
      computer: controller,
    });
    if (licensed) {
      const license = await api<License>(portal, admin, 'POST', '/api/v1/licenses', {
        business: template.business,
        expiry: LICENSE_YEAR_MS,
      });
      await api(portal, admin, 'PUT', `/api/v1/licenses/${license.id}/activate`, { computer: controller });
    }
    return { controller, key, group: group.id };
  });
  return { machines, business: template.business };
}
