import { isLicenseExpired } from '@portal/contract';
import { AppError, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { type Viewer, visibleMachineGroups } from '../machine-groups/machine-groups.policy.ts';
import { type MachinePath, mayBypassLicense } from './machine-access.policy.ts';
import type { MachineAccessRepository } from './machine-access.repository.ts';

/** Enough for every open board page of a busy instance; past it the cache starts afresh. */
const MAX_CACHED = 10_000;

/** The machine a viewer may reach through the proxy. */
export interface MachineReach {
  controllerId: number;
  machineGroupId: number | null;
}

/**
 * The server's own gate in front of every board and webcam request: the UI hides what a user may not open,
 * this refuses it. Another business's machine is 404 like a missing one; a missing or expired licence and a
 * suspended business are 403 for everyone but administrators; the admin path is for administrators only.
 * A granted access is trusted for as long as a checked session (seconds); refusals are never cached.
 */
export class MachineAccessService {
  readonly #repository: MachineAccessRepository;
  readonly #clock: Clock;
  readonly #cacheMs: number;
  /** Decisions granted a moment ago: a board page polls several times a second, each poll one query otherwise. */
  readonly #granted = new Map<string, { reach: MachineReach; at: number }>();

  /** `cacheMs`: how long a granted access is trusted (as long as a checked session; 0 turns it off). */
  constructor(repository: MachineAccessRepository, clock: Clock, cacheMs: number) {
    this.#repository = repository;
    this.#clock = clock;
    this.#cacheMs = cacheMs;
  }

  async reach(viewer: Viewer, controllerId: number, path: MachinePath): Promise<MachineReach> {
    const key = `${viewer.id}:${viewer.role}:${viewer.business}:${controllerId}:${path}`;
    const now = this.#clock().getTime();
    const cached = this.#granted.get(key);
    if (cached && now - cached.at < this.#cacheMs) return cached.reach;
    const reach = await this.#decide(viewer, controllerId, path);
    if (this.#cacheMs > 0) {
      if (this.#granted.size >= MAX_CACHED) this.#granted.clear();
      this.#granted.set(key, { reach, at: now });
    }
    return reach;
  }

  async #decide(viewer: Viewer, controllerId: number, path: MachinePath): Promise<MachineReach> {
    const privileged = mayBypassLicense(viewer);
    if (path === 'admin' && !privileged) throw new AppError('FORBIDDEN');
    const row = await this.#repository.findReach(controllerId, visibleMachineGroups(viewer));
    if (!row) throw notFound('Machine');
    if (path === 'admin') return { controllerId, machineGroupId: row.machineGroupId };
    if (row.machineGroupId === null) throw notFound('Machine');
    if (!privileged) {
      if (!row.businessActive) throw new AppError('BUSINESS_SUSPENDED');
      const license = {
        activation: row.licenseActivation?.getTime() ?? null,
        expiry: row.licenseExpiryMs ?? 0,
      };
      if (row.licenseExpiryMs === null || isLicenseExpired(license, this.#clock().getTime())) {
        throw new AppError('LICENSE_EXPIRED');
      }
    }
    return { controllerId, machineGroupId: row.machineGroupId };
  }
}
