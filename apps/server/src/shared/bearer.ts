import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/;

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
