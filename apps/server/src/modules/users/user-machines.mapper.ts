import type { Firmware, MachineGroup } from '@portal/contract';
import type { MachineGroupRow } from './user-machines.repository.ts';

/**
 * A machine group row as the contract's machine group. The machine-groups module maps the same rows;
 * this copy stays until the two are unified. Tickets do not exist yet, so `issues` is empty.
 */
export const toMachineGroupResponse = (row: MachineGroupRow): MachineGroup => ({
  id: row.id,
  name: row.name,
  location: row.location,
  description: row.description,
  machine: row.machineTypeId,
  board: row.boardTypeId,
  business: row.businessId,
  computer: row.computerControllerId,
  // The column's check constraint admits only the firmware versions of the contract.
  firmware: row.firmware as Firmware,
  issues: [],
});
