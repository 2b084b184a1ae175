import { type ServiceSession, type ServiceSessionQuery, serviceSessionListSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import {
  AWAITING_REFRESH_MS,
  serviceSessionListKey,
  TICKET_SESSIONS_REFRESH_MS,
} from './service-session-keys';

/** The sessions the caller sees, newest first, filtered by `query`. */
export const getServiceSessions = (
  query: ServiceSessionQuery,
  signal?: AbortSignal,
): Promise<ServiceSession[]> =>
  answer(api.GET('/api/v1/service-sessions', { params: { query }, signal }), serviceSessionListSchema);

export const getServiceSessionsQueryOptions = (query: ServiceSessionQuery) =>
  queryOptions({
    queryKey: serviceSessionListKey(query),
    queryFn: ({ signal }) => getServiceSessions(query, signal),
  });

/** The sessions asked for from one ticket, read again while the ticket is open. */
export function useTicketServiceSessions(ticket: number) {
  return useQuery({
    ...getServiceSessionsQueryOptions({ ticket: String(ticket) }),
    refetchInterval: TICKET_SESSIONS_REFRESH_MS,
  });
}

/** One machine's sessions still requested or active; its page shows who has remote control now. */
export function useMachineOpenSessions(controller: number) {
  return useQuery({
    ...getServiceSessionsQueryOptions({ controller: String(controller), open: 'true' }),
    refetchInterval: AWAITING_REFRESH_MS,
    // A side note of the machine page: without it the page still works, so no error toast.
    meta: { silent: true },
  });
}

/**
 * The requests the caller may decide, for the shell's notice: read every 30 s and whenever the window gets the
 * focus back, however fresh the last answer.
 */
export function useAwaitingServiceSessions(enabled: boolean) {
  return useQuery({
    ...getServiceSessionsQueryOptions({ awaiting: 'true' }),
    enabled,
    refetchInterval: AWAITING_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    meta: { silent: true },
  });
}
