import { type IssueLike, type ValidationCode, validationCodeOf } from '@portal/contract';

/** The issue fields this mapping needs; zod's issues carry more. */
export type FormIssue = IssueLike;

/** Catalog keys of the messages shown under form fields: one per stable validation code of the contract. */
export type ValidationKey = `validation.${ValidationCode}`;

/**
 * Maps a zod issue to a catalog key through the contract's stable validation code, so the contract's
 * schemas validate forms in the user's language and every code the server can answer has its message.
 * An empty input is always "required", whatever rule it broke first.
 */
export function validationKey(issue: FormIssue): ValidationKey {
  return `validation.${validationCodeOf(issue)}`;
}
