import {
  ERROR_CATALOG,
  type ErrorCode,
  type FieldCodes,
  type FieldMessages,
  type ValidationCode,
} from '@portal/contract';

/**
 * The one error type a route or service throws for an expected failure. The error handler turns it
 * into the body of docs/design.md §3; the status comes from the contract's catalog.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** For VALIDATION_FAILED found by a service (a rule no schema can check): per field, messages and codes. */
  readonly fields: { messages: FieldMessages; codes: FieldCodes } | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string = ERROR_CATALOG[code].message,
    options: {
      fields?: { messages: FieldMessages; codes: FieldCodes };
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_CATALOG[code].status;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const unauthenticated = (message?: string) => new AppError('UNAUTHENTICATED', message);

/** A validation failure a service finds (a role the creator may not give): one field, one code. */
export const invalidField = (field: string, code: ValidationCode, message: string) =>
  new AppError('VALIDATION_FAILED', undefined, {
    fields: { messages: { [field]: [message] }, codes: { [field]: [code] } },
  });

/** Deleting something others still depend on. */
export const conflict = (message: string) => new AppError('CONFLICT', message);
