import type { Role } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from './app-error.ts';

/** Who an authenticated request acts as, re-read from the database on every call. */
export interface SessionSubject {
  id: number;
  role: Role;
  business: number;
  /** The server-side session, so that it can be ended (logout) before its token expires. */
  sessionId: string;
}

/** A live session's subject and when the session ends (milliseconds since the epoch). */
export interface CheckedSession {
  subject: SessionSubject;
  endsAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticated scope's onRequest hook before anything else runs. */
    session: SessionSubject | null;
  }
}

/** The session of a request in the authenticated scope. */
export function sessionOf(request: FastifyRequest): SessionSubject {
  if (!request.session) throw unauthenticated();
  return request.session;
}
