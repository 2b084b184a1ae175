import { type FieldCodes, type FieldMessages, validationCodeOf } from '@portal/contract';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { z } from 'zod';

const ISSUE = Symbol('zod issue');

interface IssueError extends FastifySchemaValidationError {
  [ISSUE]: z.core.$ZodIssue;
}

/** Deeper than any request the contract describes; nesting beyond it is left to the schema to refuse. */
const MAX_SCAN_DEPTH = 32;

/**
 * Strings holding U+0000, which PostgreSQL text cannot store: refused as field errors here, for every
 * route at once, instead of failing in the database with a 500.
 */
function nulIssues(
  data: unknown,
  path: PropertyKey[] = [],
  found: z.core.$ZodIssue[] = [],
): z.core.$ZodIssue[] {
  if (typeof data === 'string') {
    if (data.includes('\u0000')) {
      found.push({
        code: 'custom',
        path,
        input: data,
        message: 'Must not contain NUL characters',
        params: { code: 'invalidFormat' },
      });
    }
  } else if (data !== null && typeof data === 'object' && path.length < MAX_SCAN_DEPTH) {
    for (const [key, value] of Object.entries(data)) nulIssues(value, [...path, key], found);
  }
  return found;
}

const asValidationError = (issues: readonly z.core.$ZodIssue[]) => {
  const validation = issues.map(
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

/**
 * Validates params, query and body with their zod schemas. Unlike the type provider's own compiler it
 * keeps each issue's input, so the error handler can tell "required" from "invalid" and answer stable
 * codes beside the English messages.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const nul = nulIssues(data);
    if (nul.length > 0) return asValidationError(nul);
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : asValidationError(result.error.issues);
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
