import { type ErrorCode, isErrorCode, VALIDATION_CODES, type ValidationCode } from '@portal/contract';
import { isExpired } from './session';
import { getSession } from './session-store';

/** An error answer of the API; `body` is the raw JSON, normally `{ statusCode, error, code, message }`. */
export class ApiError extends Error {
  readonly status: number;
  /** The catalog code of the answer; undefined when the body names none (a proxy, a crashed server). */
  readonly code: ErrorCode | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const code = readString(body, 'code');
    super(readString(body, 'message') ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = isErrorCode(code) ? code : undefined;
    this.body = body;
  }
}

/** The first stable validation code the server gave for `field` in a VALIDATION_FAILED answer, if any. */
export function fieldCodeOf(error: unknown, field: string): ValidationCode | undefined {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return undefined;
  const fields = (error.body as { fields?: Record<string, unknown> } | null)?.fields;
  const codes = fields?.[field];
  const first = Array.isArray(codes) ? codes[0] : undefined;
  return (VALIDATION_CODES as readonly unknown[]).includes(first) ? (first as ValidationCode) : undefined;
}

/** Thrown instead of sending a request whose session token has already expired (docs/product.md §4). */
export class SessionExpiredError extends Error {
  constructor() {
    super('The session has expired; the request was not sent');
    this.name = 'SessionExpiredError';
  }
}

function readString(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The current session's `Authorization` value, for requests the clients cannot make (an upload whose
 * progress only XMLHttpRequest reports); undefined when logged out. Throws for a token already expired.
 */
export function sessionAuthorization(): string | undefined {
  const session = getSession();
  if (!session) return undefined;
  if (isExpired(session.claims, Date.now())) throw new SessionExpiredError();
  return `Bearer ${session.token}`;
}
