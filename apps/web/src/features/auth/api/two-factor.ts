import {
  type TwoFactorCodeBody,
  twoFactorRecoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';

export const twoFactorKey = ['two-factor'] as const;

/** GET /api/v1/two-factor: one's own two-factor sign-in. */
export const getTwoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => apiRequest('/api/v1/two-factor', twoFactorStatusSchema, { signal }),
  });

export function useTwoFactorStatus() {
  return useQuery(getTwoFactorStatusQueryOptions());
}

/** POST /api/v1/two-factor/setup: a new secret, pending until a code confirms it. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => apiRequest('/api/v1/two-factor/setup', twoFactorSetupSchema, { method: 'POST' }),
  });
}

/** POST /api/v1/two-factor/confirm: on, with the recovery codes answered this once. */
export function useConfirmTwoFactor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorCodeBody) =>
      apiRequest('/api/v1/two-factor/confirm', twoFactorRecoveryCodesSchema, { method: 'POST', body }),
    onSuccess: () => {
      showToast({ type: 'success', body: t('twoFactor.turnedOn') });
      return queryClient.invalidateQueries({ queryKey: twoFactorKey });
    },
  });
}

/** POST /api/v1/two-factor/disable: off, with a current code. */
export function useDisableTwoFactor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorCodeBody) =>
      apiRequest('/api/v1/two-factor/disable', null, { method: 'POST', body }),
    onSuccess: () => {
      showToast({ type: 'success', body: t('twoFactor.turnedOff') });
      return queryClient.invalidateQueries({ queryKey: twoFactorKey });
    },
  });
}

/** DELETE /api/v1/users/:id/two-factor: an administrator resets a user's second factor. */
export function useResetTwoFactor(userId: number) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => apiRequest(`/api/v1/users/${userId}/two-factor`, null, { method: 'DELETE' }),
    onSuccess: () => showToast({ type: 'success', body: t('twoFactor.resetDone') }),
  });
}
