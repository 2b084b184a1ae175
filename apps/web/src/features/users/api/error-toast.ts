import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { formatErrorLines } from '../../../lib/error-message';
import { translateErrorCode, translateValidation } from '../../../lib/i18n';
import { sessionEndReasonOf } from '../../../lib/session-end';
import { showToast } from '../../../lib/toast-store';

/**
 * The danger toast of a failed users call whose mutation is `silent`, under its own header ('Cannot
 * delete user'): the same lines the global handler shows (docs/product.md §8). A call that ended
 * the session shows nothing: the global handler has already logged out.
 */
export function showUserErrorToast(error: unknown, t: TFunction, header: string) {
  if (sessionEndReasonOf(error, false)) return;
  const lines =
    error instanceof ApiError ? formatErrorLines(error.body, translateErrorCode, translateValidation) : null;
  showToast({
    type: 'danger',
    header,
    body: lines ? lines.join('\n') : t('toast.undefinedError'),
  });
}
