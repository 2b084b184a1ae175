import type { MachineLiveStatus, MachineStatus } from '@portal/contract';
import type { VisibleMachineRow } from './live-status.repository.ts';

/**
 * A machine group a viewer sees, with its readiness for the print queue ("bed clear") when the viewer may use its
 * business's queue, undefined otherwise.
 */
export interface ViewedMachine extends VisibleMachineRow {
  ready: boolean | undefined;
}

export const toMachineStatus = (machine: ViewedMachine, status: MachineLiveStatus): MachineStatus => ({
  machineGroupId: machine.machineGroupId,
  controllerId: machine.controllerId,
  name: machine.name,
  license:
    machine.licenseExpiryMs === null
      ? null
      : { activation: machine.licenseActivation, expiry: machine.licenseExpiryMs },
  status,
  ...(machine.ready !== undefined && { ready: machine.ready }),
});
