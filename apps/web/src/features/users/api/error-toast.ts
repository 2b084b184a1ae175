import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { formatErrorLines } from '../../../lib/error-message';
import { translateDeletionErrorCode, translateErrorCode, translateValidation } from '../../../lib/i18n';
import { sessionEndReasonOf } from '../../../lib/session-end';
import { showToast } from '../../../lib/toast-store';

/**
 * The danger toast of a failed users call whose mutation is `silent`, under its own header ('Cannot
 * delete user'): the same lines the global handler shows (docs/product.md §8). A call that ended
 * the session shows nothing: the global handler has already logged out. A `deletion`'s 409 says the user is still
 * in use, as the global handler's deletions do.
 */
export function showUserErrorToast(
  error: unknown,
  t: TFunction,
  header: string,
  { deletion = false }: { deletion?: boolean } = {},
) {
  if (sessionEndReasonOf(error, false)) return;
  const translateCode = deletion ? translateDeletionErrorCode : translateErrorCode;
  const lines =
    error instanceof ApiError ? formatErrorLines(error.body, translateCode, translateValidation) : null;
  showToast({
    type: 'danger',
    header,
    body: lines ? lines.join('\n') : t('toast.undefinedError'),
  });
}
