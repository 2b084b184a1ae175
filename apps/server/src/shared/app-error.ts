import { ERROR_CATALOG, type ErrorCode, type FieldMessages } from '@portal/contract';

/**
 * The one error type a route or service throws for an expected failure. The error handler turns it
 * into the body of DESIGN.md section 3; the status comes from the contract's catalog.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: FieldMessages | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string = ERROR_CATALOG[code].message,
    options: { fields?: FieldMessages; headers?: Record<string, string> } = {},
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
