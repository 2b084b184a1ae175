import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import { type ErrorCode, type IssueLike, type ValidationCode, validationCodeOf } from '@portal/contract';
import type { FieldError, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, fieldCodeOf } from './api-client';
import { i18n } from './i18n';

/** The issue fields this mapping needs; zod's issues carry more. */
export type FormIssue = IssueLike;

/** Catalog keys of the messages shown under form fields: one per stable validation code. */
export type ValidationKey = `validation.${ValidationCode}`;

/**
 * Maps a zod issue to a catalog key through the contract's stable code, so forms and the server's
 * VALIDATION_FAILED answers speak the same translated language. An empty input is always "required".
 */
export function validationKey(issue: FormIssue): ValidationKey {
  return `validation.${validationCodeOf(issue)}`;
}

/**
 * A react-hook-form resolver validating with a contract schema and showing, under each field, the
 * translation of its first issue's stable code. Unlike an error map, it also replaces the English
 * messages the contract writes into its own rules (password rule, 'Password do not match'…).
 */
export function translatedResolver<Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
  translate: (key: ValidationKey) => string,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= { type: issue.code, message: translate(validationKey(issue as FormIssue)) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * Puts a failed call's field messages beside the form's fields: a VALIDATION_FAILED answer's codes under the
 * fields it names, and the errors of `byCode` (EMAIL_TAKEN…) under theirs. True when the error was shown so; the
 * caller's mutation then names the same codes in `meta.fieldErrors`, so no toast repeats it.
 */
export function showFieldErrors<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, FieldValues>,
  error: unknown,
  byCode: Partial<Record<ErrorCode, Path<Values>>>,
): boolean {
  if (!(error instanceof ApiError) || !error.code) return false;
  const field = byCode[error.code];
  if (field) {
    form.setError(field, { message: i18n.t(`errors.${error.code}`) }, { shouldFocus: true });
    return true;
  }
  if (error.code !== 'VALIDATION_FAILED') return false;
  const fields = Object.keys((error.body as { fields?: Record<string, unknown> } | null)?.fields ?? {});
  const known = fields.filter((name) => name in form.getValues());
  for (const name of known) {
    const code = fieldCodeOf(error, name);
    form.setError(name as Path<Values>, {
      message: i18n.t(code ? `validation.${code}` : 'validation.invalid'),
    });
  }
  return known.length > 0;
}
