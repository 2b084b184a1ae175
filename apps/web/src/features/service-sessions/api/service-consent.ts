import { type ServiceConsent, serviceConsentAnswerSchema } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { serviceConsentKey } from './service-session-keys';

/**
 * Whether outside staff need an accepted session, and whether the
 * reader's account is one the operator's staff set up and may not change it.
 */
export const getServiceConsentQueryOptions = (business: number) =>
  queryOptions({
    queryKey: serviceConsentKey(business),
    queryFn: ({ signal }) =>
      answer(
        api.GET('/api/v1/business/{id}/service-consent', { params: { path: { id: business } }, signal }),
        serviceConsentAnswerSchema,
      ),
  });

export function useServiceConsent(business: number) {
  return useQuery(getServiceConsentQueryOptions(business));
}

/** The business's managers only. */
export function useSaveServiceConsent(business: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceConsent) =>
      answer(
        api.PUT('/api/v1/business/{id}/service-consent', { params: { path: { id: business } }, body }),
        serviceConsentAnswerSchema,
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(serviceConsentKey(business), saved);
      showToast({
        type: 'success',
        body: t(saved.required ? 'serviceSessions.consent.savedOn' : 'serviceSessions.consent.savedOff'),
      });
    },
  });
}
