/** Query keys of the fleet feature: the live statuses of every machine the user sees. */
export const fleetKey = ['fleet'] as const;
export const machineStatusesQueryKey = [...fleetKey, 'statuses'] as const;
