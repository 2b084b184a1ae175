import {
  type ServiceSession,
  type ServiceSessionDecisionBody,
  type ServiceSessionRequestBody,
  serviceSessionSchema,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { serviceSessionsKey } from './service-session-keys';

/** Outside staff ask for the ticket's machine. */
export const requestServiceSession = (
  ticket: number,
  body: ServiceSessionRequestBody,
): Promise<ServiceSession> =>
  answer(
    api.POST('/api/v1/tickets/{id}/service-sessions', { params: { path: { id: ticket } }, body }),
    serviceSessionSchema,
  );

/** The business accepts or rejects, with a comment. */
export const decideServiceSession = (id: number, body: ServiceSessionDecisionBody): Promise<ServiceSession> =>
  answer(
    api.POST('/api/v1/service-sessions/{id}/decision', { params: { path: { id } }, body }),
    serviceSessionSchema,
  );

/** A request withdrawn, or an active session ended early. */
export const endServiceSession = (id: number): Promise<ServiceSession> =>
  answer(api.POST('/api/v1/service-sessions/{id}/end', { params: { path: { id } } }), serviceSessionSchema);

/** After any change: every list, log and notice of sessions is read again. */
function useSessionsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: serviceSessionsKey });
}

export function useRequestServiceSession(ticket: number) {
  const { t } = useTranslation();
  const changed = useSessionsChanged();
  return useMutation({
    mutationFn: (body: ServiceSessionRequestBody) => requestServiceSession(ticket, body),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('serviceSessions.toasts.requested') });
      await changed();
    },
  });
}

export function useDecideServiceSession() {
  const { t } = useTranslation();
  const changed = useSessionsChanged();
  return useMutation({
    mutationFn: ({ id, ...body }: ServiceSessionDecisionBody & { id: number }) =>
      decideServiceSession(id, body),
    onSuccess: async (session) => {
      showToast({
        type: 'success',
        body: t(
          session.state === 'rejected'
            ? 'serviceSessions.toasts.rejected'
            : 'serviceSessions.toasts.accepted',
        ),
      });
      await changed();
    },
    // A decision someone else took first (SERVICE_SESSION_CLOSED): the toast says so, the card shows theirs.
    onError: () => changed(),
  });
}

export function useEndServiceSession() {
  const { t } = useTranslation();
  const changed = useSessionsChanged();
  return useMutation({
    mutationFn: (id: number) => endServiceSession(id),
    onSuccess: async (session) => {
      showToast({
        type: 'success',
        body: t(
          session.state === 'withdrawn' ? 'serviceSessions.toasts.withdrawn' : 'serviceSessions.toasts.ended',
        ),
      });
      await changed();
    },
    onError: () => changed(),
  });
}

/** Reads every list, log and notice of sessions again (an active one has just reached its end). */
export function useRefreshServiceSessions(): () => void {
  const changed = useSessionsChanged();
  return () => void changed();
}
