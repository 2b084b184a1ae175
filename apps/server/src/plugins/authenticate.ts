import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { SessionSubject } from '../modules/auth/token.service.ts';
import { unauthenticated } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` on every route that requires a session. */
    session: SessionSubject | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that require a session: Bearer token, user enabled, business active. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** The session of an authenticated request; a route without `app.authenticate` has none. */
export function sessionOf(request: FastifyRequest): SessionSubject {
  if (!request.session) throw unauthenticated();
  return request.session;
}

export const authenticatePlugin = fp(async (app: FastifyInstance, options: { auth: AuthService }) => {
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw unauthenticated();
    request.session = await options.auth.authenticate(match[1]);
  });
});
