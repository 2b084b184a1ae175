import { type ServiceConsent, serviceConsentAnswerSchema } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { serviceConsentKey } from './service-session-keys';

const consentPath = (business: number) => `/api/v1/business/${business}/service-consent`;

/**
 * GET /api/v1/business/{id}/service-consent: whether outside staff need an accepted session, and whether the
 * reader's account is one the operator's staff set up and may not change it.
 */
export const getServiceConsentQueryOptions = (business: number) =>
  queryOptions({
    queryKey: serviceConsentKey(business),
    queryFn: ({ signal }) => apiRequest(consentPath(business), serviceConsentAnswerSchema, { signal }),
  });

export function useServiceConsent(business: number) {
  return useQuery(getServiceConsentQueryOptions(business));
}

/** PUT /api/v1/business/{id}/service-consent (the business's managers). */
export function useSaveServiceConsent(business: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceConsent) =>
      apiRequest(consentPath(business), serviceConsentAnswerSchema, { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(serviceConsentKey(business), saved);
      showToast({
        type: 'success',
        body: t(saved.required ? 'serviceSessions.consent.savedOn' : 'serviceSessions.consent.savedOff'),
      });
    },
  });
}
