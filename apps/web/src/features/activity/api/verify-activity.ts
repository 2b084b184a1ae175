import { type ActivityVerification, activityVerificationSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/activity/verify (administrators): the chain recomputed over the whole record. */
export const verifyActivity = (): Promise<ActivityVerification> =>
  apiRequest('/api/v1/activity/verify', activityVerificationSchema, { method: 'POST' });

export function useVerifyActivity() {
  return useMutation({ mutationFn: verifyActivity });
}
