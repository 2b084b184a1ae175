import type { MachineLogKind } from './machine-log-kind';

/**
 * The name a downloaded log is saved under (docs/product.md §2): `statistics-of-{id}-{name}.csv` or
 * `maintenance-of-{id}-{name}.csv`, each character of the machine name that is not an ASCII letter or digit
 * replaced by an underscore, so the name is safe on every file system.
 */
export function logFileName(kind: MachineLogKind, machineId: number, machineName: string): string {
  return `${kind}-of-${machineId}-${machineName.replace(/[^a-zA-Z0-9]/g, '_')}.csv`;
}
