import { type FleetInsight, type FleetInsightQuery, fleetInsightSchema } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';

/** The machines' use per week in the period, with the filters given. */
export const getInsight = (query: FleetInsightQuery, signal?: AbortSignal): Promise<FleetInsight> =>
  answer(api.GET('/api/v1/insight', { params: { query }, signal }), fleetInsightSchema);

export const insightKeys = {
  all: ['insight'] as const,
  view: (query: FleetInsightQuery) => ['insight', 'view', query] as const,
};

/** The figures of a period; while another period loads, the previous one stays on screen. */
export const getInsightQueryOptions = (query: FleetInsightQuery) =>
  queryOptions({
    queryKey: insightKeys.view(query),
    queryFn: ({ signal }) => getInsight(query, signal),
    placeholderData: keepPreviousData,
  });

/** The insight of `query`; `enabled: false` while the period on screen cannot be asked for. */
export function useInsight(query: FleetInsightQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getInsightQueryOptions(query), enabled });
}
