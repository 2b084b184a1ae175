import { ERROR_CODES, type ErrorCode } from './error-codes.ts';

/**
 * The catalog of the API's error codes (error-codes.ts lists them): the HTTP status of each and the English
 * message used when nothing more specific is said. Codes are stable: the web client translates them, so never
 * rename one. The error handler and OpenAPI derive from this table; the web client needs the codes alone.
 */
export const ERROR_CATALOG = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid' },
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid' },
  /** A password recovery link that is wrong, expired, already used, or for another address. */
  INVALID_RECOVERY_TOKEN: { status: 400, message: 'This password recovery link is not valid' },
  UNAUTHENTICATED: { status: 401, message: 'Authentication required' },
  SESSION_EXPIRED: { status: 401, message: 'Session expired' },
  /** Logged out, or ended by a password, role or business change: the token is no longer accepted. */
  SESSION_ENDED: { status: 401, message: 'This session has ended' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  /** A wrong code of the authenticator app, or a recovery code not (or no longer) valid. */
  INVALID_TWO_FACTOR_CODE: { status: 400, message: 'The code is not valid' },
  ACCOUNT_DISABLED: { status: 403, message: 'This account is disabled' },
  BUSINESS_SUSPENDED: { status: 403, message: 'The business of this account is suspended' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  /** Machine proxy: the customer path runs the machine; its configuration, firmware and network need the admin path. */
  ADMIN_PATH_ONLY: { status: 403, message: 'Only the administrator path of this machine may do this' },
  /** The machine's licence is missing or expired: only administrators still reach it. */
  LICENSE_EXPIRED: { status: 403, message: 'The licence of this machine is not valid' },
  /** Consent (docs/design.md §11): this business's machines change for outside staff only in an accepted session. */
  SERVICE_SESSION_REQUIRED: {
    status: 403,
    message: 'Remote control of this machine needs a service session accepted by its business',
  },
  /** Consent (docs/design.md §11): an account the operator's staff created or changed, until its owner recovers it. */
  CONSENT_OWNER_UNCONFIRMED: {
    status: 403,
    message:
      "An account the operator's staff created or changed does not change consent until its owner sets a password through password recovery",
  },
  NOT_FOUND: { status: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  /**
   * The request clashes with the current state: deleting something others still depend on (a business with users, a
   * type in use), a name already taken, a machine busy or a queue's job that has ended meanwhile.
   */
  CONFLICT: { status: 409, message: 'This conflicts with the current state' },
  EMAIL_TAKEN: { status: 409, message: 'A user with this email already exists' },
  TWO_FACTOR_ON: { status: 409, message: 'Two-factor sign-in is already on' },
  TWO_FACTOR_OFF: { status: 409, message: 'Two-factor sign-in is not on' },
  SERVICE_SESSION_OPEN: {
    status: 409,
    message: 'A service session on this machine is already requested or open for you',
  },
  SERVICE_SESSION_CLOSED: { status: 409, message: 'This service session can no longer change' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The content type of the request is not supported' },
  TOO_MANY_LOGIN_ATTEMPTS: { status: 429, message: 'Too many failed login attempts' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests' },
  INTERNAL_ERROR: { status: 500, message: 'Internal server error' },
  SERVER_BUSY: { status: 503, message: 'The server is busy; try again shortly' },
  /** An upload the server would have to keep on a disk without room for it. */
  INSUFFICIENT_STORAGE: { status: 507, message: 'The server has no room for this upload now' },
  NOT_READY: { status: 503, message: 'The service is not ready' },
  /** Machine proxy: the machine's gateway has no tunnel open (docs/design.md §5). */
  GATEWAY_OFFLINE: { status: 502, message: 'The gateway of this machine is offline' },
  /** Machine proxy: the gateway is online but cannot reach the board. */
  BOARD_OFFLINE: { status: 503, message: 'The board of this machine is offline' },
  /** Machine proxy: the board did not answer in time. */
  BOARD_TIMEOUT: { status: 504, message: 'The board of this machine did not answer in time' },
} as const satisfies Record<ErrorCode, { status: number; message: string }>;

/** The codes answered with `status`, in the order of the list. */
export const errorCodesWithStatus = (status: number): ErrorCode[] =>
  ERROR_CODES.filter((code) => ERROR_CATALOG[code].status === status);

/**
 * The code of an answer the framework gives for `status` (a malformed URL, an unknown route, a body of
 * the wrong type): the first catalog code with that status, else the generic one of its class.
 */
export function genericErrorCode(status: number): ErrorCode {
  return errorCodesWithStatus(status)[0] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}
