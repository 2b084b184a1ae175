import { type MachineCardState, type MachineStatus, machineStatusListSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api-client';
import { failedCallState, refreshIntervalOf, STATUS_TIMEOUT_MS } from '../lib/card-rules';
import { machineStatusesQueryKey } from './fleet-keys';
import { useMachineStatusStream } from './machine-status-stream';
import { useVisibilityRefresh } from './use-visibility-refresh';

/**
 * Every visible machine's live status; given up after 30 s (docs/product.md §9).
 */
export const getMachineStatuses = (signal?: AbortSignal): Promise<MachineStatus[]> => {
  const timeout = AbortSignal.timeout(STATUS_TIMEOUT_MS);
  return answer(
    api.GET('/api/v1/machines/status', { signal: signal ? AbortSignal.any([signal, timeout]) : timeout }),
    machineStatusListSchema,
  );
};

export const getMachineStatusesQueryOptions = () =>
  queryOptions({
    queryKey: machineStatusesQueryKey,
    queryFn: ({ signal }) => getMachineStatuses(signal),
    // The cards show a failed call as offline machines: no error toast (a 401 still logs out).
    meta: { silent: true },
    // Visibility is handled by useVisibilityRefresh, debounced as docs/product.md §4 asks.
    refetchOnWindowFocus: false,
  });

const isTimeout = (error: unknown) => error instanceof DOMException && error.name === 'TimeoutError';

/** What a failed status call means for every card: board offline for a time-out, 503 or 504. */
const failureStateOf = (error: unknown): MachineCardState =>
  failedCallState({
    timedOut: isTimeout(error),
    httpStatus: error instanceof ApiError ? error.status : null,
  });

/**
 * The live statuses of the user's machines, kept current by the one event stream of the app, by a call
 * every 60 s while the page is visible and the stream is down, and on return to a tab with an old
 * update. `failedState` is set while the latest call has failed and no event has come since.
 */
export function useMachineStatuses() {
  const streamOpen = useMachineStatusStream();
  useVisibilityRefresh();
  const query = useQuery({
    ...getMachineStatusesQueryOptions(),
    refetchInterval: refreshIntervalOf(streamOpen),
  });
  const failed = query.isError && query.errorUpdatedAt >= query.dataUpdatedAt;
  return {
    statuses: query.data,
    failedState: failed ? failureStateOf(query.error) : null,
    isPending: query.isPending && !query.isError,
    refetch: query.refetch,
  };
}
