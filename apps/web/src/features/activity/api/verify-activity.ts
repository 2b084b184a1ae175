import { type ActivityVerification, activityVerificationSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';

/** Administrators only: the chain recomputed over the whole record. */
export const verifyActivity = (): Promise<ActivityVerification> =>
  answer(api.POST('/api/v1/activity/verify'), activityVerificationSchema);

export function useVerifyActivity() {
  return useMutation({ mutationFn: verifyActivity });
}
