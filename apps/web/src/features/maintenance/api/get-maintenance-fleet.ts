import { type MaintenanceFleetItem, maintenanceFleetSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { answer, api } from '../../../lib/api/client';
import { type MaintenanceSummary, summariseByMachine } from '../lib/maintenance-rules';
import { type MaintenanceFleetFilter, maintenanceFleetKey } from './maintenance-keys';

/** How often the fleet's states are read again while a list or the machine cards show (jobs finish meanwhile). */
export const FLEET_REFRESH_MS = 60_000;

/**
 * Every task's state on every machine group the caller sees, overdue first, then due
 * soon, then by the nearest criterion's share (docs/design.md §12), filtered by business and location.
 */
export const getMaintenanceFleet = (
  filter: MaintenanceFleetFilter,
  signal?: AbortSignal,
): Promise<MaintenanceFleetItem[]> =>
  answer(
    api.GET('/api/v1/maintenance', {
      params: { query: { business: filter.business, location: filter.location } },
      signal,
    }),
    maintenanceFleetSchema,
  );

export const getMaintenanceFleetQueryOptions = (filter: MaintenanceFleetFilter) =>
  queryOptions({
    queryKey: maintenanceFleetKey(filter),
    queryFn: ({ signal }) => getMaintenanceFleet(filter, signal),
    refetchInterval: FLEET_REFRESH_MS,
  });

/** The fleet's maintenance list, as the API sorts it. */
export function useMaintenanceFleet(filter: MaintenanceFleetFilter) {
  return useQuery(getMaintenanceFleetQueryOptions(filter));
}

/**
 * Each machine's maintenance at a glance, for the machine cards' badges: a side note of the machine list, so a
 * failure shows no error toast (the cards simply carry no badge).
 */
export function useMaintenanceSummaries(): Map<number, MaintenanceSummary> | undefined {
  const { data } = useQuery({ ...getMaintenanceFleetQueryOptions({}), meta: { silent: true } });
  return useMemo(() => data && summariseByMachine(data), [data]);
}
