import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import { type IssueLike, type ValidationCode, validationCodeOf } from '@portal/contract';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

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
