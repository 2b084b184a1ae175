import type { z } from 'zod';
import { ApiError, sessionAuthorization } from './api-client';

/*
 * Calls the typed client (api/client.ts) cannot make: the board's own interface relayed through the machine proxy
 * (`/proxy/duet/…`, Duet's answers typed by @portal/duet), which carries the same bearer and error answers. Apart
 * from api-client.ts, so that pages without a board (the login page) load none of it.
 */

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
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
  const authorization = sessionAuthorization();
  if (authorization) headers.set('Authorization', authorization);
  return headers;
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
 * Calls the machine proxy on the same origin and validates the answer with `schema`.
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
