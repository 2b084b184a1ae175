import { answer, api, bearer } from '../../../lib/api/client';
import { loadSchemas } from '../../../lib/load-schemas';
import { type Session, toSession } from '../../../lib/session-store';

/**
 * Renews the session of `session` without the password. The renewal token travels
 * in its HttpOnly cookie; the session's own token, which no other site can read, says the page asks.
 */
export async function renewSession(session: Session): Promise<Session> {
  const { loginResponseSchema } = await loadSchemas();
  const tokens = await answer(
    api.POST('/api/v1/auth/session', { headers: bearer(session.token) }),
    loginResponseSchema,
  );
  const renewed = await toSession(tokens);
  if (!renewed) throw new Error('The session token of the renewal answer is unreadable');
  return renewed;
}
