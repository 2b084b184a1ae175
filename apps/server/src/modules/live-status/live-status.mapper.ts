import type { MachineLiveStatus, MachineStatus } from '@portal/contract';
import type { VisibleMachineRow } from './live-status.repository.ts';

export const toMachineStatus = (row: VisibleMachineRow, status: MachineLiveStatus): MachineStatus => ({
  machineGroupId: row.machineGroupId,
  controllerId: row.controllerId,
  name: row.name,
  license:
    row.licenseExpiryMs === null ? null : { activation: row.licenseActivation, expiry: row.licenseExpiryMs },
  status,
});
