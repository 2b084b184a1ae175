import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../shared/app-error.ts';
import { readSessionToken } from '../shared/bearer.ts';
import type { SessionSubject } from '../shared/session.ts';

export interface AuthenticateOptions {
  /** Checks a session token and returns who it acts as; throws an AppError otherwise. */
  verify(token: string): Promise<SessionSubject>;
}

/**
 * Makes the scope it is registered in authenticated: before anything is parsed or validated, every
 * request must carry one valid session token. Register it inside the authenticated scope only.
 */
export const authenticatePlugin = fp(async (app: FastifyInstance, { verify }: AuthenticateOptions) => {
  if (!app.hasRequestDecorator('session')) app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const token = readSessionToken(request);
    if (!token) throw unauthenticated();
    request.session = await verify(token);
  });
});
