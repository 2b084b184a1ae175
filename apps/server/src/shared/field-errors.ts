import type { FieldCodes, FieldMessages, ValidationCode } from '@portal/contract';
import { AppError } from './app-error.ts';

/** One broken rule on one field, found by a service (a reference to something missing). */
export interface FieldProblem {
  field: string;
  code: ValidationCode;
  message: string;
}

/**
 * Throws one VALIDATION_FAILED naming every field in `problems`, so a form learns all of them at once;
 * does nothing when there are none.
 */
export function throwIfInvalid(problems: readonly (FieldProblem | undefined)[]): void {
  const found = problems.filter((problem): problem is FieldProblem => problem !== undefined);
  if (found.length === 0) return;
  const messages: FieldMessages = {};
  const codes: FieldCodes = {};
  for (const { field, code, message } of found) {
    messages[field] = [...(messages[field] ?? []), message];
    codes[field] = [...(codes[field] ?? []), code];
  }
  throw new AppError('VALIDATION_FAILED', undefined, { fields: { messages, codes } });
}
