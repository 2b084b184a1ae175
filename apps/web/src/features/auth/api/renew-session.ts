import { apiRequest } from '../../../lib/api-client';
import { loadSchemas } from '../../../lib/load-schemas';
import { type Session, toSession } from '../../../lib/session-store';

/**
 * POST /api/v1/auth/session: renews the session of `session` without the password. The renewal token travels
 * in its HttpOnly cookie; the session's own token, which no other site can read, says the page asks.
 */
export async function renewSession(session: Session): Promise<Session> {
  const { loginResponseSchema } = await loadSchemas();
  const tokens = await apiRequest('/api/v1/auth/session', loginResponseSchema, {
    method: 'POST',
    token: session.token,
  });
  const renewed = await toSession(tokens);
  if (!renewed) throw new Error('The session token of the renewal answer is unreadable');
  return renewed;
}
