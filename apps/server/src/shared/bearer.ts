import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

const JWT_SHAPE = String.raw`[\w-]+\.[\w-]+\.[\w-]+`;
const JWT = new RegExp(`^${JWT_SHAPE}$`);
const BEARER = new RegExp(`^Bearer (${JWT_SHAPE})$`);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route also takes the session token as `?token=`: only for what an EventSource opens, since it
     * cannot send an Authorization header. Logs never show it (logging.ts redacts `token` in URLs).
     */
    tokenInQuery?: boolean;
  }
}

/**
 * The bearer token of a request, or undefined when it sends none. Ambiguous credentials are refused
 * rather than guessed at: Node keeps only the first of several Authorization headers, so they are
 * counted in the raw headers, and a header that is not exactly `Bearer <jwt>` is not a token.
 */
export function readBearer(request: FastifyRequest): string | undefined {
  const { rawHeaders } = request.raw;
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === 'authorization') count++;
  }
  if (count === 0) return undefined;
  if (count > 1) throw new AppError('BAD_REQUEST', 'Send exactly one Authorization header');
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'Invalid Authorization header');
  return match[1];
}

/**
 * The session token of a request: the bearer token, or on a route whose config has `tokenInQuery` the
 * `token` query parameter, checked the same way. Both at once, or the parameter twice, are refused.
 */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const bearer = readBearer(request);
  if (!request.routeOptions.config.tokenInQuery) return bearer;
  const value = (request.query as Record<string, unknown> | undefined)?.token;
  if (value === undefined) return bearer;
  if (typeof value !== 'string') throw new AppError('BAD_REQUEST', 'Send the token parameter once');
  if (bearer !== undefined) throw new AppError('BAD_REQUEST', 'Send the session token once');
  if (!JWT.test(value)) throw new AppError('UNAUTHENTICATED', 'Invalid token parameter');
  return value;
}
