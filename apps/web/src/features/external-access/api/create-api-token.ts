import { type ApiTokenRequest, apiTokenSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { answer, api } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';

/**
 * The token's answer with its access level read as it comes: one this app does not know is shown as
 * 'Invalid token type' by the token's dialog, not refused as a broken answer.
 */
const issuedTokenSchema = apiTokenSchema.extend({ level: z.unknown() });
export type IssuedToken = z.infer<typeof issuedTokenSchema>;

/** A slicer token; the route's `id` is the machine's computer controller. */
export const createApiToken = (controllerId: number, body: ApiTokenRequest): Promise<IssuedToken> =>
  answer(
    api.POST('/api/v1/customer/printer/duet/{id}/token', { params: { path: { id: controllerId } }, body }),
    issuedTokenSchema,
  );

export function useCreateApiToken(controllerId: number) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: ApiTokenRequest) => createApiToken(controllerId, body),
    // The message of docs/product.md §8 for a machine the server does not know; other errors as usual.
    meta: { silent: true },
    onError: (error) => {
      const code = error instanceof ApiError ? error.code : undefined;
      const body =
        code === 'NOT_FOUND'
          ? t('externalAccess.toast.controllerNotFound')
          : code
            ? t(`errors.${code}`)
            : t('externalAccess.toast.createFailed');
      showToast({ type: 'danger', body });
    },
  });
}
