/**
 * The error codes the API answers with, alone: what the web client needs to recognise and translate one.
 * Their statuses and the server's English messages are in errors.ts, which must name exactly these codes
 * (its table is checked against this list), so that browsers do not download the server's messages.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_RECOVERY_TOKEN',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'SESSION_ENDED',
  'INVALID_CREDENTIALS',
  'INVALID_TWO_FACTOR_CODE',
  'ACCOUNT_DISABLED',
  'BUSINESS_SUSPENDED',
  'FORBIDDEN',
  'ADMIN_PATH_ONLY',
  'LICENSE_EXPIRED',
  'SERVICE_SESSION_REQUIRED',
  'CONSENT_OWNER_UNCONFIRMED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'EMAIL_TAKEN',
  'TWO_FACTOR_ON',
  'TWO_FACTOR_OFF',
  'SERVICE_SESSION_OPEN',
  'SERVICE_SESSION_CLOSED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_LOGIN_ATTEMPTS',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'SERVER_BUSY',
  'INSUFFICIENT_STORAGE',
  'NOT_READY',
  'GATEWAY_OFFLINE',
  'BOARD_OFFLINE',
  'BOARD_TIMEOUT',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<unknown> = new Set(ERROR_CODES);

export const isErrorCode = (code: unknown): code is ErrorCode => KNOWN.has(code);
