import type { Firmware, MachineGroup, MachineGroupUser } from '@portal/contract';
import type { MachineGroupRow, MachineGroupUserRow } from './machine-groups.repository.ts';

/** `issues`: the ids of the tickets about the group. */
export const toMachineGroupResponse = (row: MachineGroupRow, issues: readonly number[]): MachineGroup => ({
  id: row.id,
  name: row.name,
  location: row.location,
  description: row.description,
  machine: row.machineTypeId,
  board: row.boardTypeId,
  business: row.businessId,
  computer: row.computerControllerId,
  // The column's check constraint admits only the contract's firmware values.
  firmware: row.firmware as Firmware,
  issues: [...issues],
});

export const toMachineGroupUserResponse = (row: MachineGroupUserRow): MachineGroupUser => ({
  id: row.id,
  name: row.name,
  surname: row.surname,
  business: row.business,
  businessName: row.businessName,
});
