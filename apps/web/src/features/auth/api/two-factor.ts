import {
  type TwoFactorCodeBody,
  twoFactorRecoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';

export const twoFactorKey = ['two-factor'] as const;

/** One's own two-factor sign-in. */
export const getTwoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => answer(api.GET('/api/v1/two-factor', { signal }), twoFactorStatusSchema),
  });

export function useTwoFactorStatus() {
  return useQuery(getTwoFactorStatusQueryOptions());
}

/** A new secret, pending until a code confirms it. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => answer(api.POST('/api/v1/two-factor/setup'), twoFactorSetupSchema),
  });
}

/** Turns it on, with the recovery codes answered this once. */
export function useConfirmTwoFactor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorCodeBody) =>
      answer(api.POST('/api/v1/two-factor/confirm', { body }), twoFactorRecoveryCodesSchema),
    // A wrong code is said at the code's field (wrongCodeAtField).
    meta: { fieldErrors: ['INVALID_TWO_FACTOR_CODE'] },
    onSuccess: () => {
      showToast({ type: 'success', body: t('twoFactor.turnedOn') });
      return queryClient.invalidateQueries({ queryKey: twoFactorKey });
    },
  });
}

/** Turns it off, with a current code. */
export function useDisableTwoFactor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorCodeBody) => answer(api.POST('/api/v1/two-factor/disable', { body }), null),
    meta: { fieldErrors: ['INVALID_TWO_FACTOR_CODE'] },
    onSuccess: () => {
      showToast({ type: 'success', body: t('twoFactor.turnedOff') });
      return queryClient.invalidateQueries({ queryKey: twoFactorKey });
    },
  });
}

/** An administrator resets a user's second factor. */
export function useResetTwoFactor(userId: number) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () =>
      answer(api.DELETE('/api/v1/users/{id}/two-factor', { params: { path: { id: userId } } }), null),
    onSuccess: () => showToast({ type: 'success', body: t('twoFactor.resetDone') }),
  });
}
