import { type FieldCodes, type FieldMessages, validationCodeOf } from '@portal/contract';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { z } from 'zod';

const ISSUE = Symbol('zod issue');

interface IssueError extends FastifySchemaValidationError {
  [ISSUE]: z.core.$ZodIssue;
}

/**
 * Validates params, query and body with their zod schemas. Unlike the type provider's own compiler it
 * keeps each issue's input, so the error handler can tell "required" from "invalid" and answer stable
 * codes beside the English messages.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const validation = result.error.issues.map(
      (issue): IssueError => ({
        [ISSUE]: issue,
        keyword: issue.code,
        instancePath: `/${issue.path.join('/')}`,
        schemaPath: '',
        params: {},
        message: issue.message,
      }),
    );
    return { error: Object.assign(new Error('Validation failed'), { validation }) };
  };

export interface FieldErrors {
  messages: FieldMessages;
  codes: FieldCodes;
}

/** The messages and codes of a validation failure, per field ('body', 'query'… when the whole part failed). */
export function fieldErrorsOf(
  validation: readonly FastifySchemaValidationError[],
  context: string | undefined,
): FieldErrors | undefined {
  const issues = validation.filter((entry): entry is IssueError => ISSUE in entry);
  if (issues.length === 0) return undefined;
  const messages: FieldMessages = {};
  const codes: FieldCodes = {};
  for (const entry of issues) {
    const issue = entry[ISSUE];
    const field = issue.path.map(String).join('.') || context || 'request';
    const code = validationCodeOf(issue as Parameters<typeof validationCodeOf>[0]);
    messages[field] = [...(messages[field] ?? []), issue.message];
    codes[field] = [...(codes[field] ?? []), code];
  }
  return { messages, codes };
}
