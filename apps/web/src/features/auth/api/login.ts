import { type LoginBody, loginResponseSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type Session, toSession } from '../../../lib/session-store';

/** POST /api/v1/auth: never carries the current token, so it also works to refresh an expiring session. */
export async function login(body: LoginBody): Promise<Session> {
  const tokens = await apiRequest('/api/v1/auth', loginResponseSchema, {
    method: 'POST',
    body,
    authenticated: false,
  });
  const session = toSession(tokens);
  if (!session) throw new Error('The session token of the login answer is unreadable');
  return session;
}

/** The login mutation; `authRequest` keeps a 401 (wrong password) from logging the user out. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { authRequest: true } });
}
