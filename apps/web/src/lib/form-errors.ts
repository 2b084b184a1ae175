import { type IssueLike, type ValidationCode, validationCodeOf } from '@portal/contract';

/** The issue fields this mapping needs; zod's issues carry more. */
export type FormIssue = IssueLike;

/** Catalog keys of the messages shown under form fields: one per stable validation code. */
export type ValidationKey = `validation.${ValidationCode}`;

/**
 * Maps a zod issue to a catalog key through the contract's stable codes, the same codes the server
 * answers, so every rule of a contract schema reads in the user's language. An empty input is always
 * "required", whatever rule it broke first.
 */
export function validationKey(issue: FormIssue): ValidationKey {
  return `validation.${validationCodeOf(issue)}`;
}
