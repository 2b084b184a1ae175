import type { MachineLiveStatus, MachineStatus } from '@portal/contract';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { readFileThumbnail, type TunnelGetOptions } from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import { currentStatus } from './card-state.ts';
import { toMachineStatus, type ViewedMachine } from './live-status.mapper.ts';
import { usesQueueOf, visibleLiveStatuses } from './live-status.policy.ts';
import type { LiveStatusRepository } from './live-status.repository.ts';
import type { MachineEvents } from './machine-events.ts';
import type { ReadinessChanges } from './readiness-changes.ts';

export interface LiveStatusServiceDeps {
  repository: LiveStatusRepository;
  tunnels: TunnelRegistry;
  events: MachineEvents;
  /** The print queue's readiness of the machines. */
  readiness: ReadinessChanges;
  /** Limits of a request to a board, as the monitor's. */
  request: TunnelGetOptions;
}

/** Thumbnails read lately, by controller and file: a job's image does not change while it runs. */
const THUMBNAILS = { max: 64, ttl: 10 * 60 * 1000 };

/**
 * The live statuses users may see. The latest status of each controller is kept from the machine
 * events, not asked of the monitor, so a bus shared by several portal instances serves every instance.
 */
export class LiveStatusService {
  readonly #deps: LiveStatusServiceDeps;
  readonly #latest = new Map<number, MachineLiveStatus>();
  readonly #thumbnails = new LRUCache<string, Buffer>(THUMBNAILS);

  constructor(deps: LiveStatusServiceDeps) {
    this.#deps = deps;
    deps.events.subscribe((event) => {
      if (event.type === 'status') this.#latest.set(event.controllerId, event.status);
    });
  }

  /** Every machine group the viewer sees, with its live status (and readiness, for whoever uses its queue). */
  async list(viewer: Viewer): Promise<MachineStatus[]> {
    return this.statusesOf(await this.visibleMachines(viewer));
  }

  /** The machine groups the viewer sees, each with its readiness when the viewer may use its business's queue. */
  async visibleMachines(viewer: Viewer): Promise<ViewedMachine[]> {
    const rows = await this.#deps.repository.visibleMachines(visibleLiveStatuses(viewer));
    const queued = rows.filter((row) => usesQueueOf(viewer, row.businessId)).map((row) => row.machineGroupId);
    const ready = await this.#deps.readiness.readyAmong(queued);
    const known = new Set(queued);
    return rows.map((row) => ({
      ...row,
      ready: known.has(row.machineGroupId) ? ready.has(row.machineGroupId) : undefined,
    }));
  }

  /** The machines' statuses now (synchronous: nothing can change between reading them and what follows). */
  statusesOf(machines: readonly ViewedMachine[]): MachineStatus[] {
    return machines.map((machine) => toMachineStatus(machine, this.statusOf(machine.controllerId)));
  }

  /** Throws NOT_FOUND unless the viewer sees the machine's live status. */
  async assertVisible(viewer: Viewer, controllerId: number): Promise<void> {
    if (!(await this.#deps.repository.isVisible(visibleLiveStatuses(viewer), controllerId))) {
      throw new AppError('NOT_FOUND');
    }
  }

  /**
   * The PNG thumbnail of the job the machine runs, read from its board (docs/duet-http.md §1.3); null when it runs
   * no job with one. Another business's machine is not found.
   */
  async jobThumbnail(viewer: SessionSubject, controllerId: number): Promise<Buffer | null> {
    await this.assertVisible(viewer, controllerId);
    const job = this.statusOf(controllerId).job;
    if (!job?.thumbnail || job.finished) return null;
    const key = `${controllerId}\0${job.fileName}`;
    const cached = this.#thumbnails.get(key);
    if (cached) return cached;
    // The instance holding the tunnel, if another, checks the viewer again by the same rule.
    const outcome = await readFileThumbnail(this.#deps.tunnels, controllerId, job.fileName, {
      ...this.#deps.request,
      actor: { userId: viewer.id, path: 'status', sessionId: viewer.sessionId },
    });
    switch (outcome.kind) {
      case 'image':
        this.#thumbnails.set(key, outcome.png);
        return outcome.png;
      case 'none':
        return null;
      case 'gatewayOffline':
        throw new AppError('GATEWAY_OFFLINE');
      case 'boardOffline':
        throw new AppError('BOARD_OFFLINE');
    }
  }

  statusOf(controllerId: number): MachineLiveStatus {
    return currentStatus(this.#deps.tunnels.isOnline(controllerId), this.#latest.get(controllerId));
  }
}
