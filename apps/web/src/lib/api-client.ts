import { type ErrorCode, isErrorCode, VALIDATION_CODES, type ValidationCode } from '@portal/contract';
import type { z } from 'zod';
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** False for calls that must not carry (or check) the session token, such as the login itself. */
  authenticated?: boolean;
  /**
   * Carries this token instead of the current session's, without the local expiry check: the logout,
   * sent after the session is forgotten, and the popup's refresh, so the server ends the session it replaces.
   */
  token?: string;
  /** Headers of the call itself, such as the board session key of a call through the machine proxy. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The headers of an API call: no-cache, the JSON type when there is a body, and the session's bearer. */
export function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    ...options.headers,
  });
  // Only with a body: Fastify refuses a JSON content type on an empty DELETE.
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.token !== undefined) {
    headers.set('Authorization', `Bearer ${options.token}`);
  } else if (options.authenticated !== false) {
    const authorization = sessionAuthorization();
    if (authorization) headers.set('Authorization', authorization);
  }
  return headers;
}

/**
 * The current session's `Authorization` value, for requests `apiRequest` cannot make (an upload whose
 * progress only XMLHttpRequest reports); undefined when logged out. Throws for a token already expired.
 */
export function sessionAuthorization(): string | undefined {
  const session = getSession();
  if (!session) return undefined;
  if (isExpired(session.claims, Date.now())) throw new SessionExpiredError();
  return `Bearer ${session.token}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls the API on the same origin and validates the answer with the contract's schema.
 * It only throws: toasts, logouts and redirects are decided by the query cache's error handlers.
 */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  options?: RequestOptions,
): Promise<z.output<Schema>>;
export async function apiRequest(path: string, schema: null, options?: RequestOptions): Promise<void>;
export async function apiRequest(
  path: string,
  schema: z.ZodType | null,
  options: RequestOptions = {},
): Promise<unknown> {
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers: buildHeaders(options),
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
    credentials: 'same-origin',
  });
  const payload = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, payload);
  return schema ? schema.parse(payload) : undefined;
}

/**
 * Posts plain text (a G-code to DSF's `machine/code` through the machine proxy) and answers the body as text,
 * or throws the same ApiError as apiRequest.
 */
export async function apiPostText(path: string, text: string, options: RequestOptions = {}): Promise<string> {
  const headers = buildHeaders(options);
  headers.set('Content-Type', 'text/plain');
  headers.set('Accept', 'text/plain, application/json');
  const response = await fetch(path, {
    method: 'POST',
    headers,
    body: text,
    signal: options.signal ?? null,
    credentials: 'same-origin',
  });
  if (!response.ok) throw new ApiError(response.status, await readJson(response));
  return response.text();
}
