import type { Client, Middleware } from 'openapi-fetch';
import type { z } from 'zod';
import { ApiError, sessionAuthorization } from '../api-client';
import type { paths } from './openapi';

/**
 * The session's bearer on each call that carries no `Authorization` of its own (the logout's and the session
 * popup's, which name the token they end). Throws SessionExpiredError instead of sending an expired one.
 */
const sessionBearer: Middleware = {
  onRequest({ request }) {
    if (request.headers.has('Authorization')) return undefined;
    const authorization = sessionAuthorization();
    if (authorization) request.headers.set('Authorization', authorization);
    return request;
  },
};

/** A query string as lib/query-string.ts writes it: undefined values left out, keys in the object's order. */
function searchOf(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
}

/** The calls the web app makes, as openapi-fetch's client has them. */
export type ApiClient = Pick<Client<paths>, 'GET' | 'POST' | 'PUT' | 'DELETE'>;

async function loadClient(baseUrl: string, authenticated: boolean): Promise<Client<paths>> {
  const { default: createClient } = await import('openapi-fetch');
  const client = createClient<paths>({
    baseUrl,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Cache-Control': 'no-cache' },
    querySerializer: searchOf,
    // The page's fetch as it is at each call, not as it was when this module loaded.
    fetch: (request) => globalThis.fetch(request),
  });
  if (authenticated) client.use(sessionBearer);
  return client;
}

/**
 * A client of the API typed by the OpenAPI document the server serves (`openapi.d.ts`, `npm run api:generate`):
 * no-cache JSON calls on `baseUrl` ('' is the page's own origin), with the session's bearer when `authenticated`.
 * openapi-fetch loads with the first call, so a page that calls nothing at first (the login page) carries none of it.
 */
export function createApiClient(baseUrl: string, { authenticated }: { authenticated: boolean }): ApiClient {
  let client: Promise<Client<paths>> | undefined;
  const loaded = () => {
    client ??= loadClient(baseUrl, authenticated).catch((error: unknown) => {
      // A chunk that failed to load is asked for again by the next call.
      client = undefined;
      throw error;
    });
    return client;
  };
  const method =
    (name: keyof ApiClient) =>
    (...args: unknown[]) =>
      loaded().then((ready) => (ready[name] as (...call: unknown[]) => Promise<unknown>)(...args));
  return {
    GET: method('GET'),
    POST: method('POST'),
    PUT: method('PUT'),
    DELETE: method('DELETE'),
  } as ApiClient;
}

/** The API with the current session's bearer. */
export const api = createApiClient('', { authenticated: true });
/** The API without a session: the login, the operator's public record, password recovery. */
export const publicApi = createApiClient('', { authenticated: false });

/** The `Authorization` header of a call that names its session's token itself (see sessionBearer). */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Outcome {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The body of an error answer as ApiError keeps it: the JSON, or the text, or undefined when empty. */
const errorBodyOf = (error: unknown) => (error === '' ? undefined : error);

/**
 * A call's answer validated with the contract's schema, or an ApiError for an error answer (the portal's
 * `{ statusCode, error, code, message }`). It only throws: toasts, logouts and redirects are decided by the
 * query cache's error handlers (app/query-client.ts).
 */
export async function answer<Schema extends z.ZodType>(
  call: Promise<Outcome>,
  schema: Schema,
): Promise<z.output<Schema>>;
export async function answer(call: Promise<Outcome>, schema: null): Promise<void>;
export async function answer(call: Promise<Outcome>, schema: z.ZodType | null): Promise<unknown> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, errorBodyOf(error));
  return schema ? schema.parse(data) : undefined;
}

/** The options of a call for bytes (an image, a CSV file): any type accepted, the body read as a Blob. */
export const asBytes = { parseAs: 'blob', headers: { Accept: '*/*' } } as const;

/** A call's bytes (made with `asBytes`), or the same ApiError as `answer`. */
export async function answerBlob(call: Promise<Outcome>): Promise<Blob> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, errorBodyOf(error));
  // An empty answer (a 204, a zero length) is an empty file, as Response.blob() reads it.
  return (data as Blob | undefined) ?? new Blob([]);
}

/** The query parameters of a GET route, as the server's OpenAPI document has them. */
export type QueryOf<Path extends keyof paths> = paths[Path] extends {
  get: { parameters: { query?: infer Query } };
}
  ? NonNullable<Query>
  : never;

/** The address of a GET route for what cannot call it through the client (an EventSource), with its query. */
export const urlOf = <Path extends keyof paths>(path: Path, query: QueryOf<Path>): string => {
  const search = searchOf(query as Record<string, unknown>);
  return search === '' ? path : `${path}?${search}`;
};
