import {
  type ActivityEntry,
  activityEntrySchema,
  PAGE_SIZE_MAX,
  type Page,
  pageSchema,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { sessionLogKey, TICKET_SESSIONS_REFRESH_MS } from './service-session-keys';

const activityPageSchema = pageSchema(activityEntrySchema);

/**
 * A ticket's session log, the activity record's entries for it (the sessions'
 * requests, decisions and ends, and what was done on the machine in them), newest first, the largest page.
 */
export const getSessionLog = (ticket: number, signal?: AbortSignal): Promise<Page<ActivityEntry>> =>
  answer(
    api.GET('/api/v1/activity', {
      params: { query: { ticket: String(ticket), pageSize: PAGE_SIZE_MAX } },
      signal,
    }),
    activityPageSchema,
  );

export const getSessionLogQueryOptions = (ticket: number) =>
  queryOptions({
    queryKey: sessionLogKey(ticket),
    queryFn: ({ signal }) => getSessionLog(ticket, signal),
  });

export function useSessionLog(ticket: number) {
  return useQuery({ ...getSessionLogQueryOptions(ticket), refetchInterval: TICKET_SESSIONS_REFRESH_MS });
}
