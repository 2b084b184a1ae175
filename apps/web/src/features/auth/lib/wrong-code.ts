import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';

/**
 * A two-factor code the server refused (INVALID_TWO_FACTOR_CODE), said under the code's field, which is emptied
 * for the next one; the call names the code in `meta.fieldErrors`, so no toast repeats it. Other errors are the
 * toast's. (Not `lib/form-errors.ts`: the sign-in page loads no schema code.)
 */
export function wrongCodeAtField(form: UseFormReturn<{ code: string }>, error: unknown): void {
  if (!(error instanceof ApiError) || error.code !== 'INVALID_TWO_FACTOR_CODE') return;
  form.setValue('code', '');
  form.setError('code', { message: i18n.t('errors.INVALID_TWO_FACTOR_CODE') }, { shouldFocus: true });
}
