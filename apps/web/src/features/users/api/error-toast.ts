import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { formatErrorLines } from '../../../lib/error-message';
import { translateErrorCode, translateValidation } from '../../../lib/i18n';
import { sessionEndReasonOf } from '../../../lib/session-end';
import { showToast } from '../../../lib/toast-store';

export interface UserErrorToast {
  /** The toast's header; the generic 'Error' when absent. */
  header?: string;
  /** What a 409 means for this call, when the generic "still in use" would mislead (an email taken). */
  conflict?: string;
}

/**
 * The danger toast of a failed users call whose mutation is `silent`: the same lines the global handler
 * shows (specification section 8), with this call's own header and meaning of a conflict. A call that
 * ended the session shows nothing: the global handler has already logged out.
 */
export function showUserErrorToast(error: unknown, t: TFunction, { header, conflict }: UserErrorToast = {}) {
  if (sessionEndReasonOf(error, false)) return;
  const lines =
    error instanceof ApiError
      ? error.code === 'CONFLICT' && conflict
        ? [conflict]
        : formatErrorLines(error.body, translateErrorCode, translateValidation)
      : null;
  showToast({
    type: 'danger',
    header: header ?? t('toast.error'),
    body: lines ? lines.join('\n') : t('toast.undefinedError'),
  });
}
