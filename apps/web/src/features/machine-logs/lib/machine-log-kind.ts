/** The two logs a machine's own macros keep on its SD card (docs/product.md §7 and §9). */
export type MachineLogKind = 'statistics' | 'maintenance';

/** Where each log lives on the board. */
export const MACHINE_LOG_PATHS: Record<MachineLogKind, string> = {
  statistics: '0:/sys/Statistiche/statistiche_v1.csv',
  maintenance: '0:/sys/Statistiche/manutenzioni_v1.csv',
};
