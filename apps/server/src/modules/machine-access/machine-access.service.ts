import { isLicenseExpired } from '@portal/contract';
import { AppError, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { type Viewer, visibleMachineGroups } from '../machine-groups/machine-groups.policy.ts';
import { type MachinePath, mayBypassLicense } from './machine-access.policy.ts';
import type { MachineAccessRepository } from './machine-access.repository.ts';

/** The machine a viewer may reach through the proxy. */
export interface MachineReach {
  controllerId: number;
  machineGroupId: number | null;
}

/**
 * The server's own gate in front of every board and webcam request: the UI hides what a user may not open,
 * this refuses it. Another business's machine is 404 like a missing one; a missing or expired licence and a
 * suspended business are 403 for everyone but administrators; the admin path is for administrators only.
 */
export class MachineAccessService {
  readonly #repository: MachineAccessRepository;
  readonly #clock: Clock;

  constructor(repository: MachineAccessRepository, clock: Clock) {
    this.#repository = repository;
    this.#clock = clock;
  }

  async reach(viewer: Viewer, controllerId: number, path: MachinePath): Promise<MachineReach> {
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
