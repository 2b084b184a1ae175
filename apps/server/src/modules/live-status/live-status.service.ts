import type { MachineLiveStatus, MachineStatus } from '@portal/contract';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import { currentStatus } from './card-state.ts';
import { toMachineStatus } from './live-status.mapper.ts';
import { visibleLiveStatuses } from './live-status.policy.ts';
import type { LiveStatusRepository, VisibleMachineRow } from './live-status.repository.ts';
import type { MachineEvents } from './machine-events.ts';

export interface LiveStatusServiceDeps {
  repository: LiveStatusRepository;
  tunnels: TunnelRegistry;
  events: MachineEvents;
}

/**
 * The live statuses users may see. The latest status of each controller is kept from the machine
 * events, not asked of the monitor, so a bus shared by several portal instances serves every instance.
 */
export class LiveStatusService {
  readonly #deps: LiveStatusServiceDeps;
  readonly #latest = new Map<number, MachineLiveStatus>();

  constructor(deps: LiveStatusServiceDeps) {
    this.#deps = deps;
    deps.events.subscribe((event) => {
      if (event.type === 'status') this.#latest.set(event.controllerId, event.status);
    });
  }

  /** Every machine group the viewer sees, with its live status. */
  async list(viewer: Viewer): Promise<MachineStatus[]> {
    return this.statusesOf(await this.visibleMachines(viewer));
  }

  visibleMachines(viewer: Viewer): Promise<VisibleMachineRow[]> {
    return this.#deps.repository.visibleMachines(visibleLiveStatuses(viewer));
  }

  /** The machines' statuses now (synchronous: nothing can change between reading them and what follows). */
  statusesOf(rows: readonly VisibleMachineRow[]): MachineStatus[] {
    return rows.map((row) => toMachineStatus(row, this.statusOf(row.controllerId)));
  }

  statusOf(controllerId: number): MachineLiveStatus {
    return currentStatus(this.#deps.tunnels.isOnline(controllerId), this.#latest.get(controllerId));
  }
}
