import type { LoginBody } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { loadSchemas } from '../../../lib/load-schemas';
import { getSession, type Session, toSession } from '../../../lib/session-store';

export interface LoginOptions {
  /** The token of the session this login replaces: the server ends that session once the new one starts. */
  replacing?: string | undefined;
}

/** POST /api/v1/auth: the login page sends no token; the session popup sends the one it replaces. */
export async function login(body: LoginBody, { replacing }: LoginOptions = {}): Promise<Session> {
  // Loaded already by the form's validation, except for a login sent without the form.
  const { loginResponseSchema } = await loadSchemas();
  const tokens = await apiRequest('/api/v1/auth', loginResponseSchema, {
    method: 'POST',
    body,
    ...(replacing === undefined ? { authenticated: false } : { token: replacing }),
  });
  const session = await toSession(tokens);
  if (!session) throw new Error('The session token of the login answer is unreadable');
  return session;
}

/** The login page's mutation; `authRequest` keeps a 401 (wrong password) from logging the user out. */
export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => login(body), meta: { authRequest: true } });
}

/** The session popup's mutation: a new login that replaces the current session. */
export function useSessionRefresh() {
  return useMutation({
    mutationFn: (body: LoginBody) => login(body, { replacing: getSession()?.token }),
    meta: { authRequest: true },
  });
}
