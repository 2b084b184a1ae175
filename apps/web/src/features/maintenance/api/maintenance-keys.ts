/**
 * Query keys of the maintenance feature, all under one prefix: a task changed, an override set or a task marked
 * done changes the plans, the machines' states and the fleet list at once, so every change refreshes them all.
 */
export const maintenanceKey = ['maintenance'] as const;

/** The fleet list's filters as the API takes them. */
export interface MaintenanceFleetFilter {
  business?: number | undefined;
  location?: string | undefined;
}

export const maintenanceFleetKey = (filter: MaintenanceFleetFilter) =>
  [...maintenanceKey, 'fleet', filter.business ?? null, filter.location ?? null] as const;
export const machineMaintenanceKey = (machine: number) => [...maintenanceKey, 'machine', machine] as const;
export const maintenanceDoneLogKey = (machine: number) => [...maintenanceKey, 'done', machine] as const;
export const maintenanceTasksKey = (machineType: number) =>
  [...maintenanceKey, 'tasks', machineType] as const;
